"""Vetting one hop of a page fetch: the URL's scheme and host, and every address it resolves to.

A refusal names the rule that was broken and the host as the caller wrote it, never an
address learned from DNS: an error message must not become a way to map an internal network.
"""

from __future__ import annotations

import httpx

from adapters.pages.address_guard import IPAddress, non_public_category, parse_host_literal
from adapters.pages.registered_domains import registered_domain
from adapters.pages.resolver import Resolver, name_unknown
from domain.errors import DomainLapsed, PageUnavailable, UnsafeUrl

ALLOW_HINT = "set SEARCHRELAY_ALLOW_PRIVATE_NETWORKS=true to allow private networks"
DEFAULT_PORTS = {"http": 80, "https": 443}


class TargetVetter:
    """Says which addresses a URL may be fetched from; raises ``UnsafeUrl`` or ``PageUnavailable``."""

    def __init__(self, resolver: Resolver, *, allow_private_networks: bool) -> None:
        self._resolver = resolver
        self._allow_private_networks = allow_private_networks

    async def addresses(self, original: str, url: httpx.URL, *, via_redirect: bool) -> list[IPAddress]:
        """Every address of ``url``'s host, each one allowed, in the resolver's order."""
        prefix = "refused redirect" if via_redirect else "refused"
        if not url.scheme:
            raise PageUnavailable(original, "not an absolute URL (start it with https:// or http://)")
        if url.scheme not in DEFAULT_PORTS:
            raise UnsafeUrl(original, f"{prefix}: unsupported scheme '{url.scheme}' (only http and https)")
        host = ascii_host(url)
        if not host:
            raise UnsafeUrl(original, f"{prefix}: the URL has no host")
        literal = parse_host_literal(host)
        addresses = [literal] if literal is not None else await self._resolve(original, url)
        if self._allow_private_networks:
            return addresses
        for address in addresses:
            if literal is None:
                category = non_public_category(address, name_embedded=False)
                if category is not None:
                    raise UnsafeUrl(original, f"{prefix}: {host} resolves to {category} ({ALLOW_HINT})")
                continue
            category = non_public_category(address)
            if category is not None:
                where = f"{address} is" if host.strip("[]") == str(address) else f"{host} means {address},"
                raise UnsafeUrl(original, f"{prefix}: {where} {category} ({ALLOW_HINT})")
        return addresses

    async def _resolve(self, original: str, url: httpx.URL) -> list[IPAddress]:
        host = ascii_host(url)
        port = url.port or DEFAULT_PORTS[url.scheme]
        try:
            answers = await self._resolver.resolve(host, port)
        except OSError as error:
            raise await self._unresolved(original, host, error) from None
        addresses = [parsed for answer in answers if (parsed := parse_host_literal(answer)) is not None]
        if not addresses or len(addresses) != len(answers):
            raise PageUnavailable(original, f"could not resolve host '{host}'")
        return addresses

    async def _unresolved(self, original: str, host: str, error: OSError) -> PageUnavailable:
        """Why ``host`` did not resolve, as far as the DNS tells: a name under a registered domain
        its registry does not hold is a site that lapsed, or an intranet's under a domain never
        registered in public. A name under a domain that exists may be an intranet's, seen only
        inside it, and is said as unresolved and no more. Whether the page may be named to an
        archive is the fetcher's to decide (``DomainLapsed`` only when every hop was public)."""
        reason = f"could not resolve host '{host}'"
        domain = registered_domain(host) if name_unknown(error) else None
        if domain is not None and await self._resolver.lapsed(domain):
            return DomainLapsed(
                original,
                f"{reason}: its registry holds no domain {domain} (lapsed, suspended or never registered)",
                domain=domain,
            )
        return PageUnavailable(original, reason)


def ascii_host(url: httpx.URL) -> str:
    """The host as it goes on the wire: IDNA-encoded (``xn--...``), lower case."""
    return url.raw_host.decode("ascii")
