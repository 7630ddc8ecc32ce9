"""Choosing a site resolver by URL (pure), and PageReader's fallback to the generic read when an API fails."""

from __future__ import annotations

import asyncio

import pytest

from adapters.sites.arxiv import ArxivResolver
from adapters.sites.github import GithubResolver
from adapters.sites.gitlab import GitlabResolver
from adapters.sites.hackernews import HackerNewsResolver
from adapters.sites.reddit import RedditResolver
from adapters.sites.stackexchange import StackExchangeResolver
from adapters.sites.wikipedia import WikipediaResolver
from application.read_pages import PageReader
from application.site_reading import choose_resolver
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage
from domain.ports import SiteResolverPort

pytestmark = pytest.mark.anyio
QUESTION = "https://stackoverflow.com/questions/1/x"


class Unused:
    """A fetcher/extraction that must never be called: choosing a resolver does no I/O."""

    async def fetch(self, url: str) -> FetchedPage:
        raise AssertionError("no fetch while choosing")

    async def call(self, url: str, **_: object) -> FetchedPage:
        raise AssertionError("no call while choosing")

    async def extract(self, page: FetchedPage) -> str:
        raise AssertionError("no extraction while choosing")


def real_resolvers() -> list[SiteResolverPort]:
    unused = Unused()
    return [
        StackExchangeResolver(unused),
        GithubResolver(unused),
        WikipediaResolver(unused),
        ArxivResolver(unused, unused),
        HackerNewsResolver(unused),
        RedditResolver(unused),
        GitlabResolver(unused),
    ]


@pytest.mark.parametrize(
    ("url", "site"),
    [
        (QUESTION, "the Stack Exchange API"),
        ("https://cooking.stackexchange.com/questions/9/salt", "the Stack Exchange API"),
        ("https://github.com/python/cpython/issues/1", "the GitHub API"),
        ("https://github.com/python/cpython/blob/main/README.rst", "the GitHub API"),
        ("https://fr.wikipedia.org/wiki/Paris", "the Wikipedia API"),
        ("https://arxiv.org/abs/2401.00001", "the arXiv API"),
        ("https://news.ycombinator.com/item?id=38000001", "the Hacker News API"),
        ("https://news.ycombinator.com/newest", None),
        ("https://old.reddit.com/r/Python/comments/1d5xyz/slug/", "Reddit's JSON view"),
        ("https://www.reddit.com/r/Python/", None),
        ("https://gitlab.com/gitlab-org/gitlab/-/issues/1", "the GitLab API"),
        ("https://gitlab.gnome.org/GNOME/gtk/-/issues/1", None),  # recognised from its page instead
        ("https://stackoverflow.com/tags", None),
        ("https://example.com/questions/1", None),
        ("https://docs.python.org/3/", None),
        ("not a url at all", None),
        ("https://[::1", None),
    ],
)
def test_the_resolver_is_chosen_by_url_alone(url: str, site: str | None) -> None:
    chosen = choose_resolver(url, real_resolvers())
    assert (chosen.site if chosen is not None else None) == site


class FakeResolver:
    """A SiteResolverPort that claims URLs starting with a prefix and plays one outcome."""

    def __init__(self, outcome: str | Exception | None, prefix: str = "https://stackoverflow.com/") -> None:
        self.site = "the Fake API"
        self._outcome = outcome
        self._prefix = prefix
        self.calls: list[str] = []

    def handles(self, url: str) -> bool:
        return url.startswith(self._prefix)

    async def read(self, url: str) -> ResolvedPage:
        self.calls.append(url)
        if self._outcome is None:
            await asyncio.Event().wait()
        if isinstance(self._outcome, Exception):
            raise self._outcome
        return ResolvedPage(url + "#api", str(self._outcome), self.site)


class PlainFetcher:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def fetch(self, url: str) -> FetchedPage:
        self.calls.append(url)
        return FetchedPage(url, 200, "text/html", "utf-8", b"the generic page")


