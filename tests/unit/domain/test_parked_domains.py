"""A parking, sale or expiry page in a site's place is told from a page of the site, a marketplace's
page offering another domain and a page that only mentions a sale. Pages written for the tests."""

from __future__ import annotations

import pytest

from domain.parked_domains import MAX_TEXT_CHARS, own_names, parked
from domain.walls import answered_instead

OFFERED = "the domain oldblog.net is parked: a page offering it for sale answered instead of the page"


@pytest.mark.parametrize(
    "head",
    [
        b'<html lang="en" data-adblockkey="MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKX74ix"><head><title></title>',
        b'<html><body><script src="https://img.sedoparking.com/js/lander.js"></script>',
        b"<html><body><iframe src='//www.parkingcrew.net/frame?d=oldblog.net'></iframe>",
        b'<html><head><script>window.location.href="/lander"</script></head><body></body></html>',
    ],
)
def test_a_landers_own_markup_is_a_parked_domain_whatever_it_says(head: bytes) -> None:
    assert parked("https://oldblog.net/2017/05/relay-notes", head, "") == OFFERED


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("oldblog.net is for sale!", ""),
        ("", "The domain name oldblog.net is for sale. Get a price quote in 24 hours."),
        ("OldBlog.net - this domain may be for sale", "Related searches: Cheap Flights, Credit Cards"),
        ("Buy oldblog.net", "Secure payment. Fast transfer."),
        ("", "Make an offer on oldblog.net today"),
        ("", "oldblog.net: is available for purchase"),
    ],
)
def test_words_offering_the_asked_domain_are_a_parked_domain(title: str, text: str) -> None:
    head = f"<html><head><title>{title}</title></head><body></body></html>".encode()
    assert parked("https://www.oldblog.net/2017/05/relay-notes", head, text) == OFFERED


def test_a_registrars_notice_is_an_expired_domain() -> None:
    said = parked(
        "https://blog.oldblog.net/post", b"<title>Domain expired</title>", "oldblog.net expired on 2024-02-01."
    )
    assert said == "the domain oldblog.net has expired: its registrar's notice answered instead of the page"


@pytest.mark.parametrize(
    ("asked", "title", "text"),
    [
        # A marketplace's page offering another domain is the page asked for.
        ("https://dan.com/buy-domain/oldblog.net", "oldblog.net is for sale", "Buy this domain. Dan.com"),
        # A sale that is not the domain's.
        ("https://shop.example.com/cars/17", "Car for sale", "This car is for sale at example.com."),
        ("https://example.com/gifts", "Buy example.com gift cards", "Gift cards for every occasion."),
        # A page about parked domains.
        ("https://blog.example.org/parking", "Why this domain is for sale", "Many domains are parked."),
    ],
)
def test_other_sales_are_pages(asked: str, title: str, text: str) -> None:
    assert parked(asked, f"<title>{title}</title>".encode(), text) is None


def test_only_the_start_of_the_text_is_searched() -> None:
    text = "x" * MAX_TEXT_CHARS + " oldblog.net is for sale"
    assert parked("https://oldblog.net/", b"", text) is None


def test_the_asked_names_are_the_host_and_its_parents() -> None:
    assert own_names("https://www.blog.example.co.uk/a") == ["blog.example.co.uk", "example.co.uk", "co.uk"]
    assert own_names("http://[::1]/") == []
    assert own_names("http://[bad/") == []


def test_a_page_with_much_text_or_many_bytes_is_never_judged() -> None:
    small = b'<html data-adblockkey="k"><title>oldblog.net is for sale</title></html>'
    assert answered_instead("https://oldblog.net/a", small, "Related searches") == OFFERED
    assert answered_instead("https://oldblog.net/a", small, "A story. " * 300) is None
    assert answered_instead("https://oldblog.net/a", small + b" " * 70_000, "Related searches") is None
