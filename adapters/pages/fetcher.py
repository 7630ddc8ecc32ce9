"""SafePageFetcher: read one URL over HTTP(S) without letting it reach private networks.

Guards, in the order they apply to every hop (the first request and each redirect):
only http and https; every address the host resolves to must be public; the connection goes
to a vetted address itself (the URL is rewritten to the IP, the Host header and the TLS
server name keep the real host name), so a second DNS answer cannot swap in another address;
when one address does not answer, the next vetted one is tried. Credentials in the URL
(``user:pass@``) are taken out of it: sent as Basic auth to that origin only, never to a host
a redirect leads to, and never shown. The body is read raw and decoded under one cap on the
decoded size (``adapters.bounded_body``), and one deadline bounds the whole fetch.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

import anyio
import httpx

from adapters.bounded_body import BodyRefused, BodyTooLarge, megabytes, read_body
from adapters.content_encoding import ACCEPT_ENCODING
from adapters.pages.address_guard import IPAddress, non_public_category
from adapters.pages.fetch_scope import PAGE, Call, Credentials, origin
from adapters.pages.resolver import Resolver, SystemResolver
from adapters.pages.responses import describe_invalid_url, describe_transport_error, is_text_like, parse_content_type
from adapters.pages.target_vetting import TargetVetter, ascii_host
from domain.errors import DomainLapsed, PageUnavailable, PageWithheld
from domain.pages import FetchedPage
from domain.retry_after import retry_after_seconds
from domain.walls import HEAD_BYTES, refusal_reason

DEFAULT_USER_AGENT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36 searchrelay/0.1"
)
_ACCEPT = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,"
    "text/markdown;q=0.8,application/json;q=0.8,application/pdf;q=0.8,*/*;q=0.5"
)
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_CONNECT_SECONDS = 5.0  # an unreachable address should fail fast, well inside the page timeout
#: A 429 or 503 whose Retry-After asks for at most this long is asked again once after that wait (a
#: site limiting bursts, a search's pages from one host at once); a longer wait is the site's answer.
RETRY_WITHIN_SECONDS = 2.0


class _AskAgain(Exception):
    """The site answered 429 or 503 asking to come back within moments: the fetch asks once more."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class _NotConnected(Exception):
    """This address could not be connected to; another address of the host may still answer."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SafePageFetcher:
    """Fetches pages safely; implements ``domain.ports.PageFetcherPort``.

    The injected client must be built with ``trust_env=False`` (a proxy from the environment
    would make the connection to the vetted address meaningless) and ``follow_redirects=False``
    (redirects are followed here, each hop vetted). Requests also pass ``follow_redirects=False``.

    Bodies over ``max_body_bytes`` (decoded) are cut and marked ``truncated`` when they are
    uncompressed text (the beginning of a page is still worth reading); other bodies over the
    cap, such as PDFs or compressed bodies that inflate past it, are refused, early when
    Content-Length already says so.
    """

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        resolver: Resolver | None = None,
        allow_private_networks: bool = False,
        max_body_bytes: int = 5_000_000,
        max_redirects: int = 5,
        timeout_seconds: float = 10.0,
        user_agent: str = DEFAULT_USER_AGENT,
    ) -> None:
        self._client = client
        self._vetter = TargetVetter(
            resolver if resolver is not None else SystemResolver(), allow_private_networks=allow_private_networks
        )
        self._max_body_bytes = max_body_bytes
        self._max_redirects = max_redirects
        self._timeout_seconds = timeout_seconds
        self._headers = {
            "User-Agent": user_agent,
            "Accept": _ACCEPT,
            "Accept-Language": "en,*;q=0.5",
            "Accept-Encoding": ACCEPT_ENCODING,
        }

    async def fetch(self, url: str) -> FetchedPage:
        return await self._guarded(url, PAGE)

    async def call(
        self,
        url: str,
        *,
        method: str = "GET",
        headers: Mapping[str, str] | None = None,
        content: bytes | None = None,
    ) -> FetchedPage:
        """An API call (site resolvers) under the same guards, caps and deadline as a page fetch.

        ``headers`` (an API token, say) are sent to ``url``'s origin only, never to where a
        redirect leads; a call other than GET is not redirected at all. Any status comes back as
        a page with that status, so the caller can read the API's own error answer.
        """
        call = Call(method, dict(headers or {}), content, any_status=True)
        return await self._guarded(url, call)

    async def _guarded(self, url: str, call: Call) -> FetchedPage:
        target, credentials = Credentials.take(_parse_url(url))
        original = url  # what errors name, as the caller wrote it (PageUnavailable leaves out credentials)
        try:
            with anyio.fail_after(self._timeout_seconds):
                return await self._follow_redirects(original, target, credentials, call)
        except TimeoutError:
            raise PageUnavailable(original, f"timed out after {self._timeout_seconds:g} s") from None

    async def _follow_redirects(
        self, original: str, current: httpx.URL, credentials: Credentials | None, call: Call
    ) -> FetchedPage:
        first = origin(current)
        # Whether every hop so far was answered from the open web: only then may the page's address
        # be named to a public archive (an intranet page redirecting to a public sign-in never is).
        public = True
        waited = False  # a site asking to wait a moment is asked again once, per fetch
        for hop in range(self._max_redirects + 1):
            if hop and call.method != "GET":
                raise PageUnavailable(original, f"the server redirected a {call.method} request")
            try:
                addresses = await self._vetter.addresses(original, current, via_redirect=hop > 0)
            except DomainLapsed as gone:
                # A site whose domain lapsed may be in a public archive, as one that is down; not
                # when a private hop led there, nor for an API's call.
                if public and not call.any_status:
                    raise
                raise PageUnavailable(original, gone.reason) from None
            public = public and all(non_public_category(address) is None for address in addresses)
            extra = credentials.headers_for(current) if credentials is not None else {}
            if origin(current) == first:
                extra = {**extra, **call.origin_headers}
            try:
                outcome = await self._request_any(
                    original, current, addresses, extra, call, public=public, wait=not waited
                )
            except _AskAgain as asked:
                waited = True
                await anyio.sleep(asked.seconds)
                outcome = await self._request_any(original, current, addresses, extra, call, public=public, wait=False)
            if isinstance(outcome, FetchedPage):
                return outcome
            current = outcome
        raise PageUnavailable(original, f"too many redirects (more than {self._max_redirects})")

    async def _request_any(
        self,
        original: str,
        url: httpx.URL,
        addresses: list[IPAddress],
        extra: dict[str, str],
        call: Call,
        *,
        public: bool,
        wait: bool,
    ) -> FetchedPage | httpx.URL:
        """Each vetted address in turn until one answers. ``public``: every hop so far was; ``wait``: a
        refusal asking to come back within ``RETRY_WITHIN_SECONDS`` raises ``_AskAgain``."""
        reason = "could not connect"
        for address in addresses:
            try:
                return await self._request(original, url, address, extra, call, public=public, wait=wait)
            except _NotConnected as failed:
                reason = failed.reason
        # A public site that is down, or whose certificate lapsed, may still be in a public archive.
        raise PageWithheld.unless_private(original, reason, public=public and bool(addresses) and not call.any_status)

    async def _request(
        self,
        original: str,
        url: httpx.URL,
        address: IPAddress,
        extra: dict[str, str],
        call: Call,
        *,
        public: bool,
        wait: bool,
    ) -> FetchedPage | httpx.URL:
        """GET ``url`` from ``address``: the page, or the next URL when the server redirects."""
        pinned = url.copy_with(host=str(address))
        # Connection: close because the pool is keyed by the pinned IP: a kept-alive TLS connection
        # opened for one host name could otherwise carry a request for another host on the same
        # address without that host's certificate ever being checked.
        headers = {**self._headers, **extra, "Host": url.netloc.decode("ascii"), "Connection": "close"}
        extensions = {"sni_hostname": ascii_host(url)} if url.scheme == "https" else {}
        try:
            async with self._client.stream(
                call.method,
                pinned,
                headers=headers,
                content=call.content,
                extensions=extensions,
                follow_redirects=False,
                timeout=httpx.Timeout(self._timeout_seconds, connect=min(_CONNECT_SECONDS, self._timeout_seconds)),
            ) as response:
                if response.status_code in _REDIRECT_STATUSES:
                    return _redirect_target(original, url, response)
                if not 200 <= response.status_code < 300 and not call.any_status:
                    if wait and (seconds := _short_wait(response)) is not None and _time_left() > seconds + 1.0:
                        raise _AskAgain(seconds)
                    raise await _refusal(original, response, public=public)
                return await self._read_page(original, url, response, public=public)
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            raise _NotConnected(describe_transport_error(exc)) from None
        except httpx.HTTPError as exc:
            raise PageUnavailable(original, describe_transport_error(exc)) from None

    async def _read_page(self, original: str, url: httpx.URL, response: httpx.Response, *, public: bool) -> FetchedPage:
        media_type, charset = parse_content_type(response.headers.get("content-type"))
        text_like = is_text_like(media_type)
        declared = _content_length(response)
        encoded = any(v.strip().lower() not in ("", "identity") for v in response.headers.get_list("content-encoding"))
        if declared is not None and declared > self._max_body_bytes and (encoded or not text_like):
            raise PageUnavailable(original, self._too_big(declared))
        try:
            body = await read_body(response, max_bytes=self._max_body_bytes, cut_plain=text_like)
        except BodyTooLarge as too_large:
            reason = f"page {too_large.reason}" if too_large.decompressed else self._too_big(None)
            raise PageUnavailable(original, reason) from None
        except BodyRefused as refused:
            raise PageUnavailable(original, refused.reason) from None
        return FetchedPage(
            url=str(url),
            status=response.status_code,
            content_type=media_type,
            charset=charset,
            body=body.data,
            truncated=body.truncated,
            next_url=_next_link(url, response),
            refresh=response.headers.get("refresh"),
            public=public,
        )

    def _too_big(self, size: int | None) -> str:
        limit = megabytes(self._max_body_bytes)
        if size is None:
            return f"too big: over the {limit} limit"
        return f"too big: {megabytes(size)}, over the {limit} limit"


async def _refusal(original: str, response: httpx.Response, *, public: bool) -> PageUnavailable:
    """Why a page fetch was answered with an error status: "HTTP 404", or whose bot check answered.

    The start of the answer is read (under the fetch's deadline) for the check's marks. A refusal
    at the end of hops all answered from public addresses is ``PageWithheld``: a public archive
    may be asked for the page.
    """
    try:
        head = await read_body(response, max_bytes=HEAD_BYTES, cut_plain=True)
        body, whole = head.data, not head.truncated
    except (BodyTooLarge, BodyRefused, httpx.HTTPError):
        body, whole = b"", False  # the status and the headers still tell
    headers = {name.lower(): value for name, value in response.headers.items()}
    reason = refusal_reason(response.status_code, headers, body, whole=whole)
    return PageWithheld.unless_private(original, reason, public=public)


def _time_left() -> float:
    """Seconds before the closest deadline around the fetch (its own, the page's, the call's): a wait
    that would spend it is not waited, so the refusal is still said (and the archive still asked)."""
    return anyio.current_effective_deadline() - anyio.current_time()


def _short_wait(response: httpx.Response) -> float | None:
    """The wait a 429 or 503 asks for, when it is short enough to wait for; None otherwise."""
    if response.status_code not in (429, 503):
        return None
    seconds = retry_after_seconds(response.headers.get("retry-after"), datetime.now(UTC))
    return None if seconds is None or seconds > RETRY_WITHIN_SECONDS else max(seconds, 0.05)


def _parse_url(url: str) -> httpx.URL:
    try:
        return httpx.URL(url)
    except httpx.InvalidURL as exc:
        # PageUnavailable takes any credentials out of the URL it names.
        raise PageUnavailable(url, describe_invalid_url(exc)) from None


def _redirect_target(original: str, current: httpx.URL, response: httpx.Response) -> httpx.URL:
    location = response.headers.get("location")
    if not location:
        raise PageUnavailable(original, f"HTTP {response.status_code} redirect without a Location header")
    try:
        return _followed(current, location)
    except httpx.InvalidURL:
        raise PageUnavailable(original, "redirect to an invalid URL") from None


def _next_link(current: httpx.URL, response: httpx.Response) -> str | None:
    link = response.links.get("next", {}).get("url")
    if not link:
        return None
    try:
        return str(_followed(current, link))
    except httpx.InvalidURL:
        return None


def _followed(current: httpx.URL, link: str) -> httpx.URL:
    """Where a link a server sent (a redirect's Location, a Link header) points; raises ``httpx.InvalidURL``.

    Relative to the URL as the caller sees it, never to the pinned IP URL actually requested, and
    without credentials: those a server writes into a link are never sent anywhere.
    """
    target = current.join(link)
    return target.copy_with(userinfo=b"") if target.userinfo else target


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length", "")
    return int(value) if value.isdigit() and len(value) < 19 else None  # int() refuses thousands of digits
