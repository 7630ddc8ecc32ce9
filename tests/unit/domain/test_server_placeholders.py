"""A web server's default page or a host's suspension notice in a site's place, asked below the
site's root, is no page of the site; at the root it is what the address holds. Pages written for
the tests."""

from __future__ import annotations

import pytest

from domain.server_placeholders import placeholder
from domain.walls import answered_instead

DEEP = "https://oldblog.net/2019/05/relay-notes"
DEFAULT = "the web server's default page answered instead of the page (no site is served there now)"


@pytest.mark.parametrize(
    "title",
    [
        "Welcome to nginx!",
        "Apache2 Ubuntu Default Page: It works",
        "Apache2  Debian Default Page: It works",
        "Test Page for the Apache HTTP Server on Fedora",
        "HTTP Server Test Page powered by: Rocky Linux",
        "IIS Windows Server",
        "Domain Default page",
        "Welcome to OpenResty!",
        "Microsoft Internet Information Services 8",
        "Apache HTTP Server Test Page powered by CentOS",
        "Test Page for the HTTP Server on AlmaLinux",
        "Caddy works!",
        "Welcome to Caddy!",
        "Welcome to nginx on Debian!",
        "Welcome to LiteSpeed Web Server!",
    ],
)
def test_a_servers_default_page_below_the_root_is_no_page(title: str) -> None:
    head = f"<html><head><title>{title}</title></head><body><p>Default page.</p></body></html>".encode()
    assert placeholder(DEEP, head, "Default page.") == DEFAULT


def test_a_post_asked_by_its_query_is_below_the_root() -> None:
    assert placeholder("https://oldblog.net/?p=123", b"<title>Welcome to nginx!</title>", "") == DEFAULT


def test_apaches_untitled_it_works_is_a_default_page() -> None:
    assert placeholder(DEEP, b"<html><body><h1>It works!</h1></body></html>", "# It works!\n") == DEFAULT


def test_a_suspension_notice_is_a_suspended_account() -> None:
    head = b"<html><head><title>Account Suspended</title></head><body></body></html>"
    text = (
        "Account Suspended\n\nThis Account has been suspended.\n\nContact your hosting provider for more information."
    )
    assert placeholder(DEEP, head, text) == (
        "the hosting account is suspended: the host's notice answered instead of the page"
    )


@pytest.mark.parametrize(
    "asked",
    [
        "https://oldblog.net",
        "https://oldblog.net/",
        "http://10.0.0.5/index.html",
        "http://web01.example.net/index.nginx-debian.html",
    ],
)
def test_at_the_sites_root_the_placeholder_is_what_the_address_holds(asked: str) -> None:
    assert placeholder(asked, b"<title>Welcome to nginx!</title>", "Welcome to nginx!") is None


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("How to configure nginx", "Welcome to nginx! is the page you see first. " * 3),
        ("It works! A story of our relay", "It works! We moved every call to the next provider."),
        ("Account suspended? What to do", "If your account has been frozen, read on."),  # no notice
        # A help article about suspended accounts, in the notice's own words.
        (
            "Account suspended – Shop Help Center: why and what next",
            "# Account suspended\n\nIf your account has been suspended, you cannot sign in or sell.",
        ),
        ("Account suspended", "If your account has been suspended, write to us."),
        ("Welcome to nginx! (a tutorial)", "Set up the server."),
    ],
)
def test_pages_about_those_are_pages(title: str, text: str) -> None:
    assert placeholder(DEEP, f"<title>{title}</title>".encode(), text) is None


def test_asked_through_the_wall_checks() -> None:
    head = b"<html><head><title>Welcome to nginx!</title></head><body><h1>Welcome to nginx!</h1></body></html>"
    assert answered_instead(DEEP, head, "# Welcome to nginx!") == DEFAULT
    assert answered_instead(DEEP, head, "A story. " * 300) is None  # much text: a page
    assert placeholder("https://[bad/x", head, "") is None
