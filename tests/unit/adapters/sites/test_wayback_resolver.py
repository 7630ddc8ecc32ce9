"""Wayback Machine captures read as they were archived, without the archive's toolbar, against a faked archive."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.wayback import Capture, WaybackResolver, capture_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import InProcessExtraction, SiteRouter, routed_fetcher

pytestmark = pytest.mark.anyio
ARCHIVE = "web.archive.org"
URL = "https://web.archive.org/web/20190501123456/https://relay.example/guide?page=2"
PAGE = (
    b"<html><head><title>Relay guide</title></head><body><main><article><h1>Relay guide</h1>"
    b"<p>Failover moves a call to the next provider when the first one fails, and the guide explains how.</p>"
    b"<p>Hedging sends a second request when the first is slow; <a href='/hedging'>read more</a>.</p>"
    b"</article></main></body></html>"
)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, Capture("20190501123456", "https://relay.example/guide?page=2")),
        ("https://web.archive.org/web/2019/relay.example/", Capture("2019", "http://relay.example/")),
        ("http://web.archive.org/web/20190501123456im_/https:/relay.example/a.png",
         Capture("20190501123456", "https://relay.example/a.png")),
        ("https://web.archive.org/web/*/relay.example/*", None),
        ("https://web.archive.org/web/20190501123456/javascript:alert(1)", None),
        ("https://archive.org/details/relay", None),
    ],
)  # fmt: skip
def test_capture_addresses_say_which_capture_they_show(url: str, expected: Capture | None) -> None:
    assert capture_of(url) == expected


async def test_a_capture_reads_as_archived_with_its_original_links_and_time() -> None:
    router = SiteRouter().add(
        ARCHIVE,
        "/web/20190501123456id_/https://relay.example/guide",
        httpx.Response(200, content=PAGE, headers={"content-type": "text/html; charset=utf-8"}),
    )
    extraction = InProcessExtraction()

    page = await WaybackResolver(routed_fetcher(router), extraction).read(URL)

    assert page.markdown.startswith("# Relay guide\n\nFailover moves a call")
    assert "[read more](https://relay.example/hedging)" in page.markdown
    assert "Wayback" not in page.markdown
    assert page.note == "captured 2019-05-01 12:34 UTC from https://relay.example/guide?page=2"
    assert router.seen[0].params == {"page": "2"}
    assert extraction.pages[0].url == "https://relay.example/guide?page=2"


async def test_the_nearest_captures_time_is_the_one_said() -> None:
    moved = httpx.Response(
        302, headers={"location": "https://web.archive.org/web/20190502000000id_/https://relay.example/guide?page=2"}
    )
    router = (
        SiteRouter()
        .add(ARCHIVE, "/web/20190501123456id_/https://relay.example/guide", moved)
        .add(ARCHIVE, "/web/20190502000000id_/https://relay.example/guide",
             httpx.Response(200, content=PAGE, headers={"content-type": "text/html"}))
    )  # fmt: skip
    page = await WaybackResolver(routed_fetcher(router), InProcessExtraction()).read(URL)
    assert page.note == "captured 2019-05-02 00:00 UTC from https://relay.example/guide?page=2"


async def test_a_capture_the_archive_does_not_have_is_refused_with_the_status() -> None:
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await WaybackResolver(routed_fetcher(SiteRouter()), InProcessExtraction()).read(URL)