class PlainExtraction:
    async def extract(self, page: FetchedPage) -> str:
        return page.body.decode()


def reader(resolver: FakeResolver, page_timeout: float = 1.0) -> tuple[PageReader, PlainFetcher]:
    fetcher = PlainFetcher()
    return PageReader(fetcher, PlainExtraction(), page_timeout=page_timeout, resolvers=[resolver]), fetcher


async def test_a_resolved_page_is_read_without_fetching_the_page() -> None:
    pages, fetcher = reader(FakeResolver("# Question\n\nfrom the API"))
    page = await pages.read(QUESTION)
    assert (page.markdown, page.url, page.content_type) == (
        "# Question\n\nfrom the API",
        QUESTION + "#api",
        "text/markdown",
    )
    assert page.note == "Read through the Fake API."
    assert fetcher.calls == []


async def test_a_resolvers_own_note_opens_as_a_sentence_after_the_source() -> None:
    class NotingResolver(FakeResolver):
        async def read(self, url: str) -> ResolvedPage:
            return ResolvedPage(url, "text", self.site, note="no transcript: the video has no captions")

    pages, _ = reader(NotingResolver("unused"))
    page = await pages.read(QUESTION)
    assert page.note == "Read through the Fake API. No transcript: the video has no captions"


async def test_a_url_no_resolver_claims_is_read_the_generic_way_without_a_note() -> None:
    resolver = FakeResolver("api text")
    pages, fetcher = reader(resolver)
    page = await pages.read("https://example.com/")
    assert fetcher.calls == ["https://example.com/"]
    assert (page.markdown, page.note, resolver.calls) == ("the generic page", None, [])


@pytest.mark.parametrize(
    ("failure", "reason"),
    [
        (SiteUnavailable("HTTP 429, rate limit reached"), "HTTP 429, rate limit reached"),
        (PageUnavailable("https://api.example/x", "timed out after 8 s"), "timed out after 8 s"),
        (KeyError("items"), "an unexpected error, logged"),
        ("   ", "it gave no text"),
    ],
)
async def test_any_api_failure_falls_back_to_the_page_with_the_reason_in_its_note(
    failure: str | Exception, reason: str
) -> None:
    pages, fetcher = reader(FakeResolver(failure))
    page = await pages.read(QUESTION)
    assert page.markdown == "the generic page" and fetcher.calls == [QUESTION]
    assert page.note == f"The Fake API could not be used ({reason}); this is the page as fetched."


async def test_an_api_that_does_not_answer_in_time_falls_back_too() -> None:
    pages, fetcher = reader(FakeResolver(None), page_timeout=0.05)
    page = await pages.read(QUESTION)
    assert page.note == "The Fake API could not be used (it did not answer within 0.05 s); this is the page as fetched."
    assert fetcher.calls == [QUESTION]


class RefusingFetcher:
    async def fetch(self, url: str) -> FetchedPage:
        raise PageUnavailable(url, "HTTP 403")


async def test_when_the_api_and_the_page_both_fail_the_reason_names_both() -> None:
    resolver = FakeResolver(SiteUnavailable("HTTP 429, rate limit reached"))
    pages = PageReader(RefusingFetcher(), PlainExtraction(), page_timeout=1.0, resolvers=[resolver])
    with pytest.raises(PageUnavailable) as failure:
        await pages.read(QUESTION)
    assert failure.value.reason == "HTTP 403; the Fake API could not be used (HTTP 429, rate limit reached)"


async def test_a_page_that_fails_without_any_api_tried_keeps_its_own_reason() -> None:
    pages = PageReader(RefusingFetcher(), PlainExtraction(), page_timeout=1.0, resolvers=[FakeResolver("x")])
    with pytest.raises(PageUnavailable) as failure:
        await pages.read("https://example.com/")
    assert failure.value.reason == "HTTP 403"
