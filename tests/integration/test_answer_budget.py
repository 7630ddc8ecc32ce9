"""Every answer fits max_chars: web_search with 20 full pages and web_fetch with focus, through the MCP client."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from mcp import Client
from mcp.types import CallToolResult

from entrypoints.mcp_server import build_server
from tests.support.fake_provider import FakeProvider, json_reply
from tests.support.page_server import Page, PageServer
from tests.support.servers import SERPER_KEY, container_with

pytestmark = pytest.mark.anyio

# Sizes, not speed: bounds generous enough that 20 pages are read on a loaded machine too.
ALLOW = {
    "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "true",
    "SEARCHRELAY_PAGE_TIMEOUT_SECONDS": 60,
    "SEARCHRELAY_DEADLINE_SECONDS": 120,
}
ANSWER = "Zebra stripes confuse the biting flies that carry disease, field studies found."


def long_markdown(pages: int, answer_at: int | None = None) -> str:
    paragraphs = [
        f"Paragraph {i} of page {pages} tells a long story about savanna weather, grass and rivers in the dry season."
        for i in range(600)
    ]
    if answer_at is not None:
        paragraphs[answer_at] = ANSWER
    return "# Savanna notes\n\n" + "\n\n".join(paragraphs)


@pytest.fixture
def pages() -> Iterator[PageServer]:
    with PageServer() as server:
        for number in range(20):
            server.add(f"/long/{number}.md", Page(long_markdown(number, 250).encode(), content_type="text/markdown"))
        yield server


def text_of(result: CallToolResult) -> str:
    assert not result.is_error, result.content
    return "\n".join(getattr(c, "text", "") for c in result.content)


def message_chars(result: CallToolResult) -> int:
    """The JSON-RPC response as it goes on the wire."""
    payload = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    return len(json.dumps({"jsonrpc": "2.0", "id": 1, "result": payload}, ensure_ascii=False))


async def search(fake_serper: FakeProvider, pages: PageServer, arguments: dict[str, Any]) -> tuple[CallToolResult, Any]:
    organic = [
        {"title": f"Savanna {i}", "link": pages.url(f"/long/{i}.md"), "snippet": f"About the savanna {i}"}
        for i in range(20)
    ]
    fake_serper.answer(json_reply(200, {"organic": organic}))
    env = {**ALLOW, "SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url}
    async with Client(build_server(container_with(env))) as client:
        (tool,) = [t for t in (await client.list_tools()).tools if t.name == "web_search"]
        return await client.call_tool("web_search", arguments), tool.output_schema


@pytest.mark.parametrize("max_chars", [2000, 9000, 60000])
async def test_twenty_full_pages_fit_max_chars_and_the_structured_pages_are_the_cut_ones(
    fake_serper: FakeProvider, pages: PageServer, max_chars: int
) -> None:
    arguments = {"query": "why do zebras have stripes", "num_results": 20, "max_chars": max_chars}
    result, schema = await search(fake_serper, pages, arguments)
    text = text_of(result)
    assert len(text) <= max_chars
    assert result.structured_content is not None
    jsonschema.validate(result.structured_content, schema)
    if max_chars >= 9000:  # at the smallest budgets the JSON keys of 20 results alone weigh more (bench/budget.py)
        assert message_chars(result) <= 2.2 * len(text)
    for number, entry in enumerate(result.structured_content["results"], start=1):
        assert (
            entry["page_content"] == ""
            or f"result {number} page>>>\n{entry['page_content'].strip()}\n<<<END_UNTRUSTED_" in text
        )
        assert entry["page_note"]  # every page was cut or left out, and says how to read on
        assert f'web_fetch with url="{entry["link"]}"' in entry["page_note"] or entry["page_note"].endswith(
            "web_fetch on this result's link reads it."
        )


async def test_by_default_pages_come_and_the_answer_fits_the_default_budget(
    fake_serper: FakeProvider, pages: PageServer
) -> None:
    result, _ = await search(fake_serper, pages, {"query": "why do zebras have stripes", "num_results": 20})
    text = text_of(result)
    assert 50_000 < len(text) <= 60_000
    # Each page's share is small, but the passage that answers the query is in every one of them.
    assert text.count(ANSWER) == 20


async def test_web_fetch_with_focus_returns_the_passage_that_answers_it_and_where_to_read_on(pages: PageServer) -> None:
    url = pages.url("/long/3.md")
    async with Client(build_server(container_with(ALLOW))) as client:
        plain = await client.call_tool("web_fetch", {"url": url, "max_bytes": 4096})
        focused = await client.call_tool("web_fetch", {"url": url, "max_bytes": 4096, "focus": "zebra stripes flies"})
        small = await client.call_tool("web_fetch", {"url": url, "max_chars": 2000, "focus": "zebra stripes"})
    assert ANSWER not in text_of(plain)  # without focus, paging is as it was: the page's first window
    assert plain.structured_content is not None and plain.structured_content["focused"] is False
    data = focused.structured_content
    assert data is not None and data["focused"] is True and data["truncated"] is True
    assert ANSWER in data["content"] and ANSWER in text_of(focused)
    assert len(data["content"].encode()) <= 4096
    assert re.search(
        rf'web_fetch with url="{re.escape(url)}" and start_index={data["next_start_index"]} reads on', text_of(focused)
    )
    assert len(text_of(small)) <= 2000 and ANSWER in text_of(small)


async def test_web_fetch_with_focus_on_a_page_of_no_words_gives_its_start_and_says_nothing_matched() -> None:
    # Digits alone: no word the ranker counts. bm25s could not index that, and web_fetch failed.
    digits = "".join(f"| {i % 10} | {(i * 7) % 10} | {(i * 3) % 10} |\n" for i in range(3_000))
    with PageServer({"/digits.md": Page(digits.encode(), content_type="text/markdown")}) as server:
        url = server.url("/digits.md")
        async with Client(build_server(container_with(ALLOW))) as client:
            result = await client.call_tool("web_fetch", {"url": url, "max_bytes": 4096, "focus": "zebra stripes"})
    data = result.structured_content
    assert data is not None and data["focused"] is False and data["truncated"] is True
    assert digits.startswith(data["content"].rstrip("\n")) and len(data["content"].encode()) <= 4096
    assert "No passage shares a word with the query, so the page's start" in text_of(result)
    assert f"start_index={data['next_start_index']} reads on" in text_of(result)


async def test_web_fetch_text_never_exceeds_max_chars_while_max_bytes_still_bounds_the_window(
    pages: PageServer,
) -> None:
    url = pages.url("/long/5.md")
    async with Client(build_server(container_with(ALLOW))) as client:
        small = await client.call_tool("web_fetch", {"url": url, "max_chars": 2000})
        default = await client.call_tool("web_fetch", {"url": url})
    assert len(text_of(small)) <= 2000
    assert small.structured_content is not None and small.structured_content["next_start_index"] > 1000
    assert default.structured_content is not None
    assert 40_000 < len(default.structured_content["content"].encode()) <= 51_200  # seed 002's default window
