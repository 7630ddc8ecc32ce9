import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

import anyio
import httpx
import pytest

from adapters.pages.fetcher import SafePageFetcher
from adapters.pages.responses import parse_content_type
from domain.errors import PageUnavailable, UnsafeUrl

PUBLIC_IP = "93.184.216.34"
OTHER_PUBLIC_IP = "93.184.216.35"


class FakeResolver:
    """Answers from a table; a list of answers per host is handed out one call at a time."""

    def __init__(self, answers: dict[str, list[list[str]]]) -> None:
        self._answers = answers
        self.calls: list[str] = []

    async def resolve(self, host: str, port: int) -> list[str]:
        self.calls.append(host)
        queue = self._answers.get(host)
        if not queue:
            raise OSError(f"no such host {host}")
        return queue.pop(0) if len(queue) > 1 else queue[0]

    async def lapsed(self, domain: str) -> bool:
        return False


class Recorder:
    """An httpx MockTransport handler that records what it was asked and answers with ``respond``."""

    def __init__(self, respond: Callable[[httpx.Request], httpx.Response]) -> None:
        self.requests: list[httpx.Request] = []
        self._respond = respond

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self._respond(request)


def html(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, headers={"content-type": "text/html; charset=utf-8"}, content=b"<p>hello</p>")


def make_fetcher(recorder: Recorder, resolver: FakeResolver | None = None, **options: object) -> SafePageFetcher:
    client = httpx.AsyncClient(transport=httpx.MockTransport(recorder), trust_env=False, follow_redirects=False)
    resolver = resolver or FakeResolver({"example.com": [[PUBLIC_IP]], "localhost": [["127.0.0.1"]]})
    return SafePageFetcher(client, resolver=resolver, **options)  # type: ignore[arg-type]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.1/", "refused: 127.1 means 127.0.0.1, a loopback address"),
        ("http://2130706433/", "refused: 2130706433 means 127.0.0.1, a loopback address"),
        (
            "http://[::ffff:7f00:1]/",
            "refused: ::ffff:7f00:1 is an IPv4-mapped address wrapping 127.0.0.1, a loopback address",
        ),
        ("http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a link-local address"),
        ("http://0.0.0.0/", "refused: 0.0.0.0 is an unspecified address"),
        ("http://localhost/", "refused: localhost resolves to a loopback address"),
        ("http://10.0.0.1/", "refused: 10.0.0.1 is a private address"),
        ("http://[::1]/", "refused: ::1 is a loopback address"),
        ("file:///etc/passwd", "refused: unsupported scheme 'file' (only http and https)"),
        ("gopher://x", "refused: unsupported scheme 'gopher' (only http and https)"),
    ],
)
async def test_unsafe_urls_are_refused_before_any_request(url: str, reason: str) -> None:
    recorder = Recorder(html)
    fetcher = make_fetcher(recorder)

    with pytest.raises(UnsafeUrl) as refused:
        await fetcher.fetch(url)

    assert refused.value.reason.startswith(reason)
    assert "\n" not in refused.value.reason
    assert recorder.requests == []


@pytest.mark.anyio
async def test_address_refusals_say_how_to_allow_private_networks() -> None:
    with pytest.raises(UnsafeUrl) as refused:
        await make_fetcher(Recorder(html)).fetch("http://localhost:8080/admin")

    assert refused.value.reason.endswith("(set SEARCHRELAY_ALLOW_PRIVATE_NETWORKS=true to allow private networks)")


@pytest.mark.anyio
async def test_private_networks_are_reachable_when_allowed() -> None:
    recorder = Recorder(html)

    page = await make_fetcher(recorder, allow_private_networks=True).fetch("http://localhost:8080/admin")

    assert page.status == 200
    assert recorder.requests[0].url.host == "127.0.0.1"


@pytest.mark.anyio
async def test_the_connection_goes_to_the_vetted_address_even_if_dns_changes_its_answer() -> None:
    resolver = FakeResolver({"example.com": [[PUBLIC_IP], ["127.0.0.1"]]})
    recorder = Recorder(html)

    page = await make_fetcher(recorder, resolver).fetch("https://example.com/article?id=7")

    [request] = recorder.requests
    assert request.url.host == PUBLIC_IP
    assert request.url.path == "/article"
    assert request.url.query == b"id=7"
    assert request.headers["host"] == "example.com"
    assert request.extensions["sni_hostname"] == "example.com"
    # No kept-alive connection keyed by the IP may later carry another host's request unverified.
    assert request.headers["connection"] == "close"
    assert resolver.calls == ["example.com"]
    assert page.url == "https://example.com/article?id=7"


@pytest.mark.anyio
async def test_a_non_default_port_is_kept_in_the_host_header() -> None:
    recorder = Recorder(html)

    await make_fetcher(recorder).fetch("http://example.com:8080/")

    assert recorder.requests[0].url.port == 8080
    assert recorder.requests[0].headers["host"] == "example.com:8080"


