"""web_fetch through the in-process MCP client and the real container, on a page only its script fills.

SEARCHRELAY_BROWSER=auto renders it in the real Chromium (skipped, with the reason, only where it
is not installed); the default (off) says in plain words that the page needs JavaScript.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from mcp import Client

from entrypoints.mcp_server import build_server
from tests.support.page_server import Page, PageServer
from tests.support.script_pages import CHROMIUM, SCRIPT_ONLY_TEXT, add_script_app, browser_pids, chromium_missing
from tests.support.servers import container_with

pytestmark = pytest.mark.anyio

ALLOW = {"SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "true", "SEARCHRELAY_PAGE_TIMEOUT_SECONDS": 10}


@pytest.fixture
def pages() -> Iterator[PageServer]:
    with PageServer({}) as server:
        yield add_script_app(server)


async def web_fetch(url: str, env: dict[str, Any]) -> tuple[bool, str, dict[str, Any] | None]:
    async with Client(build_server(container_with(env))) as client:
        result = await client.call_tool("web_fetch", {"url": url})
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    return result.is_error, text, result.structured_content


@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
async def test_web_fetch_renders_a_script_shell_when_the_browser_is_on(pages: PageServer) -> None:
    env = {**ALLOW, "SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": CHROMIUM}
    is_error, text, data = await web_fetch(pages.url("/app"), env)
    assert not is_error, text
    assert data is not None and SCRIPT_ONLY_TEXT in data["content"]
    assert "# Relay field notes" in data["content"]
    assert (pages.hits["/app"], pages.hits["/app.js"], pages.hits["/data.json"]) == (1, 1, 1)
    assert browser_pids(os.getpid()) == []  # the browser was closed with the server


@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
async def test_a_page_with_text_never_starts_the_browser(pages: PageServer) -> None:
    pages.add(
        "/notes",
        Page(b"<html><body><article><p>" + b"Plain server-rendered notes. " * 20 + b"</p></article></body></html>"),
    )
    env = {**ALLOW, "SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": CHROMIUM}
    async with Client(build_server(container_with(env))) as client:
        result = await client.call_tool("web_fetch", {"url": pages.url("/notes")})
        assert not result.is_error and browser_pids(os.getpid()) == []  # started on first need only


async def test_web_fetch_says_a_script_shell_needs_the_browser_when_it_is_off(pages: PageServer) -> None:
    is_error, text, _ = await web_fetch(pages.url("/app"), ALLOW)
    assert is_error
    assert text == (
        f"Could not read {pages.url('/app')}: this page needs JavaScript; turn on SEARCHRELAY_BROWSER=auto to render it"
    )
    assert pages.hits["/app.js"] == 0


async def test_web_fetch_says_why_rendering_failed_when_no_browser_is_there(pages: PageServer) -> None:
    env = {**ALLOW, "SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": "/nonexistent/chromium"}
    is_error, text, _ = await web_fetch(pages.url("/app"), env)
    assert is_error
    assert text == (
        f"Could not read {pages.url('/app')}: this page needs JavaScript and rendering failed: "
        "no browser at /nonexistent/chromium (install Debian's chromium package or set SEARCHRELAY_BROWSER_PATH)"
    )


# A forum that names its root its own way and shows a wordless splash until its script loads the posts.
_SPLASH = (
    b"<!DOCTYPE html><html><head><title>Workbench forum</title></head><body>"
    b"<section id='d-splash'><div class='dots'></div></section><div id='main-outlet'></div>"
    b"<script src='/forum.js'></script></body></html>"
)
_FORUM_JS = b"""
document.getElementById('d-splash').remove();
var outlet = document.getElementById('main-outlet');
for (var n = 1; n <= 6; n++) {
  var post = document.createElement('p');
  post.textContent = 'Reply ' + n + ': beech makes a hard, cheap workbench top that takes a beating for years.';
  outlet.appendChild(post);
}
"""


@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
async def test_a_page_with_nothing_readable_but_scripts_is_rendered(pages: PageServer) -> None:
    pages.add("/forum", Page(_SPLASH)).add("/forum.js", Page(_FORUM_JS, content_type="application/javascript"))
    env = {**ALLOW, "SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": CHROMIUM}

    is_error, text, data = await web_fetch(pages.url("/forum"), env)

    assert not is_error, text
    assert data is not None and "Reply 6: beech makes a hard, cheap workbench top" in data["content"]


async def test_a_page_with_nothing_readable_but_scripts_needs_the_browser_when_it_is_off(pages: PageServer) -> None:
    pages.add("/forum", Page(_SPLASH))

    is_error, text, _ = await web_fetch(pages.url("/forum"), ALLOW)

    assert is_error
    assert text.endswith(": this page needs JavaScript; turn on SEARCHRELAY_BROWSER=auto to render it")
