"""SafePageFetcher: read one URL over HTTP(S) without letting it reach private networks.

Guards, in the order they apply to every hop (the first request and each redirect):
only http and https; every address the host resolves to must be public; the connection goes
to the vetted address itself (the URL is rewritten to the IP, the Host header and the TLS
server name keep the real host name), so a second DNS answer cannot swap in another address.
The body is streamed and capped, and one deadline bounds the whole fetch, redirects included.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import anyio
import httpx

from adapters.pages.address_guard import IPAddress, non_public_category, parse_host_literal
from adapters.pages.resolver import Resolver, SystemResolver
from adapters.pages.responses import describe_transport_error, is_text_like, parse_content_type
from domain.errors import PageUnavailable, UnsafeUrl
from domain.pages import FetchedPage

DEFAULT_USER_AGENT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36 searchrelay/0.1"
)
_ACCEPT = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,"
    "text/markdown;q=0.8,application/json;q=0.8,application/pdf;q=0.8,*/*;q=0.5"
)
_ALLOW_HINT = "set SEARCHRELAY_ALLOW_PRIVATE_NETWORKS=true to allow private networks"
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_DEFAULT_PORTS = {"http": 80, "https": 443}
_CONNECT_SECONDS = 5.0  # an unreachable host should fail fast, well inside the page timeout


@dataclass(frozen=True)
class _Target:
    """One hop, vetted: the URL as the caller sees it and the address it will really reach."""

    url: httpx.URL
    address: IPAddress


class SafePageFetcher:
    """Fetches pages safely; implements ``domain.ports.PageFetcherPort``.

    The injected client must be built with ``trust_env=False`` (a proxy from the environment
    would make the connection to the vetted address meaningless) and ``follow_redirects=False``
    (redirects are followed here, each hop vetted). Requests also pass ``follow_redirects=False``.

    Bodies over ``max_body_bytes`` are cut and marked ``truncated`` when they are text (the
    beginning of a page is still worth reading); other bodies over the cap, such as PDFs, are
    refused as "too big", early when Content-Length already says so, since half a binary is useless.
    """

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        resolver: Resolver | None = None,
        allow_private_networks: bool = False,
        max_body_bytes: int = 5 * 1024 * 1024,
        max_redirects: int = 5,
        timeout_seconds: float = 10.0,
        user_agent: str = DEFAULT_USER_AGENT,
    ) -> None:
        self._client = client
        self._resolver = resolver if resolver is not None else SystemResolver()
        self._allow_private_networks = allow_private_networks
        self._max_body_bytes = max_body_bytes
        self._max_redirects = max_redirects
        self._timeout_seconds = timeout_seconds
        self._headers = {"User-Agent": user_agent, "Accept": _ACCEPT, "Accept-Language": "en,*;q=0.5"}

    async def fetch(self, url: str) -> FetchedPage:
        try:
            with anyio.fail_after(self._timeout_seconds):
                return await self._follow_redirects(url)
        except TimeoutError:
            raise PageUnavailable(url, f"timed out after {self._timeout_seconds:g} s") from None

    async def _follow_redirects(self, url: str) -> FetchedPage:
        current = _parse_url(url)
        for hop in range(self._max_redirects + 1):
            target = await self._vet(url, current, via_redirect=hop > 0)
            outcome = await self._request(url, target)
            if isinstance(outcome, FetchedPage):
                return outcome
            current = outcome
        raise PageUnavailable(url, f"too many redirects (more than {self._max_redirects})")

    async def _vet(self, original: str, url: httpx.URL, *, via_redirect: bool) -> _Target:
        prefix = "refused redirect" if via_redirect else "refused"
        if not url.scheme:
            raise PageUnavailable(original, "not an absolute URL (start it with https:// or http://)")
        if url.scheme not in _DEFAULT_PORTS:
            raise UnsafeUrl(original, f"{prefix}: unsupported scheme '{url.scheme}' (only http and https)")
        host = url.host
        if not host:
            raise UnsafeUrl(original, f"{prefix}: the URL has no host")
        literal = parse_host_literal(host)
        addresses = [literal] if literal is not None else await self._resolve(original, url)
        for address in addresses:
            category = non_public_category(address)
            if category is not None and not self._allow_private_networks:
                if literal is None:
                    where = f"{host} resolves to {address}, {category}"
                elif host.strip("[]") == str(address):
                    where = f"{address} is {category}"
                else:
                    where = f"{host} means {address}, {category}"
                raise UnsafeUrl(original, f"{prefix}: {where} ({_ALLOW_HINT})")
        return _Target(url=url, address=addresses[0])

    async def _resolve(self, original: str, url: httpx.URL) -> list[IPAddress]:
        port = url.port or _DEFAULT_PORTS[url.scheme]
        try:
            answers = await self._resolver.resolve(url.host, port)
        except OSError:
            raise PageUnavailable(original, f"could not resolve host '{url.host}'") from None
        addresses = [parsed for answer in answers if (parsed := parse_host_literal(answer)) is not None]
        if not addresses or len(addresses) != len(answers):
            raise PageUnavailable(original, f"could not resolve host '{url.host}'")
        return addresses

    async def _request(self, original: str, target: _Target) -> FetchedPage | httpx.URL:
        """GET the vetted target: the page, or the next URL when the server redirects."""
        url = target.url
        pinned = url.copy_with(host=str(target.address))
        # Connection: close because the pool is keyed by the pinned IP: a kept-alive TLS connection
        # opened for one host name could otherwise carry a request for another host on the same
        # address without that host's certificate ever being checked.
        headers = {**self._headers, "Host": url.netloc.decode("ascii"), "Connection": "close"}
        extensions = {"sni_hostname": url.host} if url.scheme == "https" else {}
        try:
            async with self._client.stream(
                "GET",
                pinned,
                headers=headers,
                extensions=extensions,
                follow_redirects=False,
                timeout=httpx.Timeout(self._timeout_seconds, connect=min(_CONNECT_SECONDS, self._timeout_seconds)),
            ) as response:
                if response.status_code in _REDIRECT_STATUSES:
                    return _redirect_target(original, url, response)
                if not 200 <= response.status_code < 300:
                    raise PageUnavailable(original, f"HTTP {response.status_code}")
                return await self._read_page(original, url, response)
        except httpx.HTTPError as exc:
            raise PageUnavailable(original, describe_transport_error(exc)) from None

    async def _read_page(self, original: str, url: httpx.URL, response: httpx.Response) -> FetchedPage:
        media_type, charset = parse_content_type(response.headers.get("content-type"))
        text_like = is_text_like(media_type)
        declared = _content_length(response)
        if declared is not None and declared > self._max_body_bytes and not text_like:
            raise PageUnavailable(original, self._too_big(declared))
        body = bytearray()
        truncated = False
        async for chunk in response.aiter_bytes():
            room = self._max_body_bytes - len(body)
            if len(chunk) > room:
                if not text_like:
                    raise PageUnavailable(original, self._too_big(None))
                body += chunk[:room]
                truncated = True
                break
            body += chunk
        return FetchedPage(
            url=str(url),
            status=response.status_code,
            content_type=media_type,
            charset=charset,
            body=bytes(body),
            truncated=truncated,
        )

    def _too_big(self, size: int | None) -> str:
        limit = _megabytes(self._max_body_bytes)
        if size is None:
            return f"too big: over the {limit} limit"
        return f"too big: {_megabytes(size)}, over the {limit} limit"


def _parse_url(url: str) -> httpx.URL:
    try:
        return httpx.URL(url)
    except httpx.InvalidURL as exc:
        raise PageUnavailable(url, f"invalid URL ({exc})") from None


def _redirect_target(original: str, current: httpx.URL, response: httpx.Response) -> httpx.URL:
    location = response.headers.get("location")
    if not location:
        raise PageUnavailable(original, f"HTTP {response.status_code} redirect without a Location header")
    try:
        # Relative to the URL as the caller sees it, never to the pinned IP URL actually requested.
        return current.join(location)
    except httpx.InvalidURL:
        raise PageUnavailable(original, "redirect to an invalid URL") from None


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length", "")
    return int(value) if value.isdigit() else None


def _megabytes(size: int) -> str:
    return f"{math.ceil(size / (1024 * 1024) * 10) / 10:g} MB"
