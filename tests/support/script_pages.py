"""Pages whose text only appears once their script runs, for the browser-rendering tests and bench.

``add_script_app(server)`` serves a React-like shell at ``/app``: an empty ``<div id="root">``, a
``<noscript>`` asking for JavaScript, and ``/app.js``, which fetches ``/data.json`` and writes its
paragraphs into the root. Without running the script a reader sees none of that text.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.support.page_server import Page, PageServer

CHROMIUM = "/usr/bin/chromium"
#: Words that only the script puts on the page.
SCRIPT_ONLY_TEXT = "Rendered by the script: the relay keeps answering when a provider fails"
#: What the blocked subresource would write if it ever ran.
LEAKED_TEXT = "LEAKED-FROM-A-PRIVATE-ADDRESS"
_PARAGRAPHS = [f"{SCRIPT_ONLY_TEXT}, paragraph {i}, with enough words to read like prose." for i in range(1, 9)]

_APP_JS = """
fetch('/data.json').then(function (answer) { return answer.json(); }).then(function (data) {
  var root = document.getElementById('root');
  var title = document.createElement('h1');
  title.textContent = data.title;
  root.appendChild(title);
  data.paragraphs.forEach(function (text) {
    var p = document.createElement('p');
    p.textContent = text;
    root.appendChild(p);
  });
});
"""


def shell_html(extra: str = "") -> str:
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Relay app</title></head><body>"
        "<noscript>You need to enable JavaScript to run this app.</noscript>"
        f"<div id='root'></div><script src='/app.js'></script>{extra}</body></html>"
    )


def add_script_app(server: PageServer, path: str = "/app", extra: str = "") -> PageServer:
    data = json.dumps({"title": "Relay field notes", "paragraphs": _PARAGRAPHS}).encode()
    server.add(path, Page(shell_html(extra).encode()))
    server.add("/app.js", Page(_APP_JS.encode(), content_type="application/javascript"))
    return server.add("/data.json", Page(data, content_type="application/json"))


def chromium_missing() -> str | None:
    """Why the real-browser tests cannot run here, or None when they can."""
    if not os.access(CHROMIUM, os.X_OK):
        return "Debian's chromium is not installed (the README's test command installs it)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    return None


def browser_pids(parent: int) -> list[int]:
    """The Chromium browser processes (not its renderers or helpers) started under ``parent``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, stack = [], [parent]
    while stack:
        for child in children.get(stack.pop(), []):
            stack.append(child)
            try:
                argv = (Path("/proc") / str(child) / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if argv and argv[0].endswith(b"chromium") and not any(a.startswith(b"--type=") for a in argv):
                found.append(child)
    return found
