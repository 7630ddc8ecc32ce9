"""SafePageFetcher against hostile servers on 127.0.0.1: bombs, odd encodings, credentials, dead addresses."""

from __future__ import annotations

import base64
import functools
import gzip
from collections.abc import Iterator

import httpx
import pytest

from adapters.pages.fetcher import SafePageFetcher
from domain.errors import PageUnavailable
from tests.support import hostile_inputs
from tests.support.page_server import Page, PageServer, article_html
from tests.unit.adapters.pages.test_fetcher import PUBLIC_IP, FakeResolver, Recorder, html, make_fetcher

pytestmark = pytest.mark.anyio

CAP = 1_000_000
BOMBS = hostile_inputs.BOMBS
ARTICLE = article_html(5).encode()


@functools.cache
def bomb(encoding: str) -> bytes:
    return BOMBS[encoding](16_000_000)


def bomb_path(encoding: str) -> str:
    return "/bomb/" + encoding.replace(", ", "-")


@pytest.fixture
def server() -> Iterator[PageServer]:
    pages = {"/article": Page(ARTICLE)}
    for encoding in BOMBS:
        pages[bomb_path(encoding)] = Page(bomb(encoding), headers=(("Content-Encoding", encoding),))
    with PageServer(pages) as running:
        yield running


def fetcher(resolver: FakeResolver | None = None) -> SafePageFetcher:
    client = httpx.AsyncClient(trust_env=False, follow_redirects=False)
    return SafePageFetcher(client, resolver=resolver, allow_private_networks=True, max_body_bytes=CAP)


@pytest.mark.parametrize("encoding", list(BOMBS))
async def test_a_decompression_bomb_ends_with_one_line_and_the_next_page_reads(
    server: PageServer, encoding: str
) -> None:
    pages = fetcher()

    with pytest.raises(PageUnavailable) as refused:
        await pages.fetch(server.url(bomb_path(encoding)))

    assert refused.value.reason == "page larger than 1 MB after decompression"
    assert (await pages.fetch(server.url("/article"))).body == ARTICLE


async def test_a_compressed_page_is_decoded_and_only_undoable_encodings_are_asked_for(server: PageServer) -> None:
    server.add("/zipped", Page(gzip.compress(ARTICLE), headers=(("Content-Encoding", "gzip"),)))

    page = await fetcher().fetch(server.url("/zipped"))

    assert page.body == ARTICLE and not page.truncated
    assert server.request_headers[-1]["accept-encoding"] == "gzip, deflate, br, zstd"


@pytest.mark.parametrize(
    ("encoding", "reason"),
    [
        ("compress", "unsupported content encoding 'compress'"),
        ("gzip, gzip, gzip", "3 stacked content encodings (at most 2 are undone)"),
    ],
)
async def test_encodings_that_cannot_be_undone_are_refused(server: PageServer, encoding: str, reason: str) -> None:
    server.add("/odd", Page(b"whatever", headers=(("Content-Encoding", encoding),)))

    with pytest.raises(PageUnavailable) as refused:
        await fetcher().fetch(server.url("/odd"))

    assert refused.value.reason == reason


async def test_a_compressed_body_declared_over_the_cap_is_refused_before_reading() -> None:
    body = gzip.compress(b"x" * 10)

    def big(request: httpx.Request) -> httpx.Response:
        headers = {"content-type": "text/html", "content-encoding": "gzip", "content-length": str(CAP + 1)}
        return httpx.Response(200, headers=headers, stream=httpx.ByteStream(body))

    with pytest.raises(PageUnavailable, match=r"too big: 1\.1 MB, over the 1 MB limit"):
        await make_fetcher(Recorder(big), max_body_bytes=CAP).fetch("http://example.com/")


# --- credentials in the URL ---------------------------------------------------------------------


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


