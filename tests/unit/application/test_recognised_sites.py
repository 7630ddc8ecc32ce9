"""PageReader with a resolver that recognises the fetched page (forum software on any domain), and its fallbacks."""

from __future__ import annotations

import asyncio

import pytest

from application.read_pages import PageReader
from application.site_reading import choose_page_resolver
from domain.errors import SiteUnavailable, UnsupportedContent
from domain.pages import FetchedPage, ResolvedPage

pytestmark = pytest.mark.anyio
FORUM_PAGE = b"<html><head><meta name='generator' content='Forum'></head><body>the shell</body></html>"


class FakePageResolver:
    """A FetchedPageResolverPort that recognises pages whose body names it, and plays one outcome."""

    def __init__(self, outcome: str | Exception | None, marker: bytes = b"'Forum'") -> None:
        self.site = "the Forum API"
        self._outcome = outcome
        self._marker = marker
        self.read: list[str] = []

    def recognises(self, page: FetchedPage) -> bool:
        return self._marker in page.body

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        self.read.append(page.url)
        if self._outcome is None:
            await asyncio.Event().wait()
        if isinstance(self._outcome, Exception):
            raise self._outcome
        return ResolvedPage(page.url, str(self._outcome), self.site, truncated=True, note="Showing 100 of 130 posts.")


class Fetcher:
    def __init__(self, body: bytes = FORUM_PAGE) -> None:
        self.body = body
        self.calls: list[str] = []

    async def fetch(self, url: str) -> FetchedPage:
        self.calls.append(url)
        return FetchedPage(url, 200, "text/html", "utf-8", self.body)


class Extraction:
    def __init__(self) -> None:
        self.pages: list[str] = []

    async def extract(self, page: FetchedPage) -> str:
        self.pages.append(page.url)
        return "the page's own text, long enough not to look like a script shell to the reader. " * 3


def reader(resolver: FakePageResolver, body: bytes = FORUM_PAGE, timeout: float = 1.0) -> tuple[PageReader, Extraction]:
    extraction = Extraction()
    pages = PageReader(Fetcher(body), extraction, page_timeout=timeout, page_resolvers=[resolver])
    return pages, extraction


async def test_a_recognised_page_is_read_through_its_api_instead_of_extracted() -> None:
    resolver = FakePageResolver("# Topic\n\nevery post")
    pages, extraction = reader(resolver)
    page = await pages.read("https://forum.example/t/x/1")
    assert (page.markdown, page.content_type, page.truncated) == ("# Topic\n\nevery post", "text/markdown", True)
    assert page.note == "Read through the Forum API. Showing 100 of 130 posts."
    assert resolver.read == ["https://forum.example/t/x/1"] and extraction.pages == []


async def test_a_page_nobody_recognises_is_extracted_without_a_note() -> None:
    resolver = FakePageResolver("api text")
    pages, extraction = reader(resolver, body=b"<html><body>an ordinary page</body></html>")
    page = await pages.read("https://example.com/")
    assert (resolver.read, extraction.pages, page.note) == ([], ["https://example.com/"], None)


async def test_an_api_failure_falls_back_to_the_fetched_page_with_the_reason() -> None:
    pages, extraction = reader(FakePageResolver(SiteUnavailable("HTTP 403, access refused or rate limit reached")))
    page = await pages.read("https://forum.example/t/x/1")
    assert extraction.pages == ["https://forum.example/t/x/1"]
    assert page.note == (
        "The Forum API could not be used (HTTP 403, access refused or rate limit reached); this is the page as fetched."
    )


async def test_an_api_that_hangs_costs_its_own_timeout_and_the_page_still_has_a_whole_one() -> None:
    pages, extraction = reader(FakePageResolver(None), timeout=0.05)
    page = await pages.read("https://forum.example/t/x/1")
    assert extraction.pages == ["https://forum.example/t/x/1"]
    assert page.note is not None and "did not answer within 0.05 s" in page.note


def test_the_first_resolver_that_recognises_the_page_is_chosen() -> None:
    page = FetchedPage("https://forum.example/t/x/1", 200, "text/html", None, FORUM_PAGE)
    first, second = FakePageResolver("a", marker=b"nothing"), FakePageResolver("b")
    assert choose_page_resolver(page, [first, second]) is second
    assert choose_page_resolver(page, [first]) is None


class SlowFetcher(Fetcher):
    async def fetch(self, url: str) -> FetchedPage:
        await asyncio.sleep(0.3)
        return await super().fetch(url)


class SlowExtraction(Extraction):
    async def extract(self, page: FetchedPage) -> str:
        await asyncio.sleep(0.3)
        return await super().extract(page)


async def test_after_a_hanging_api_the_extraction_gets_a_whole_timeout_of_its_own() -> None:
    """Fetch 0.3 s + API 0.5 s (its timeout) + extraction 0.3 s: past one 0.5 s deadline, within fresh ones."""
    extraction = SlowExtraction()
    pages = PageReader(SlowFetcher(), extraction, page_timeout=0.5, page_resolvers=[FakePageResolver(None)])
    page = await pages.read("https://forum.example/t/x/1")
    assert extraction.pages == ["https://forum.example/t/x/1"]
    assert page.note is not None and "did not answer within 0.5 s" in page.note


class FailingExtraction:
    async def extract(self, page: FetchedPage) -> str:
        raise UnsupportedContent(page.url, "extraction crashed")


async def test_when_the_api_and_the_extraction_both_fail_the_reason_names_both_and_keeps_its_kind() -> None:
    resolver = FakePageResolver(SiteUnavailable("HTTP 403, access refused or rate limit reached"))
    pages = PageReader(Fetcher(), FailingExtraction(), page_timeout=1.0, page_resolvers=[resolver])
    with pytest.raises(UnsupportedContent) as failure:
        await pages.read("https://forum.example/t/x/1")
    assert failure.value.reason == (
        "extraction crashed; the Forum API could not be used (HTTP 403, access refused or rate limit reached)"
    )
    assert str(failure.value) == f"https://forum.example/t/x/1: {failure.value.reason}"
