"""A page fetch answered with an error status says what answered (a bot check, or the status), reads
no more of the answer than it needs to, and tells a public site's refusal from a private one's."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator

import httpx
import pytest

from domain.errors import PageUnavailable, PageWithheld
from domain.walls import HEAD_BYTES
from tests.support.site_apis import SiteRouter, TableResolver, routed_fetcher

pytestmark = pytest.mark.anyio
CHALLENGE = (
    b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
    b"<script>window._cf_chl_opt={cvId: '3'};</script></body></html>"
)


def _site(answer: httpx.Response) -> SiteRouter:
    return SiteRouter().add("news.example", "/story", answer)


async def test_a_bot_check_in_the_pages_place_is_named() -> None:
    answer = httpx.Response(403, headers={"content-type": "text/html", "server": "cloudflare"}, content=CHALLENGE)

    with pytest.raises(PageWithheld) as refused:
        await routed_fetcher(_site(answer)).fetch("https://news.example/story")

    assert refused.value.reason == "HTTP 403: Cloudflare's bot check answered instead of the page"


async def test_a_compressed_check_is_read_too() -> None:
    answer = httpx.Response(
        503,
        headers={"content-type": "text/html", "content-encoding": "gzip"},
        content=gzip.compress(CHALLENGE),
    )
    with pytest.raises(PageWithheld, match="Cloudflare's bot check"):
        await routed_fetcher(_site(answer)).fetch("https://news.example/story")


async def test_a_status_with_no_check_behind_it_is_said_as_it_is() -> None:
    answer = httpx.Response(404, headers={"content-type": "text/html"}, content=b"<h1>Not here</h1>")
    with pytest.raises(PageWithheld) as refused:
        await routed_fetcher(_site(answer)).fetch("https://news.example/story")
    assert refused.value.reason == "HTTP 404"


async def test_a_private_sites_refusal_is_not_one_an_archive_may_hear_of() -> None:
    answer = httpx.Response(403, headers={"cf-mitigated": "challenge"}, content=b"")
    fetcher = routed_fetcher(_site(answer), TableResolver(default="10.0.0.7"), allow_private_networks=True)

    with pytest.raises(PageUnavailable) as refused:
        await fetcher.fetch("https://news.example/story")

    assert not isinstance(refused.value, PageWithheld)
    assert refused.value.reason == "HTTP 403: Cloudflare's bot check answered instead of the page"


async def test_only_the_start_of_a_refusal_is_read() -> None:
    sent = 0

    async def endless() -> AsyncIterator[bytes]:
        nonlocal sent
        chunk = b"<p>" + b"x" * 16_380 + b"</p>"
        while sent < 50_000_000:
            sent += len(chunk)
            yield chunk

    answer = httpx.Response(403, headers={"content-type": "text/html"}, content=endless())
    with pytest.raises(PageWithheld) as refused:
        await routed_fetcher(_site(answer)).fetch("https://news.example/story")
    assert refused.value.reason == "HTTP 403"
    assert sent <= HEAD_BYTES + 16_384


async def test_a_page_says_whether_a_public_address_served_it() -> None:
    answer = httpx.Response(200, headers={"content-type": "text/html"}, content=b"<p>story</p>")
    public = await routed_fetcher(_site(answer)).fetch("https://news.example/story")
    private = await routed_fetcher(
        _site(answer), TableResolver(default="192.168.1.9"), allow_private_networks=True
    ).fetch("https://news.example/story")
    assert public.public is True
    assert private.public is False


async def test_an_api_call_gets_the_answer_whatever_its_status() -> None:
    answer = httpx.Response(403, headers={"cf-mitigated": "challenge"}, content=b"{}")
    page = await routed_fetcher(_site(answer)).call("https://news.example/story")
    assert page.status == 403


async def test_a_public_site_that_cannot_be_connected_to_is_withheld_a_private_one_is_not() -> None:
    def refused(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(PageWithheld) as down:
        await routed_fetcher(refused).fetch("https://news.example/story")  # type: ignore[arg-type]
    assert down.value.reason == "could not connect ([Errno 111] Connection refused)"

    private = routed_fetcher(refused, TableResolver(default="10.0.0.7"), allow_private_networks=True)  # type: ignore[arg-type]
    with pytest.raises(PageUnavailable) as unreachable:
        await private.fetch("https://news.example/story")
    assert not isinstance(unreachable.value, PageWithheld)


async def test_an_api_call_that_cannot_connect_is_a_plain_failure() -> None:
    def refused(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(PageUnavailable) as down:
        await routed_fetcher(refused).call("https://api.news.example/v1")  # type: ignore[arg-type]
    assert not isinstance(down.value, PageWithheld)


class Counted:
    """Answers each request with the next of ``answers`` (the last one again when they run out)."""

    def __init__(self, *answers: httpx.Response) -> None:
        self.answers, self.asked = list(answers), 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.asked += 1
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


def _html(body: bytes) -> httpx.Response:
    return httpx.Response(200, headers={"content-type": "text/html"}, content=body)


async def test_a_site_asking_to_wait_a_moment_is_asked_again_once() -> None:
    site = Counted(httpx.Response(429, headers={"retry-after": "0"}), _html(b"<p>story</p>"))
    page = await routed_fetcher(site).fetch("https://news.example/story")  # type: ignore[arg-type]
    assert page.body == b"<p>story</p>" and site.asked == 2


async def test_a_site_asking_again_after_the_wait_is_refused() -> None:
    site = Counted(httpx.Response(503, headers={"retry-after": "0"}))
    with pytest.raises(PageWithheld) as refused:
        await routed_fetcher(site).fetch("https://news.example/story")  # type: ignore[arg-type]
    assert refused.value.reason == "HTTP 503" and site.asked == 2


@pytest.mark.parametrize("retry_after", [None, "30", "soon", "-1"])
async def test_a_long_or_unreadable_wait_is_the_sites_answer(retry_after: str | None) -> None:
    headers = {"retry-after": retry_after} if retry_after is not None else {}
    site = Counted(httpx.Response(429, headers=headers), _html(b"<p>story</p>"))
    with pytest.raises(PageWithheld, match="HTTP 429"):
        await routed_fetcher(site).fetch("https://news.example/story")  # type: ignore[arg-type]
    assert site.asked == 1


async def test_an_api_call_gets_its_429_as_it_came() -> None:
    site = Counted(httpx.Response(429, headers={"retry-after": "0"}, json={"message": "slow down"}))
    page = await routed_fetcher(site).call("https://api.news.example/v1")  # type: ignore[arg-type]
    assert page.status == 429 and site.asked == 1


async def test_a_wait_that_would_spend_the_deadline_is_not_waited() -> None:
    import anyio

    site = Counted(httpx.Response(503, headers={"retry-after": "2"}), _html(b"<p>story</p>"))
    with anyio.fail_after(2.5), pytest.raises(PageWithheld) as refused:  # 2 s of wait would leave 0.5 s
        await routed_fetcher(site).fetch("https://news.example/story")  # type: ignore[arg-type]
    assert refused.value.reason == "HTTP 503" and site.asked == 1


async def test_a_wait_given_as_a_date_is_read() -> None:
    from datetime import UTC, datetime, timedelta
    from email.utils import format_datetime

    soon = format_datetime(datetime.now(UTC) + timedelta(seconds=1), usegmt=True)
    site = Counted(httpx.Response(429, headers={"retry-after": soon}), _html(b"<p>story</p>"))
    page = await routed_fetcher(site).fetch("https://news.example/story")  # type: ignore[arg-type]
    assert page.body == b"<p>story</p>" and site.asked == 2
