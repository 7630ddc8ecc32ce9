"""Which IP addresses a page fetch may connect to: only globally routable ones.

Pure functions, no I/O. The fetcher asks ``non_public_category`` about every address a host
resolves to, and ``parse_host_literal`` about the host itself, so that odd spellings of an
address (``127.1``, ``2130706433``, ``0x7f.1``) are judged as the address the OS would use.
"""

from __future__ import annotations

import ipaddress
import re
import socket

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_CGNAT = ipaddress.IPv4Network("100.64.0.0/10")
_NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")
_NAT64_LOCAL_USE = ipaddress.IPv6Network("64:ff9b:1::/48")
_SITE_LOCAL = ipaddress.IPv6Network("fec0::/10")
_UNIQUE_LOCAL = ipaddress.IPv6Network("fc00::/7")
# Only characters inet_aton understands; keeps hostnames such as "cafe.de" out of it.
_IPV4_LOOSE = re.compile(r"[0-9a-fA-FxX.]+")


def is_public_address(ip: IPAddress) -> bool:
    """True when ``ip`` is globally routable and so safe for a server to connect to."""
    return non_public_category(ip) is None


def non_public_category(ip: IPAddress, *, name_embedded: bool = True) -> str | None:
    """Why ``ip`` is not public, as a phrase such as "a loopback address"; None when it is public.

    ``name_embedded=False`` leaves out the IPv4 address an IPv6 address wraps, for addresses
    learned from DNS that the caller never saw.
    """
    if isinstance(ip, ipaddress.IPv6Address):
        return _ipv6_category(ip, name_embedded=name_embedded)
    return _ipv4_category(ip)


def parse_host_literal(host: str) -> IPAddress | None:
    """The address ``host`` spells, or None when it is a name that needs resolving.

    Accepts bracketed IPv6 and every IPv4 form ``inet_aton`` accepts (short, decimal, hex,
    octal), because that is what the OS connects to when handed such a string.
    """
    literal = host.strip()
    if literal.startswith("[") and literal.endswith("]"):
        literal = literal[1:-1]
    literal = literal.removesuffix(".")
    if not literal:
        return None
    try:
        return ipaddress.ip_address(literal)
    except ValueError:
        pass
    if not _IPV4_LOOSE.fullmatch(literal):
        return None
    try:
        return ipaddress.IPv4Address(socket.inet_aton(literal))
    except OSError:
        return None


def _ipv4_category(ip: ipaddress.IPv4Address) -> str | None:
    checks: tuple[tuple[bool, str], ...] = (
        (ip.is_unspecified, "an unspecified address"),
        (ip.is_loopback, "a loopback address"),
        (ip.is_link_local, "a link-local address (cloud metadata lives here)"),
        (ip in _CGNAT, "a carrier-grade NAT address"),
        (ip.is_multicast, "a multicast address"),
        (ip.is_reserved, "a reserved address"),
        (ip.is_private, "a private address"),
        (not ip.is_global, "not a globally routable address"),
    )
    return next((category for failed, category in checks if failed), None)


def _ipv6_category(ip: ipaddress.IPv6Address, *, name_embedded: bool) -> str | None:
    wrapped = _embedded_ipv4(ip)
    for kind, inner in wrapped:
        inner_category = _ipv4_category(inner)
        if inner_category is not None:
            return (
                f"{kind} wrapping {inner}, {inner_category}" if name_embedded else f"{kind} wrapping {inner_category}"
            )
    if wrapped:
        # The packets end up at the embedded IPv4 address, so its verdict is the one that counts.
        return None
    checks: tuple[tuple[bool, str], ...] = (
        (ip.is_unspecified, "an unspecified address"),
        (ip.is_loopback, "a loopback address"),
        (ip.is_link_local, "a link-local address"),
        (ip in _SITE_LOCAL, "a site-local address"),
        (ip in _NAT64_LOCAL_USE, "a local-use NAT64 address"),
        (ip.is_multicast, "a multicast address"),
        (ip in _UNIQUE_LOCAL, "a unique-local (private) address"),
        (ip.is_reserved, "a reserved address"),
        (ip.is_private, "a private address"),
        (not ip.is_global, "not a globally routable address"),
    )
    return next((category for failed, category in checks if failed), None)


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """IPv4 addresses that traffic to ``ip`` really reaches, through the usual transition schemes."""
    found: list[tuple[str, ipaddress.IPv4Address]] = []
    if ip.ipv4_mapped is not None:
        found.append(("an IPv4-mapped address", ip.ipv4_mapped))
    if ip.sixtofour is not None:
        found.append(("a 6to4 address", ip.sixtofour))
    if ip.teredo is not None:
        server, client = ip.teredo
        found.extend([("a Teredo address", client), ("a Teredo address", server)])
    if ip in _NAT64_WELL_KNOWN:
        found.append(("a NAT64 address", ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)))
    return found
