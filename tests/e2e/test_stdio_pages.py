"""The installed `searchrelay` over stdio reading pages: web_search(return_full_pages) and web_fetch
against a page server and a fake Serper, both on 127.0.0.1."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from mcp.types import CallToolResult

from tests.e2e.conftest import SessionFactory
from tests.support.fake_provider import FakeProvider, json_reply
from tests.support.page_server import PDF_LINES, PageServer

pytestmark = pytest.mark.anyio
SERPER_KEY = "serper-E2E-pages-5c4b3a2f1e0d"


@pytest.fixture
def pages() -> Iterator[PageServer]:
    with PageServer() as server:
        yield server


def env(serper: FakeProvider, *, allow_private: bool = True) -> dict[str, str]:
    values = {
        "SERPER_API_KEY": SERPER_KEY,
        "SERPER_BASE_URL": serper.url,
        # 3 s: room for the extraction workers' fork server to import the libraries on a loaded
        # 2-core box (it starts with the server); the trickling page still ends at this bound.
        "SEARCHRELAY_PAGE_TIMEOUT_SECONDS": "3",
        "SEARCHRELAY_LOG_LEVEL": "DEBUG",
    }
    if allow_private:
        values["SEARCHRELAY_ALLOW_PRIVATE_NETWORKS"] = "true"
    return values


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def test_full_pages_and_web_fetch_over_stdio(
    stdio_session: SessionFactory, fake_serper: FakeProvider, pages: PageServer
) -> None:
    links = [pages.url("/article"), pages.url("/report.pdf"), pages.url("/gone"), pages.url("/trickle")]
    organic = [{"title": f"Page {i}", "link": link, "snippet": "s"} for i, link in enumerate(links, start=1)]
    fake_serper.answer(json_reply(200, {"organic": organic}))
    reported: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        reported.append(progress)

    async with stdio_session(env(fake_serper)) as session:
        searched = await session.call_tool(
            "web_search",
            {"query": "relay guide", "num_results": 4, "return_full_pages": True},
            progress_callback=on_progress,
        )
        fetched = await session.call_tool("web_fetch", {"url": pages.url("/unicode.txt"), "max_bytes": 1024})
        assert fetched.structured_content is not None
        rest = await session.call_tool(
            "web_fetch",
            {"url": pages.url("/unicode.txt"), "start_index": fetched.structured_content["next_start_index"]},
        )
        missing = await session.call_tool("web_fetch", {"url": pages.url("/image.png")})

    assert not searched.is_error, text_of(searched)
    assert searched.structured_content is not None
    article, pdf, gone, trickle = [r["page_content"] for r in searched.structured_content["results"]]
    assert article.startswith("# The Field Guide to Resilient Search Relays") and "## Checklist" in article
    assert all(line in pdf for line in PDF_LINES)
    assert gone == "[Page content unavailable: HTTP 404]"
    assert trickle == "[Page content unavailable: timed out after 3 s]"
    text = text_of(searched)
    (token,) = set(re.findall(r"<<<UNTRUSTED_([0-9a-f]{16})", text))
    assert [int(n) for n in re.findall(rf"<<<UNTRUSTED_{token} result (\d+) page>>>", text)] == [1, 2, 3, 4]
    assert reported == [1, 2, 3, 4]

    assert not fetched.is_error and fetched.structured_content["truncated"] is True
    assert len(fetched.structured_content["content"].encode()) <= 1024
    assert rest.structured_content is not None and rest.structured_content["truncated"] is False
    whole = fetched.structured_content["content"] + rest.structured_content["content"]
    assert whole.startswith("0000 Grüße aus Köln") and len(whole) == rest.structured_content["total_chars"]
    assert missing.is_error and "unsupported content type image/png" in text_of(missing)
    assert SERPER_KEY not in text + text_of(fetched)


async def test_web_fetch_gives_the_pages_title_beside_a_window_that_starts_mid_page(
    stdio_session: SessionFactory, fake_serper: FakeProvider, pages: PageServer
) -> None:
    async with stdio_session(env(fake_serper)) as session:
        first = await session.call_tool("web_fetch", {"url": pages.url("/article"), "max_bytes": 2048})
        assert first.structured_content is not None, text_of(first)
        later = await session.call_tool(
            "web_fetch",
            {"url": pages.url("/article"), "start_index": first.structured_content["next_start_index"]},
        )
    title = "The Field Guide to Resilient Search Relays"
    assert later.structured_content is not None and later.structured_content["title"] == title
    assert first.structured_content["title"] == title
    assert " page title>>>" not in text_of(first)  # the window opens with the heading that says it
    (token,) = set(re.findall(r"<<<UNTRUSTED_([0-9a-f]{16}) page title>>>", text_of(later)))
    assert f"<<<UNTRUSTED_{token} page title>>>\n{title}\n<<<END_UNTRUSTED_{token}>>>" in text_of(later)


async def test_web_fetch_of_this_machine_is_refused_without_the_opt_in(
    stdio_session: SessionFactory, fake_serper: FakeProvider, pages: PageServer
) -> None:
    async with stdio_session(env(fake_serper, allow_private=False)) as session:
        refused = await session.call_tool("web_fetch", {"url": pages.url("/notes.txt")})
    assert refused.is_error
    assert "127.0.0.1 is a loopback address" in text_of(refused)
    assert "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS" in text_of(refused)
    assert pages.total_hits == 0
