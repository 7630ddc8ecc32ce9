"""The Wayback Machine's latest copy of a withheld page, against a faked archive: its index (the CDX
server's JSON rows) and its captures."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import httpx
import pytest

from adapters.sites.wayback_copies import WaybackCopies
from domain.errors import SiteUnavailable
from tests.support.site_apis import InProcessExtraction, SiteRouter, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
ARCHIVE = "web.archive.org"
URL = "https://news.example/story?id=7"
HEADER = ["timestamp", "statuscode"]
STORY = (
    b"<html><head><title>Relay story</title></head><body><main><article><h1>Relay story</h1>"
    b"<p>The relay moved every call to the next provider when the first failed, and nobody noticed.</p>"
    b"<p>It kept the answers it had for an hour; <a href='/more'>read more</a>.</p></article></main></body></html>"
)
ANUBIS = (
    b"<html><head><title>Making sure you're not a bot!</title>"
    b'<script id="anubis_challenge" type="application/json">{}</script></head><body>Loading...</body></html>'
)


def _capture(body: bytes) -> httpx.Response:
    return httpx.Response(200, content=body, headers={"content-type": "text/html; charset=utf-8"})


async def test_the_newest_capture_is_read_as_archived() -> None:
    router = (
        SiteRouter()
        .add(ARCHIVE, "/cdx/search/cdx",
             json_answer([HEADER, ["20240105080000", "200"], ["20250301120000", "200"], ["20230101000000", "200"]]))
        .add(ARCHIVE, "/web/20250301120000id_/https://news.example/story", _capture(STORY))
    )  # fmt: skip
    extraction = InProcessExtraction()

    copy = await WaybackCopies(routed_fetcher(router), extraction).latest_copy(URL)

    assert copy.markdown.startswith("# Relay story\n\nThe relay moved every call")
    assert "[read more](https://news.example/more)" in copy.markdown
    assert copy.source == "the Wayback Machine's copy"
    assert copy.note == "captured 2025-03-01 12:00 UTC"
    index = router.seen[0]
    assert index.params == {
        "url": URL,
        "output": "json",
        "fl": "timestamp,statuscode",
        "filter": "statuscode:200",
        "limit": "-3",
        "fastLatest": "true",
    }
    assert extraction.pages[0].url == URL
    assert router.seen[1].params == {"id": "7"}


async def test_a_copy_that_is_the_sites_bot_check_again_gives_way_to_the_one_before() -> None:
    router = (
        SiteRouter()
        .add(ARCHIVE, "/cdx/search/cdx",
             json_answer([HEADER, ["20240105080000", "200"], ["20250301120000", "200"]]))
        .add(ARCHIVE, "/web/20250301120000id_/https://news.example/story", _capture(ANUBIS))
        .add(ARCHIVE, "/web/20240105080000id_/https://news.example/story", _capture(STORY))
    )  # fmt: skip
    copy = await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)
    assert copy.note == "captured 2024-01-05 08:00 UTC"


async def test_when_every_copy_tried_is_a_bot_check_that_is_said() -> None:
    router = (
        SiteRouter()
        .add(ARCHIVE, "/cdx/search/cdx", json_answer([HEADER, ["20250301120000", "200"]]))
        .add(ARCHIVE, "/web/20250301120000id_/https://news.example/story", _capture(ANUBIS))
    )
    with pytest.raises(SiteUnavailable) as missing:
        await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)
    assert missing.value.reason == (
        "the Wayback Machine's copy could not be read "
        "(the capture is no page either: Anubis' bot check answered instead of the page)"
    )


async def test_a_page_the_archive_never_captured_has_no_copy() -> None:
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", json_answer([]))
    with pytest.raises(SiteUnavailable) as missing:
        await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)
    assert missing.value.reason == "the Wayback Machine has no copy of it"
    assert router.paths() == ["/cdx/search/cdx"]


async def test_an_index_that_answers_nothing_leaves_the_archives_nearest_capture() -> None:
    router = (
        SiteRouter()
        .add(ARCHIVE, "/cdx/search/cdx", httpx.Response(200, content=b""))
        .add(ARCHIVE, "/web/20220607000000id_/https://news.example/story", _capture(STORY))
    )
    nearest = httpx.Response(
        302, headers={"location": "https://web.archive.org/web/20220607000000id_/https://news.example/story?id=7"}
    )

    def archive(request: httpx.Request) -> httpx.Response:
        # Asked for the capture nearest to now (a timestamp the test cannot know), the archive redirects.
        if request.url.path.startswith("/web/") and "/20220607000000id_/" not in request.url.path:
            router(request)
            return nearest
        return router(request)

    now = datetime(2026, 11, 29, 18, 30, 5, tzinfo=UTC)
    copies = WaybackCopies(routed_fetcher(archive), InProcessExtraction(), now=lambda: now)
    copy = await copies.latest_copy(URL)

    assert copy.note == "captured 2022-06-07 00:00 UTC"
    assert router.seen[1].path == "/web/20261129183005id_/https://news.example/story"


async def test_an_index_that_answers_nothing_and_no_capture_means_no_copy() -> None:
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", httpx.Response(503, content=b"busy"))
    with pytest.raises(SiteUnavailable) as missing:
        await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)
    assert missing.value.reason == "the Wayback Machine has no copy of it"


@pytest.mark.parametrize(
    "rows",
    [
        {"rows": 1},
        [HEADER, "20250301120000"],
        [HEADER, [20250301120000, "200"]],
        [HEADER, ["2025", "200"]],
        [HEADER, ["２０２５０３０１１２００００", "200"]],
        [HEADER, []],
    ],
)
async def test_index_rows_that_are_not_captures_are_no_copy(rows: object) -> None:
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", json_answer(rows))
    with pytest.raises(SiteUnavailable):
        await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)


PARKED = b'<html data-adblockkey="MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKX74ix"><body><p>Related searches</p></body></html>'


def _index_by_query(newest: list[str], yearly: list[str]) -> Callable[[httpx.Request], httpx.Response]:
    """The index's answer to the newest captures' query, and to the one-a-year query."""

    def answer(request: httpx.Request) -> httpx.Response:
        stamps = yearly if request.url.params.get("collapse") == "timestamp:4" else newest
        return json_answer([HEADER, *[[stamp, "200"] for stamp in stamps]])

    return answer


async def test_when_the_newest_copies_are_a_parked_lander_the_years_before_are_read() -> None:
    years = [f"{year}0601000000" for year in range(2014, 2024)]  # ten years, one capture each
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", _index_by_query(["20250301120000", "20240105080000"], years))
    for stamp in ("20250301120000", "20240105080000", "20230601000000"):
        router.add(ARCHIVE, f"/web/{stamp}id_/https://news.example/story", _capture(PARKED))
    router.add(ARCHIVE, "/web/20180601000000id_/https://news.example/story", _capture(STORY))

    copy = await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)

    assert copy.note == "captured 2018-06-01 00:00 UTC"
    yearly = router.seen[3].params
    assert (yearly["collapse"], yearly["to"], yearly["limit"], yearly["filter"]) == (
        "timestamp:4",
        "2023",
        "-10",
        "statuscode:200",
    )
    # The newest two, then the newest year, then halfway back: found there.
    assert [seen.path.split("id_")[0] for seen in router.seen if seen.path.startswith("/web/")] == [
        "/web/20250301120000",
        "/web/20240105080000",
        "/web/20230601000000",
        "/web/20180601000000",
    ]


async def test_the_years_before_are_read_three_at_most() -> None:
    years = [f"{year}0601000000" for year in range(2014, 2024)]
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", _index_by_query(["20250301120000"], years))
    for stamp in ("20250301120000", *years):
        router.add(ARCHIVE, f"/web/{stamp}id_/https://news.example/story", _capture(PARKED))

    with pytest.raises(SiteUnavailable) as missing:
        await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)

    assert "the capture is no page either: a parking page answered instead of the page" in missing.value.reason
    read = [
        seen.path.split("id_")[0].removeprefix("/web/")[:4] for seen in router.seen if seen.path.startswith("/web/")
    ]
    assert read == ["2025", "2023", "2018", "2016"]


async def test_a_copy_that_could_not_be_read_sends_no_one_back_in_time() -> None:
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", _index_by_query(["20250301120000"], ["20200601000000"]))
    router.add(ARCHIVE, "/web/20250301120000id_/https://news.example/story", httpx.Response(404))

    with pytest.raises(SiteUnavailable):
        await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)

    assert router.paths() == ["/cdx/search/cdx", "/web/20250301120000id_/https://news.example/story"]


@pytest.mark.parametrize(
    ("count", "read"),
    [(0, []), (1, [0]), (2, [1, 0]), (3, [2, 1, 0]), (10, [9, 4, 2]), (5, [4, 2, 1])],
)
def test_the_years_are_read_newest_then_halving_back(count: int, read: list[int]) -> None:
    from adapters.sites.wayback_copies import _halving

    years = [str(2000 + index) for index in range(count)]
    assert _halving(years) == [years[index] for index in read]


@pytest.mark.parametrize(
    ("answer", "held"),
    [
        (json_answer([["timestamp"], ["20120101000000"]]), True),
        (json_answer([]), False),
        (json_answer([["timestamp"]]), False),
        (json_answer([["timestamp"], ["2012"]]), False),
        (json_answer({"rows": 1}), None),
        (httpx.Response(503, content=b"busy"), None),  # no answer is no evidence either way
    ],
)
async def test_whether_the_archive_holds_a_domains_pages(answer: httpx.Response, held: bool | None) -> None:
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", answer)
    assert await WaybackCopies(routed_fetcher(router), InProcessExtraction()).holds_site("oldblog.net") is held
    assert router.seen[0].params["matchType"] == "domain"


async def test_the_years_before_are_one_a_year_before_those_read_whatever_the_index_answers() -> None:
    # An index that neither collapsed by year nor kept to "to": newer stamps and those read are left
    # out, and each year counts once, its newest capture.
    answered = [
        "20250301120000",
        "20240105080000",
        "20230101000000",
        "20230601000000",
        "20231201000000",
        "20180601000000",
    ]
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", _index_by_query(["20250301120000"], answered))
    for stamp in answered[:5]:
        router.add(ARCHIVE, f"/web/{stamp}id_/https://news.example/story", _capture(PARKED))
    router.add(ARCHIVE, "/web/20180601000000id_/https://news.example/story", _capture(STORY))

    copy = await WaybackCopies(routed_fetcher(router), InProcessExtraction()).latest_copy(URL)

    assert copy.note == "captured 2018-06-01 00:00 UTC"
    read = [seen.path.split("id_")[0].removeprefix("/web/") for seen in router.seen if seen.path.startswith("/web/")]
    assert read == ["20250301120000", "20240105080000", "20231201000000", "20180601000000"]