async def test_url_credentials_go_to_their_origin_only_and_are_never_shown(server: PageServer) -> None:
    port = server.port
    server.add("/same-origin", Page(status=302, location="/elsewhere"))
    server.add("/elsewhere", Page(status=302, location=f"http://other.test:{port}/article"))
    resolver = FakeResolver({"intranet.test": [["127.0.0.1"]], "other.test": [["127.0.0.1"]]})

    page = await fetcher(resolver).fetch(f"http://alice:s3cret-pw@intranet.test:{port}/same-origin")

    sent = [headers.get("authorization") for headers in server.request_headers]
    hosts = [headers["host"] for headers in server.request_headers]
    assert hosts == [f"intranet.test:{port}", f"intranet.test:{port}", f"other.test:{port}"]
    assert sent == [basic("alice", "s3cret-pw"), basic("alice", "s3cret-pw"), None]
    assert page.url == f"http://other.test:{port}/article"


async def test_url_credentials_never_appear_in_a_refusal(server: PageServer) -> None:
    with pytest.raises(PageUnavailable) as missing:
        await fetcher().fetch(f"http://alice:s3cret-pw@127.0.0.1:{server.port}/no-such-page")

    assert missing.value.url == f"http://127.0.0.1:{server.port}/no-such-page"
    assert "s3cret" not in str(missing.value) and "alice" not in str(missing.value)


async def test_credentials_written_into_a_redirect_are_not_sent(server: PageServer) -> None:
    server.add("/leak", Page(status=302, location=f"http://mallory:pw@127.0.0.1:{server.port}/article"))

    await fetcher().fetch(server.url("/leak"))

    assert "authorization" not in server.request_headers[-1]


async def test_unparseable_urls_get_a_reason_in_plain_words_without_credentials() -> None:
    with pytest.raises(PageUnavailable) as invalid:
        await fetcher().fetch("http://alice:s3cret@[::1x]/")
    assert invalid.value.reason == "invalid URL: the IPv6 address in brackets is malformed"
    assert "s3cret" not in str(invalid.value)


# --- addresses ------------------------------------------------------------------------------------


async def test_each_resolved_address_is_tried_in_turn_until_one_answers(server: PageServer) -> None:
    # Nothing listens on 127.0.0.2 (the server binds 127.0.0.1 only): that connection is refused.
    resolver = FakeResolver({"multi.test": [["127.0.0.2", "127.0.0.1"]]})

    page = await fetcher(resolver).fetch(f"http://multi.test:{server.port}/article")

    assert page.body == ARTICLE


async def test_every_address_is_vetted_and_tried_while_the_guard_is_on() -> None:
    resolver = FakeResolver({"example.com": [[PUBLIC_IP, "93.184.216.35"]]})

    def first_is_down(request: httpx.Request) -> httpx.Response:
        if request.url.host == PUBLIC_IP:
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        return html(request)

    recorder = Recorder(first_is_down)
    page = await make_fetcher(recorder, resolver).fetch("http://example.com/")

    assert [r.url.host for r in recorder.requests] == [PUBLIC_IP, "93.184.216.35"]
    assert page.body == b"<p>hello</p>"


async def test_when_no_address_answers_the_last_reason_is_given() -> None:
    resolver = FakeResolver({"example.com": [[PUBLIC_IP, "93.184.216.35"]]})

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(PageUnavailable) as missing:
        await make_fetcher(Recorder(down), resolver).fetch("http://example.com/")
    assert missing.value.reason == "could not connect ([Errno 111] Connection refused)"


async def test_an_international_host_is_resolved_and_sent_in_its_idna_form() -> None:
    resolver = FakeResolver({"xn--bcher-kva.example": [[PUBLIC_IP]]})
    recorder = Recorder(html)

    page = await make_fetcher(recorder, resolver).fetch("https://Bücher.example/ä b")

    assert resolver.calls == ["xn--bcher-kva.example"]
    assert recorder.requests[0].headers["host"] == "xn--bcher-kva.example"
    assert recorder.requests[0].extensions["sni_hostname"] == "xn--bcher-kva.example"
    assert page.url == "https://xn--bcher-kva.example/%C3%A4%20b"
