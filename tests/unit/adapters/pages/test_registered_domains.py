"""The registered domain of a host, by the Public Suffix List's ICANN section the package ships."""

from __future__ import annotations

import pytest

from adapters.pages.registered_domains import registered_domain


@pytest.mark.parametrize(
    ("host", "domain"),
    [
        ("www.example.com", "example.com"),
        ("blog.example.co.uk", "example.co.uk"),
        ("example.com.", "example.com"),
        ("a.b.c.example.org", "example.org"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de"),
        # A hosting company's suffix (private section) is its own registration, not its users'.
        ("someone.github.io", "github.io"),
    ],
)
def test_a_host_under_a_public_suffix_has_its_registered_domain(host: str, domain: str) -> None:
    assert registered_domain(host) == domain


@pytest.mark.parametrize(
    "host",
    [
        "intranet",  # a single label
        "wiki.corp",
        "printer.local",
        "build.internal",
        "router.lan",
        "nas.home.arpa",  # RFC 8375's home networks
        "4.3.2.1.in-addr.arpa",
        "shop.onion",
        "x.example",
        "x.test",
        "x.invalid",
        "x.localhost",
        "co.uk",  # a public suffix itself
        "com",
        "",
        ".",
        "93.184.216.34",
    ],
)
def test_a_name_no_registry_hands_out_has_none(host: str) -> None:
    assert registered_domain(host) is None