@pytest.mark.anyio
async def test_a_host_resolving_to_public_and_private_addresses_is_refused() -> None:
    resolver = FakeResolver({"example.com": [[PUBLIC_IP, "10.0.0.7"]]})
    recorder = Recorder(html)

    with pytest.raises(UnsafeUrl) as refused:
        await make_fetcher(recorder, resolver).fetch("http://example.com/")

    # The rule is named; the internal address DNS gave away is not.
    assert refused.value.reason.startswith("refused: example.com resolves to a private address")
    assert "10.0.0.7" not in str(refused.value)
    assert recorder.requests == []


@pytest.mark.anyio
async def test_a_url_without_a_scheme_is_unavailable_with_a_hint() -> None:
    with pytest.raises(PageUnavailable, match=r"not an absolute URL \(start it with https://"):
        await make_fetcher(Recorder(html)).fetch("example.com/page")


@pytest.mark.anyio
async def test_a_host_that_does_not_resolve_is_unavailable() -> None:
    with pytest.raises(PageUnavailable, match=r"could not resolve host 'nowhere.invalid'"):
        await make_fetcher(Recorder(html)).fetch("http://nowhere.invalid/")


@pytest.mark.anyio
async def test_a_redirect_from_a_public_to_a_private_address_is_refused() -> None:
    resolver = FakeResolver({"example.com": [[PUBLIC_IP]], "intranet.example": [["10.1.2.3"]]})

    def redirect_inside(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"location": "http://intranet.example/secrets"})

    recorder = Recorder(redirect_inside)
    with pytest.raises(UnsafeUrl) as refused:
        await make_fetcher(recorder, resolver).fetch("http://example.com/")

    assert refused.value.reason.startswith("refused redirect: intranet.example resolves to a private address")
    assert "10.1.2.3" not in str(refused.value)
    assert len(recorder.requests) == 1


@pytest.mark.anyio
async def test_relative_redirects_are_followed_against_the_real_host() -> None:
    resolver = FakeResolver({"example.com": [[PUBLIC_IP]], "www.example.com": [[OTHER_PUBLIC_IP]]})

    def respond(request: httpx.Request) -> httpx.Response:
        if request.headers["host"] == "example.com":
            return httpx.Response(301, headers={"location": "https://www.example.com/start"})
        if request.url.path == "/start":
            return httpx.Response(303, headers={"location": "../final?x=1"})
        return html(request)

    recorder = Recorder(respond)
    page = await make_fetcher(recorder, resolver).fetch("http://example.com/")

    assert page.url == "https://www.example.com/final?x=1"
    assert [r.url.host for r in recorder.requests] == [PUBLIC_IP, OTHER_PUBLIC_IP, OTHER_PUBLIC_IP]
    assert [r.headers["host"] for r in recorder.requests] == [
        "example.com",
        "www.example.com",
        "www.example.com",
    ]


@pytest.mark.anyio
async def test_too_many_redirects_are_refused() -> None:
    recorder = Recorder(lambda request: httpx.Response(302, headers={"location": "/again"}))

    with pytest.raises(PageUnavailable) as unavailable:
        await make_fetcher(recorder, max_redirects=5).fetch("http://example.com/")

    assert unavailable.value.reason == "too many redirects (more than 5)"
    assert len(recorder.requests) == 6


@pytest.mark.anyio
async def test_a_redirect_to_another_scheme_is_refused() -> None:
    recorder = Recorder(lambda request: httpx.Response(302, headers={"location": "ftp://example.com/file"}))

    with pytest.raises(UnsafeUrl, match="refused redirect: unsupported scheme 'ftp'"):
        await make_fetcher(recorder).fetch("http://example.com/")


@pytest.mark.anyio
@pytest.mark.parametrize("status", [404, 403, 500, 503])
async def test_error_statuses_are_unavailable_with_the_status(status: int) -> None:
    with pytest.raises(PageUnavailable) as unavailable:
        await make_fetcher(Recorder(lambda request: httpx.Response(status))).fetch("http://example.com/")

    assert unavailable.value.reason == f"HTTP {status}"


@pytest.mark.anyio
async def test_a_text_body_over_the_cap_is_cut_and_marked_truncated() -> None:
    body = "é".encode() * 1000

    def big(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "text/plain"}, content=body)

    page = await make_fetcher(Recorder(big), max_body_bytes=301).fetch("http://example.com/")

    assert page.truncated
    assert page.body == body[:301]


@pytest.mark.anyio
async def test_a_body_within_the_cap_is_whole() -> None:
    page = await make_fetcher(Recorder(html), max_body_bytes=12).fetch("http://example.com/")

    assert not page.truncated
    assert page.body == b"<p>hello</p>"
    assert (page.content_type, page.charset) == ("text/html", "utf-8")


@pytest.mark.anyio
async def test_a_binary_body_over_the_cap_is_refused_as_too_big() -> None:
    def pdf(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "application/pdf"}, content=b"%PDF-" + b"0" * 3_000_000)

    with pytest.raises(PageUnavailable, match=r"too big: 3.1 MB, over the 1 MB limit"):
        await make_fetcher(Recorder(pdf), max_body_bytes=1_000_000).fetch("http://example.com/doc.pdf")


