"""Is a fetched HTML page a JavaScript shell, whose content only appears once its scripts run?

Pure, standard library only. The verdict needs little extracted text AND a structural sign:
an app root (``<div id="root">``, ``id="__next"``, ``<app-root>``...) with no text in it, a
``<noscript>`` asking the reader to turn JavaScript on, a page that is mostly script bytes, or
nothing readable at all from a page that runs scripts (an app that names its root otherwise,
a forum showing a splash until its scripts load the posts).
Little text alone is not enough: a short page (a redirect notice, a one-line answer) is not a shell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

#: Below this many characters of extracted text a page may be a shell; above it, it has content.
LITTLE_TEXT_CHARS = 200
#: Only the start of a page is looked at: the markers sit near the top, and parsing stays cheap.
SCAN_CHARS = 1_000_000
#: Script bytes over all bytes from which a page with little text counts as script-heavy.
SCRIPT_HEAVY_RATIO = 0.5
# Where frameworks mount the app; ``d-splash`` is the wordless splash Discourse (the most common
# forum software) shows until its scripts replace it with the thread.
_APP_ROOT_IDS = frozenset(
    {"root", "app", "__next", "__nuxt", "___gatsby", "svelte", "q-app", "react-root", "app-root", "d-splash"}
)
_APP_ROOT_TAGS = frozenset({"app-root"})  # Angular's default root element
# Scripts a browser runs; JSON-LD and other data blocks are not code (static pages carry them too).
_CODE_TYPES = frozenset({"", "text/javascript", "application/javascript", "module", "text/ecmascript"})
# A Markdown link's target, plain or in angle brackets: an address, not words a reader sees. The
# last alternative is a target never closed on its line: taken whole and left as it is, since a
# try at any "](" after it on that line fails too (tried at each, a line of 40,000 "](" took 2 s).
_LINK_TARGET = re.compile(r"\](?:\((?:<[^<>\n]*>\)|[^)\n]*\))|(\([^)\n]*+))")
_ASKS_FOR_SCRIPT = re.compile(
    r"(enable|turn on|activate|allow)\s+javascript|javascript\s+(is\s+)?(required|disabled|needed|must be enabled)"
    r"|(needs?|requires?)\s+javascript",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ShellSigns:
    """Why a page looks like a JavaScript shell, in words a log line or a note can use."""

    signs: tuple[str, ...]

    def describe(self) -> str:
        return ", ".join(self.signs)


def readable_text(markdown: str) -> str:
    """The Markdown without its links' targets: "[Sign in](https://...)" is two words, however long the address."""
    return _LINK_TARGET.sub(r"]\1", markdown).strip()


def reads_as_a_page(markdown: str) -> bool:
    """Whether ``markdown`` holds a page's worth of text (``LITTLE_TEXT_CHARS``, link targets aside)."""
    return len(readable_text(markdown)) >= LITTLE_TEXT_CHARS


def script_shell_signs(html: str, extracted_text: str) -> ShellSigns | None:
    """The signs that ``html`` is a JavaScript shell, or None when it is a page with content."""
    if reads_as_a_page(extracted_text):
        return None
    scan = _Scan()
    scan.feed(html[:SCAN_CHARS])
    scan.close()
    signs: list[str] = []
    if scan.empty_app_root is not None:
        signs.append(f"an empty app root ({scan.empty_app_root})")
    if scan.noscript_asks:
        signs.append("a <noscript> asking for JavaScript")
    scanned = len(html[:SCAN_CHARS])
    if scanned and scan.script_chars / scanned >= SCRIPT_HEAVY_RATIO:
        signs.append(f"mostly script ({scan.script_chars * 100 // scanned}% of the page)")
    if not signs and not extracted_text.strip() and scan.code_scripts:
        # Without a browser there is nothing to give; with one, the scripts are the only chance.
        signs.append(f"no readable text, and {scan.code_scripts} script{'s' if scan.code_scripts > 1 else ''} to run")
    return ShellSigns(tuple(signs)) if signs else None


class _Scan(HTMLParser):
    """One pass over the page: script bytes, the app root's text, what <noscript> says."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.script_chars = 0
        self.code_scripts = 0
        self.noscript_asks = False
        self.empty_app_root: str | None = None
        self._root: tuple[str, str] | None = None  # (tag, how it was named) while inside an app root
        self._root_depth = 0
        self._root_text = False
        self._raw: str | None = None  # inside <script> or <style>
        self._in_noscript = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._raw = tag
        if tag == "script" and (dict(attrs).get("type") or "").strip().lower() in _CODE_TYPES:
            self.code_scripts += 1
        if tag == "noscript":
            self._in_noscript = True
        if self._root is not None and tag == self._root[0]:
            self._root_depth += 1
        elif self._root is None and self.empty_app_root is None:
            named = dict(attrs).get("id")
            if named in _APP_ROOT_IDS or tag in _APP_ROOT_TAGS:
                self._root = (tag, f'<{tag} id="{named}">' if named in _APP_ROOT_IDS else f"<{tag}>")
                self._root_depth, self._root_text = 1, False

    def handle_endtag(self, tag: str) -> None:
        if tag == self._raw:
            self._raw = None
        if tag == "noscript":
            self._in_noscript = False
        if self._root is not None and tag == self._root[0]:
            self._root_depth -= 1
            if self._root_depth == 0:
                self._close_root()

    def handle_data(self, data: str) -> None:
        if self._raw is not None:  # script counts towards the ratio; style is neither script nor text
            if self._raw == "script":
                self.script_chars += len(data)
            return
        if self._in_noscript and _ASKS_FOR_SCRIPT.search(data):
            self.noscript_asks = True
        if self._root is not None and not self._in_noscript and data.strip():
            self._root_text = True

    def close(self) -> None:
        super().close()
        if self._root is not None:  # a root left open by the end of the page (or of the scan)
            self._close_root()

    def _close_root(self) -> None:
        assert self._root is not None
        if not self._root_text:
            self.empty_app_root = self._root[1]
        self._root = None
