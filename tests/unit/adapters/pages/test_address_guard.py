import ipaddress

import pytest

from adapters.pages.address_guard import is_public_address, non_public_category, parse_host_literal


@pytest.mark.parametrize(
    ("address", "category"),
    [
        ("127.0.0.1", "loopback"),
        ("10.1.2.3", "private"),
        ("172.16.0.1", "private"),
        ("192.168.1.1", "private"),
        ("169.254.169.254", "link-local"),
        ("100.64.0.1", "carrier-grade NAT"),
        ("0.0.0.0", "unspecified"),
        ("224.0.0.1", "multicast"),
        ("240.0.0.1", "reserved"),
        ("255.255.255.255", "reserved"),
        ("::1", "loopback"),
        ("::", "unspecified"),
        ("fe80::1", "link-local"),
        ("fec0::1", "site-local"),
        ("fd12:3456::1", "unique-local"),
        ("ff02::1", "multicast"),
        ("::ffff:7f00:1", "IPv4-mapped address wrapping 127.0.0.1"),
        ("::ffff:169.254.169.254", "IPv4-mapped address wrapping 169.254.169.254"),
        ("2002:0a00:0001::1", "6to4 address wrapping 10.0.0.1"),
        ("2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo address wrapping 10.0.0.1"),
        ("64:ff9b::7f00:1", "NAT64 address wrapping 127.0.0.1"),
        ("64:ff9b::a9fe:a9fe", "NAT64 address wrapping 169.254.169.254"),
    ],
)
def test_non_public_addresses_are_refused_with_their_category(address: str, category: str) -> None:
    ip = ipaddress.ip_address(address)

    assert not is_public_address(ip)
    assert category in (non_public_category(ip) or "")


@pytest.mark.parametrize(
    "address",
    [
        "93.184.216.34",
        "8.8.8.8",
        "2606:4700:4700::1111",
        "::ffff:8.8.8.8",
        "2002:0808:0808::1",
        "64:ff9b::808:808",
    ],
)
def test_globally_routable_addresses_are_public(address: str) -> None:
    assert is_public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("127.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("10.1", "10.0.0.1"),
        ("127.0.0.1.", "127.0.0.1"),
        ("[::1]", "::1"),
        ("::ffff:7f00:1", "::ffff:7f00:1"),
        ("93.184.216.34", "93.184.216.34"),
    ],
)
def test_host_literals_are_read_as_the_os_would(host: str, address: str) -> None:
    assert parse_host_literal(host) == ipaddress.ip_address(address)


@pytest.mark.parametrize("host", ["example.com", "localhost", "cafe.de", "deadbeef", "1.2.3.4.5", "", "[]"])
def test_names_are_not_literals(host: str) -> None:
    assert parse_host_literal(host) is None
