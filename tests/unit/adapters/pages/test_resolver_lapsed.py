"""Whether a registered domain lapsed is asked of a real DNS server the test runs on 127.0.0.1:
only a denial from the zone above the domain (its registry's SOA beside the NXDOMAIN) counts, never
a filtering resolver's bare NXDOMAIN, a policy zone's, a failure or silence."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import dns.message
import dns.rcode
import dns.rrset
import pytest

from adapters.pages.resolver import SystemResolver

pytestmark = pytest.mark.anyio
SOA = "ns.zone. hostmaster.zone. 1 7200 900 1209600 86400"
# Each name's answer: its rcode and the zone whose SOA goes with it (None: none).
ANSWERS: dict[str, tuple[int, str | None]] = {
    "gone-example.com.": (dns.rcode.NXDOMAIN, "com."),  # as a registry denies a domain it does not hold
    "gone-example.co.uk.": (dns.rcode.NXDOMAIN, "uk."),
    "blocked-example.com.": (dns.rcode.NXDOMAIN, None),  # a sandbox's or a blocklist's resolver
    "policy-example.com.": (dns.rcode.NXDOMAIN, "rpz.local."),  # a response policy zone's denial
    "self-example.com.": (dns.rcode.NXDOMAIN, "self-example.com."),
    "failing-example.com.": (dns.rcode.SERVFAIL, None),
    "rooted-example.com.": (dns.rcode.NXDOMAIN, "."),  # the root's SOA: no registry's denial
}
SILENT = "silent-example.com."


class DnsServer:
    """A UDP DNS server answering from ``ANSWERS``; a live domain for any other name, none for ``SILENT``."""

    def __init__(self) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.settimeout(0.05)  # closing a socket does not wake a thread blocked on it
        self.port = self.socket.getsockname()[1]
        self.asked: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> DnsServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.socket.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                wire, client = self.socket.recvfrom(4096)
            except TimeoutError:
                continue
            query = dns.message.from_wire(wire)
            name = query.question[0].name.to_text()
            self.asked.append(name)
            if name == SILENT:
                continue
            answer = dns.message.make_response(query)
            rcode, zone = ANSWERS.get(name, (dns.rcode.NOERROR, None))
            answer.set_rcode(rcode)
            if rcode == dns.rcode.NOERROR:
                answer.answer.append(dns.rrset.from_text(name, 3600, "IN", "NS", "ns1.host.example."))
            if zone is not None:
                answer.authority.append(dns.rrset.from_text(zone, 900, "IN", "SOA", SOA))
            self.socket.sendto(answer.to_wire(), client)


@pytest.fixture
def server() -> Iterator[DnsServer]:
    with DnsServer() as running:
        yield running


def _resolver(server: DnsServer) -> SystemResolver:
    return SystemResolver(nameservers=["127.0.0.1"], port=server.port, lapse_check_seconds=0.5)


@pytest.mark.parametrize("domain", ["gone-example.com", "gone-example.co.uk"])
async def test_a_denial_from_the_registry_is_a_lapsed_domain(server: DnsServer, domain: str) -> None:
    assert await _resolver(server).lapsed(domain) is True
    assert server.asked == [f"{domain}."]  # by its absolute name, no search list


@pytest.mark.parametrize(
    "domain",
    [
        "blocked-example.com",
        "policy-example.com",
        "self-example.com",
        "failing-example.com",
        "rooted-example.com",
        "live.com",
    ],
)
async def test_anything_else_is_not_known_to_have_lapsed(server: DnsServer, domain: str) -> None:
    assert await _resolver(server).lapsed(domain) is False


async def test_a_server_that_never_answers_is_given_up_on(server: DnsServer) -> None:
    assert await _resolver(server).lapsed(SILENT.rstrip(".")) is False
    assert SILENT in server.asked


async def test_a_name_the_dns_cannot_hold_is_never_asked(server: DnsServer) -> None:
    assert await _resolver(server).lapsed("a" * 64 + ".com") is False
    assert server.asked == []
