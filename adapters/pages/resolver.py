"""Turning a host name into the IP addresses a fetch may connect to."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Sequence
from typing import Protocol

import dns.asyncresolver
import dns.exception
import dns.message
import dns.name
import dns.rdatatype
import dns.resolver

# How long the DNS is asked whether a registered domain exists; within the fetch's own deadline,
# which bounds it too.
LAPSE_CHECK_SECONDS = 2.0


class Resolver(Protocol):
    """Resolves a host name to IP address strings. Raises ``OSError`` when the name does not resolve:
    ``socket.gaierror`` with ``EAI_NONAME`` when the DNS said there is no such name (``name_unknown``)."""

    async def resolve(self, host: str, port: int) -> list[str]: ...

    async def lapsed(self, domain: str) -> bool:
        """Whether the registry of the registered domain ``domain`` says it holds no such domain;
        False whenever that is not known for sure."""
        ...


def name_unknown(error: OSError) -> bool:
    """Whether a resolver's ``error`` says the name does not exist, rather than that the DNS could
    not be asked (no network, a server failing), where nothing is known of the name."""
    return isinstance(error, socket.gaierror) and error.errno == socket.EAI_NONAME


class SystemResolver:
    """The operating system's resolver, asked through the event loop so nothing blocks it.

    ``nameservers`` and ``port`` replace the system's configured nameservers (tests run one on
    127.0.0.1); they and ``lapse_check_seconds`` are used only by ``lapsed``.
    """

    def __init__(
        self,
        *,
        nameservers: Sequence[str] | None = None,
        port: int = 53,
        lapse_check_seconds: float = LAPSE_CHECK_SECONDS,
    ) -> None:
        self._nameservers = list(nameservers) if nameservers is not None else None
        self._port = port
        self._lapse_check_seconds = lapse_check_seconds

    async def resolve(self, host: str, port: int) -> list[str]:
        infos = await asyncio.get_running_loop().getaddrinfo(
            host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
        )
        addresses: list[str] = []
        for _family, _type, _proto, _canonname, sockaddr in infos:
            address = str(sockaddr[0])
            if address not in addresses:
                addresses.append(address)
        return addresses

    async def lapsed(self, domain: str) -> bool:
        # The domain's delegation asked of the nameservers the system uses, by its absolute name
        # (no search list). getaddrinfo says "no such name" of a domain that only lacks an
        # address, and a filtering resolver (a sandbox's, a blocklist's) says it of any domain it
        # blocks: only a denial from the registry counts, an NXDOMAIN carrying the SOA of a
        # zone above the domain (RFC 2308 has a resolver pass it on for negative caching).
        try:
            name = dns.name.from_text(domain)
            resolver = dns.asyncresolver.Resolver(configure=self._nameservers is None)
            if self._nameservers is not None:
                resolver.nameservers = self._nameservers
                resolver.port = self._port
        except (dns.exception.DNSException, OSError, ValueError):
            return False  # a name the DNS cannot hold, or no nameserver configured: nothing known
        try:
            await resolver.resolve(name, dns.rdatatype.NS, lifetime=self._lapse_check_seconds, search=False)
        except dns.resolver.NXDOMAIN as denied:
            answers: dict[dns.name.Name, dns.message.Message] = denied.responses()  # type: ignore[no-untyped-call]
            return any(_denied_from_above(name, answer) for answer in answers.values())
        except (dns.exception.DNSException, OSError, ValueError):
            return False  # nothing known: no nameserver answered in time, or none could
        return False


def _denied_from_above(name: dns.name.Name, response: dns.message.Message) -> bool:
    """Whether ``response`` denies ``name`` with the SOA of a zone that holds it, below the root: its
    registry's (the root's SOA comes with the denial of a top-level domain, or from a resolver that
    makes one up)."""
    return any(
        rrset.rdtype == dns.rdatatype.SOA and rrset.name not in (name, dns.name.root) and name.is_subdomain(rrset.name)
        for rrset in response.authority
    )
