"""A redirector's link (Google's, Outlook's Safe Links...) is read at its target: the redirector is
never asked, and the note says which redirects the link went through. Assembled from the real
fetcher (over a faked network) and PageReader."""

from __future__ import annotations

from urllib.parse import quote

import httpx
import pytest

from application.read_pages import PageReader
from domain.errors import DomainLapsed, PageUnavailable, UnsafeUrl
from tests.support.site_apis import InProcessExtraction, SiteRouter, TableResolver, routed_fetcher

pytestmark = pytest.mark.anyio
HTML = {"content-type": "text/html; charset=utf-8"}
TARGET = "https://news.example/story"
STORY = (
    b"<html><head><title>Relay story</title></head><body><main><article><h1>Relay story</h1>"
    b"<p>The relay moved every call to the next provider when the first failed, and nobody noticed.</p>"
    b"</article></main></body></html>"
)
INTERSTITIAL = b"<html><body><h1>Redirect Notice</h1><p>The page you were on is trying to send you to</p></body></html>"


def _reader(router: SiteRouter) -> PageReader:
    return PageReader(routed_fetcher(router), InProcessExtraction(), page_timeout=5.0)


def _network() -> SiteRouter:
    return (
        SiteRouter()
        .add("news.example", "/story", httpx.Response(200, headers=HTML, content=STORY))
        .add("www.google.com", "/url", httpx.Response(200, headers=HTML, content=INTERSTITIAL))
    )


async def test_a_google_redirect_is_read_at_its_target_without_asking_google() -> None:
    router = _network()

    page = await _reader(router).read(f"https://www.google.com/url?sa=t&url={quote(TARGET, safe='')}&usg=AOv")

    assert page.markdown.startswith("# Relay story")
    assert page.url == TARGET
    assert page.note == "The link goes through Google's redirect; its target was read without asking the redirector."
    assert router.paths("www.google.com") == []


async def test_wrappers_inside_wrappers_are_all_named() -> None:
    google = f"https://www.google.com/url?q={quote(TARGET, safe='')}"
    link = f"https://eur01.safelinks.protection.outlook.com/?url={quote(google, safe='')}&data=05%7C02&reserved=0"

    page = await _reader(_network()).read(link)

    assert page.note == (
        "The link goes through Outlook's Safe Links and Google's redirect; "
        "its target was read without asking the redirector."
    )


async def test_a_target_the_guard_refuses_is_refused() -> None:
    link = f"https://www.google.com/url?q={quote('http://127.0.0.1:8080/admin', safe='')}"

    with pytest.raises(PageUnavailable) as refused:
        await _reader(_network()).read(link)

    assert type(refused.value) is UnsafeUrl
    assert refused.value.url == "http://127.0.0.1:8080/admin"
    assert refused.value.reason.startswith("refused: 127.0.0.1 is a loopback address")
    assert refused.value.reason.endswith("(the link's target, through Google's redirect)")


async def test_a_link_that_is_no_wrapper_is_read_as_written() -> None:
    router = _network()
    page = await _reader(router).read("https://www.google.com/url?sa=t")
    assert "Redirect Notice" in page.markdown
    assert page.note is None


async def test_a_target_whose_domain_lapsed_says_so_through_the_wrapper() -> None:
    # No archive: the refusal that the domain lapsed comes back as it is, through the wrapper.
    resolver = TableResolver(unknown=frozenset({"blog.gone-example.com"}), lapsed=frozenset({"gone-example.com"}))
    reader = PageReader(routed_fetcher(_network(), resolver), InProcessExtraction(), page_timeout=5.0)
    link = f"https://www.google.com/url?q={quote('https://blog.gone-example.com/post', safe='')}"

    with pytest.raises(DomainLapsed) as refused:
        await reader.read(link)

    assert refused.value.domain == "gone-example.com"
    assert refused.value.reason.endswith(
        "(lapsed, suspended or never registered) (the link's target, through Google's redirect)"
    )


async def test_the_targets_fragment_places_the_window() -> None:
    from application.fetch_page import FetchPage
    from tests.unit.ranker_fake import WordCountRanker

    sections = "".join(f"<h2 id='part-{n}'>Part {n}</h2><p>{'Words of this part. ' * 40}</p>" for n in range(1, 30))
    router = SiteRouter().add(
        "news.example",
        "/long",
        httpx.Response(200, headers=HTML, content=f"<html><body><main>{sections}</main></body></html>".encode()),
    )
    fetch = FetchPage(_reader(router), deadline=10, ranker=WordCountRanker())
    link = f"https://www.google.com/url?q={quote('https://news.example/long#part-20', safe='')}"

    window = await fetch.run(link, max_bytes=4_000)

    assert window.window.text.lstrip().startswith("## Part 20")
