"""A read page's title: the one an HTML page declares, a site reader's first heading, none otherwise;
kept with the page and carried by every window of it. Fake ports, no I/O."""

from __future__ import annotations

import asyncio

import pytest

from adapters.cache.memory import MemoryCache
from application.fetch_page import FetchPage
from application.read_pages import PageReader, PageText
from domain.pages import FetchedPage, ResolvedPage
from tests.unit.clock_fake import FakeClock
from tests.unit.ranker_fake import WordCountRanker

pytestmark = pytest.mark.anyio

ARTICLE = "# Relay guide\n\n" + "A relay passes each search to the next provider when one fails. " * 10
HEAD = '<title>Relay guide | Example</title><meta property="og:title" content="Relay guide">'
DESCRIPTION = "A walk through the relay's failover table, provider by provider, with the numbers."


def html(head: str, body: str = "<article><h1>Relay guide</h1><p>Text.</p></article>") -> bytes:
    return f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>".encode()


class ServedPages:
    """A PageFetcherPort answering from a table of URL -> (content type, charset, body)."""

    def __init__(self, pages: dict[str, tuple[str, str | None, bytes]]) -> None:
        self.pages = pages
        self.calls: list[str] = []

    async def fetch(self, url: str) -> FetchedPage:
        self.calls.append(url)
        content_type, charset, body = self.pages[url]
        return FetchedPage(url, 200, content_type, charset, body)


class CannedExtraction:
    """A PageExtractionPort whose every page reads as ``markdown``."""

    def __init__(self, markdown: str = ARTICLE) -> None:
        self.markdown = markdown

    async def extract(self, page: FetchedPage) -> str:
        return self.markdown


class SiteApi:
    """A SiteResolverPort claiming every URL on api.example, answering ``markdown``."""

    site = "the Example API"

    def __init__(self, markdown: str) -> None:
        self.markdown = markdown

    def handles(self, url: str) -> bool:
        return url.startswith("https://api.example/")

    async def read(self, url: str) -> ResolvedPage:
        await asyncio.sleep(0)
        return ResolvedPage(url, self.markdown, self.site)


def reader(
    pages: dict[str, tuple[str, str | None, bytes]], markdown: str = ARTICLE, **options: object
) -> tuple[PageReader, ServedPages]:
    fetcher = ServedPages(pages)
    return PageReader(fetcher, CannedExtraction(markdown), page_timeout=1.0, **options), fetcher  # type: ignore[arg-type]


async def test_an_html_page_carries_the_title_it_declares() -> None:
    pages, _ = reader({"https://news.example/a": ("text/html", "utf-8", html(HEAD))})
    assert (await pages.read("https://news.example/a")).title == "Relay guide"


async def test_the_title_is_decoded_in_the_charset_the_server_declared_or_else_not_shown() -> None:
    head = "<title>Résumé des relais</title>".encode("latin-1")
    pages, _ = reader(
        {
            "https://news.example/declared": ("text/html", "iso-8859-1", head),
            "https://news.example/guessed": ("text/html", None, head),  # read as UTF-8: the é does not decode
        }
    )
    assert (await pages.read("https://news.example/declared")).title == "Résumé des relais"
    assert (await pages.read("https://news.example/guessed")).title is None


@pytest.mark.parametrize("content_type", ["text/plain", "application/pdf", "text/markdown"])
async def test_a_page_that_is_not_html_has_no_title(content_type: str) -> None:
    pages, _ = reader({"https://docs.example/f": (content_type, "utf-8", html(HEAD))})
    assert (await pages.read("https://docs.example/f")).title is None


async def test_a_page_read_through_a_sites_api_is_titled_by_the_heading_its_reader_wrote_first() -> None:
    pages, fetcher = reader({}, resolvers=[SiteApi("# Relay fails over (#42)\n\nopened by ada")])
    assert (await pages.read("https://api.example/issues/42")).title == "Relay fails over (#42)"
    untitled, _ = reader({}, resolvers=[SiteApi("opened by ada\n\n# A section")])
    assert (await untitled.read("https://api.example/issues/43")).title is None
    assert fetcher.calls == []


async def test_a_shell_answered_with_what_it_declares_is_titled_by_its_declared_title() -> None:
    head = f'{HEAD}<meta name="description" content="{DESCRIPTION}">'
    pages, _ = reader({"https://app.example/": ("text/html", "utf-8", html(head, "<div id=app></div>"))}, markdown="")
    page = await pages.read("https://app.example/")
    assert page.markdown.startswith("# Relay guide\n\n") and page.title == "Relay guide"


async def test_a_frameset_is_titled_by_its_own_title() -> None:
    frames = '<frameset><frame src="/menu"><frame src="/main"></frameset>'
    body = f"<html><head><title>Relay manual</title></head>{frames}</html>".encode()
    pages, _ = reader({"https://old.example/": ("text/html", "utf-8", body)})
    assert (await pages.read("https://old.example/")).title == "Relay manual"


async def test_the_title_is_kept_with_the_page_and_a_page_kept_without_one_still_reads() -> None:
    cache: MemoryCache[PageText] = MemoryCache(FakeClock(), ttl_seconds=600)
    pages, fetcher = reader({"https://news.example/a": ("text/html", "utf-8", html(HEAD))}, cache=cache)
    first, again = await pages.read("https://news.example/a"), await pages.read("https://news.example/a")
    assert again.title == first.title == "Relay guide" and fetcher.calls == ["https://news.example/a"]
    # As pages were kept before they had titles: the field's default.
    await cache.set("https://news.example/b", PageText("https://news.example/b", "text/html", ARTICLE, False, None))
    assert (await pages.read("https://news.example/b")).title is None


async def test_every_window_of_a_page_carries_its_title() -> None:
    pages, _ = reader({})
    fetch = FetchPage(pages, deadline=1.0, ranker=WordCountRanker())
    long = "# Relay guide\n\n## Failover\n\n" + "".join(f"Paragraph {i} about relays.\n\n" for i in range(400))
    page = PageText("https://news.example/a", "text/html", long, False, title="Relay guide")
    windows = [
        fetch.window(page, max_bytes=2048),
        fetch.window(page, max_bytes=2048, start_index=3000),
        fetch.window(page, max_bytes=2048, focus="paragraph 300"),
        fetch.window(page, max_bytes=2048, fragment="failover"),
    ]
    assert [w.title for w in windows] == ["Relay guide"] * 4
    assert windows[2].focused and windows[3].window.start_index > 0
