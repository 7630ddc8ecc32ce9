"""Hostile input through the MCP tools (the in-process client, the real container, pages on 127.0.0.1).

A worker that dies natively, pages that are pathological to decode or parse, credentials in the
agent's URL, control characters in its arguments: each costs one call a one-line reason, leaks
nothing, and the server keeps serving the next call.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from dependency_injector import providers
from mcp import Client

from adapters.pages.extraction_pool import ProcessExtractionPool
from entrypoints.container import Container
from entrypoints.mcp_server import build_server
from tests.integration.test_web_fetch import ALLOW, fenced_text, structured, text_of
from tests.support import hostile_inputs
from tests.support.fake_ports import FakeSearch, ok
from tests.support.hostile_extractors import PATH as HOSTILE_EXTRACTOR
from tests.support.page_server import Page, PageServer, article_html
from tests.support.servers import SERPER_KEY, container_with

pytestmark = pytest.mark.anyio

CAP = 1_000_000
SECRET = "s3cret-pw-9f2c"
RUN = 50_000  # characters: tried at each, as the patterns once were, minutes of work


@functools.cache
def hostile_pages() -> dict[str, Page]:
    return {
        "/article": Page(article_html(10).encode()),
        "/abort": Page(b"abort"),
        "/hello": Page(b"hello"),
        "/nested-divs": Page(hostile_inputs.nested_divs(1_000_000)),  # 11 MB, cut at the 1 MB cap
        "/single-line.txt": Page(hostile_inputs.single_line_text(3 * CAP), content_type="text/plain"),
        "/padded.pdf": Page(hostile_inputs.large_pdf(CAP - 100_000), content_type="application/pdf", charset=None),
        "/huge.pdf": Page(hostile_inputs.large_pdf(3 * CAP), content_type="application/pdf", charset=None),
        "/bomb.pdf": Page(hostile_inputs.pdf_with_bomb(200_000_000), content_type="application/pdf", charset=None),
        "/moved": Page(status=302, location="/missing"),
        "/punctuation-runs": Page(hostile_inputs.punctuation_runs(RUN)),
        "/angle-runs.txt": Page(hostile_inputs.angle_runs(RUN), content_type="text/plain"),
        "/markup-floods": Page(hostile_inputs.markup_floods(2_000)),
    }


@pytest.fixture
def pages() -> Iterator[PageServer]:
    with PageServer(hostile_pages()) as server:
        yield server


@asynccontextmanager
async def client_of(container: Container) -> AsyncIterator[Client]:
    async with Client(build_server(container)) as client:
        yield client


def with_hostile_extractor() -> tuple[Container, ProcessExtractionPool]:
    """A real container whose extraction workers run ``HostileExtractor``, one worker at most."""
    container = container_with(ALLOW)
    pool = ProcessExtractionPool(
        HOSTILE_EXTRACTOR, workers=1, timeout_seconds=3, preload=("tests.support.hostile_extractors",)
    )

    async def workers() -> AsyncIterator[ProcessExtractionPool]:
        try:
            yield pool
        finally:
            await pool.aclose()

    container.extraction.override(providers.Resource(workers))  # a Resource like the one it replaces
    return container, pool


async def test_a_worker_that_crashes_natively_costs_one_page_and_the_server_keeps_serving(pages: PageServer) -> None:
    container, pool = with_hostile_extractor()
    async with client_of(container) as client:
        assert fenced_text(await client.call_tool("web_fetch", {"url": pages.url("/hello")})).endswith(": hello")

        crashed = await client.call_tool("web_fetch", {"url": pages.url("/abort")})

        assert crashed.is_error
        (line,) = text_of(crashed).splitlines()
        assert "extraction crashed (the worker was killed by SIGABRT); the page was skipped" in line
        assert pool.workers_alive() == 0
        for _ in range(2):  # a new worker takes the dead one's place
            again = await client.call_tool("web_fetch", {"url": pages.url("/hello") + "?again"})
            assert fenced_text(again).endswith(": hello")
        assert pool.workers_alive() == 1
    assert pool.workers_alive() == 0  # the container's end stopped it


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/nested-divs", "no readable text on the page"),
        ("/huge.pdf", "too big: 3 MB, over the 1 MB limit"),
        ("/bomb.pdf", "the PDF could not be read"),  # its stream inflates to 200 MB: pypdf stops
    ],
)
async def test_pathological_pages_end_with_one_line_and_the_next_page_reads(
    pages: PageServer, path: str, expected: str
) -> None:
    container = container_with({**ALLOW, "SEARCHRELAY_PAGE_MAX_DOWNLOAD_BYTES": CAP})
    async with client_of(container) as client:
        refused = await client.call_tool("web_fetch", {"url": pages.url(path)})
        article = await client.call_tool("web_fetch", {"url": pages.url("/article")})

    assert refused.is_error
    (line,) = text_of(refused).splitlines()
    assert line.endswith(expected)
    assert "Paragraph 10 of the field guide" in fenced_text(article)


async def test_a_single_line_text_over_the_cap_is_cut_and_paged(pages: PageServer) -> None:
    container = container_with({**ALLOW, "SEARCHRELAY_PAGE_MAX_DOWNLOAD_BYTES": CAP})
    async with client_of(container) as client:
        first = structured(await client.call_tool("web_fetch", {"url": pages.url("/single-line.txt")}))

    assert first["total_chars"] == CAP and first["truncated"]
    assert len(first["content"].encode()) <= 51_200 and first["next_start_index"] == first["end_index"]
    assert first["content"].startswith("word word")


async def test_long_runs_of_what_links_and_fence_markers_begin_with_are_read_and_kept(pages: PageServer) -> None:
    container = container_with(ALLOW)
    async with client_of(container) as client:
        article = await client.call_tool("web_fetch", {"url": pages.url("/punctuation-runs")})
        angles = structured(await client.call_tool("web_fetch", {"url": pages.url("/angle-runs.txt")}))

    assert not article.is_error and "A page of runs." in fenced_text(article)
    assert angles["content"].startswith("Angles:\n" + "<" * 1_000)  # not a marker: kept as it is
    assert "fence marker removed" not in angles["content"]


async def test_floods_of_the_markup_composed_before_extraction_are_read(pages: PageServer) -> None:
    container = container_with(ALLOW)
    async with client_of(container) as client:
        result = await client.call_tool("web_fetch", {"url": pages.url("/markup-floods"), "max_bytes": 102_400})

    text = fenced_text(result)
    # The formulas read as their TeX, whether the vote's answer (a code span) or, on a host loaded
    # past the page's draft deadline, the draft's (plain text) is the one kept.
    assert "A page of markup floods." in text and "$x_0$" in text and "x0" not in text.replace("x_0", "")


async def test_a_large_pdf_under_the_cap_is_read(pages: PageServer) -> None:
    container = container_with({**ALLOW, "SEARCHRELAY_PAGE_MAX_DOWNLOAD_BYTES": CAP})
    async with client_of(container) as client:
        result = await client.call_tool("web_fetch", {"url": pages.url("/padded.pdf")})

    assert fenced_text(result) == "Large PDF text layer"


async def test_url_credentials_appear_in_no_output_error_or_log_line(
    pages: PageServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with_credentials = f"http://alice:{SECRET}@127.0.0.1:{pages.port}"
    calls: list[dict[str, Any]] = [
        {"url": with_credentials + "/article"},
        {"url": with_credentials + "/moved"},
        {"url": with_credentials + "/single-line.txt", "start_index": 10},
        {"url": f"http://alice:{SECRET}@[::1x]/"},
        {"url": f"http://alice:{SECRET}@{'a' * 9_000}.example/"},  # over the length: refused, the value shown
    ]
    seen: list[str] = []
    async with client_of(container_with(ALLOW)) as client:
        for arguments in calls:
            result = await client.call_tool("web_fetch", arguments)
            seen += [text_of(result), str(result.structured_content)]

    assert "Paragraph 10 of the field guide" in seen[0]
    assert "HTTP 404" in seen[2]
    assert pages.request_headers[0].get("authorization")  # they were sent, to their own origin
    logged = [record.getMessage() for record in caplog.records]
    assert any(f"127.0.0.1:{pages.port}/article" in line for line in logged)  # URLs are logged, bare
    seen += logged
    seen += [caplog.text]
    leaked = [text for text in seen if SECRET in text or "alice:" in text]
    assert leaked == []


# --- the agent's arguments --------------------------------------------------------------------------


async def test_a_url_with_a_line_break_is_refused_by_name_before_any_request(pages: PageServer) -> None:
    async with client_of(container_with(ALLOW)) as client:
        refused = await client.call_tool("web_fetch", {"url": pages.url("/article") + "\r\nX-Injected: 1"})

    assert refused.is_error
    assert "url contains a control character (U+000D, a carriage return) at position" in text_of(refused)
    assert pages.total_hits == 0


async def test_line_breaks_in_a_query_reach_the_provider_as_spaces_and_nul_is_refused() -> None:
    serper = FakeSearch("serper", ok(1, "serper"))
    container = container_with({"SERPER_API_KEY": SERPER_KEY}, serper=serper)
    async with client_of(container) as client:
        cleaned = await client.call_tool("web_search", {"query": "rust\r\n\r\n  async\tbook"})
        refused = await client.call_tool("web_search", {"query": "rust\x00book"})

    assert not cleaned.is_error
    assert [request.query for request in serper.calls] == ["rust async book"]
    assert refused.is_error
    assert "query contains a control character (U+0000, NUL) at position 4; remove it." in text_of(refused)