@pytest.mark.anyio
async def test_the_request_looks_like_a_browser_and_does_not_follow_redirects_by_itself() -> None:
    recorder = Recorder(html)

    await make_fetcher(recorder).fetch("http://example.com/")

    headers = recorder.requests[0].headers
    assert headers["user-agent"].startswith("Mozilla/5.0")
    assert "text/html" in headers["accept"]


@pytest.mark.anyio
async def test_transport_errors_become_short_reasons() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(PageUnavailable) as unavailable:
        await make_fetcher(Recorder(refuse)).fetch("http://example.com/")

    assert unavailable.value.reason == "could not connect ([Errno 111] Connection refused)"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("text/html; charset=ISO-8859-1", ("text/html", "iso-8859-1")),
        ('Text/HTML;Charset="utf-8"', ("text/html", "utf-8")),
        ("application/json", ("application/json", None)),
        ("text/plain; format=flowed; charset=", ("text/plain", None)),
        (None, ("application/octet-stream", None)),
        ("", ("application/octet-stream", None)),
    ],
)
def test_content_type_is_split_into_media_type_and_charset(
    header: str | None, expected: tuple[str, str | None]
) -> None:
    assert parse_content_type(header) == expected


# --- against a real server on 127.0.0.1 --------------------------------------------------------


@contextlib.asynccontextmanager
async def local_server(
    handle: Callable[[str, asyncio.StreamWriter], object],
) -> AsyncIterator[int]:
    """Serves on 127.0.0.1; ``handle(path, writer)`` answers. Yields the port; stops every handler."""
    handlers: set[asyncio.Task[None]] = set()

    async def on_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        handlers.add(asyncio.current_task())  # type: ignore[arg-type]
        try:
            request_line = (await reader.readline()).decode()
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            await handle(request_line.split()[1], writer)  # type: ignore[misc]
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(on_connection, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        for task in handlers:
            task.cancel()
        await asyncio.gather(*handlers, return_exceptions=True)
        await server.wait_closed()


def real_fetcher(**options: object) -> SafePageFetcher:
    client = httpx.AsyncClient(trust_env=False, follow_redirects=False)
    return SafePageFetcher(client, allow_private_networks=True, **options)  # type: ignore[arg-type]


@pytest.mark.anyio
async def test_a_server_trickling_bytes_forever_is_cut_off_at_the_total_deadline() -> None:
    async def slow_loris(path: str, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n")
        while True:
            writer.write(b"a")
            await writer.drain()
            await asyncio.sleep(0.02)

    # 100 kB at 50 bytes a second would take over half an hour: only the total deadline ends it.
    async with local_server(slow_loris) as port:
        with anyio.fail_after(60), pytest.raises(PageUnavailable) as unavailable:  # fail_after: a hang guard
            await real_fetcher(timeout_seconds=0.5).fetch(f"http://127.0.0.1:{port}/")

    assert unavailable.value.reason == "timed out after 0.5 s"


async def pages(path: str, writer: asyncio.StreamWriter) -> None:
    if path == "/article":
        body = b"<html><body><h1>Local</h1><p>served from a test</p></body></html>"
        head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
    else:
        body = b"not here"
        head = b"HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n"
    writer.write(head + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
    await writer.drain()


@pytest.mark.anyio
async def test_a_local_server_page_is_read_whole() -> None:
    async with local_server(pages) as port:
        page = await real_fetcher(timeout_seconds=5).fetch(f"http://127.0.0.1:{port}/article")

    assert page.status == 200
    assert page.body.startswith(b"<html><body><h1>Local</h1>")
    assert (page.content_type, page.charset, page.truncated) == ("text/html", "utf-8", False)


@pytest.mark.anyio
async def test_a_local_server_404_is_unavailable() -> None:
    async with local_server(pages) as port:
        with pytest.raises(PageUnavailable) as unavailable:
            await real_fetcher(timeout_seconds=5).fetch(f"http://127.0.0.1:{port}/missing")

    assert unavailable.value.reason == "HTTP 404"


@pytest.mark.anyio
async def test_the_local_server_is_refused_without_the_private_network_opt_in() -> None:
    async with local_server(pages) as port:
        client = httpx.AsyncClient(trust_env=False, follow_redirects=False)
        with pytest.raises(UnsafeUrl, match="loopback"):
            await SafePageFetcher(client).fetch(f"http://127.0.0.1:{port}/article")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("page_timeout", "expected"),
    [
        (8.0, {"connect": 5.0, "read": 8.0, "write": 8.0, "pool": 8.0}),
        (2.0, {"connect": 2.0, "read": 2.0, "write": 2.0, "pool": 2.0}),
    ],
)
async def test_every_request_carries_the_page_timeout_with_a_connect_bound_of_at_most_five_seconds(
    page_timeout: float, expected: dict[str, float]
) -> None:
    recorder = Recorder(html)

    await make_fetcher(recorder, timeout_seconds=page_timeout).fetch("https://example.com/")

    assert recorder.requests[0].extensions["timeout"] == expected
