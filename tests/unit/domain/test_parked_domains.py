"""A parking, sale or expiry page in a site's place is told from a page of the site, a marketplace's
page offering another domain and a page that only mentions a sale or an expiry. Pages written for
the tests."""

from __future__ import annotations

import pytest

from domain.parked_domains import MAX_TEXT_CHARS, PARKED_PAGE, own_names, parked
from domain.walls import answered_instead

DEEP = "https://oldblog.net/2017/05/relay-notes"
OFFERED = "the domain oldblog.net is parked: a page offering it for sale answered instead of the page"
EXPIRED = "the domain oldblog.net has expired: its registrar's notice answered instead of the page"


def _page(title: str) -> bytes:
    return f"<html><head><title>{title}</title></head><body></body></html>".encode()


@pytest.mark.parametrize(
    "head",
    [
        b'<html lang="en" data-adblockkey="MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKX74ix"><head><title></title>',
        b'<html><body><script src="https://img.sedoparking.com/js/lander.js"></script>',
        b"<html><body><iframe src='//www.parkingcrew.net/frame?d=oldblog.net'></iframe>",
        b'<html><head><script>window.location.href="/lander"</script></head><body></body></html>',
        b"<html><head><script>window.location.replace('/lander')</script></head></html>",
    ],
)
def test_a_landers_own_markup_is_a_parking_page_not_named(head: bytes) -> None:
    # Not named: a short link or an archive's capture may be what led to it.
    assert parked("https://bit.ly/3xyz", head, "") == PARKED_PAGE


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("oldblog.net is for sale!", ""),
        ("OldBlog.net - this domain may be for sale", "Related searches: Cheap Flights, Credit Cards"),
        ("Buy oldblog.net", "Secure payment. Fast transfer."),
        ("Make an offer on oldblog.net today", ""),
        ("oldblog.net: is available for purchase", ""),
        ("oldblog.net", "The domain name oldblog.net is for sale. Get a price quote in 24 hours."),
        ("Welcome", "oldblog.net - this domain is for sale"),
    ],
)
def test_words_offering_the_asked_domain_are_a_parked_domain(title: str, text: str) -> None:
    assert parked("https://www.oldblog.net/2017/05/relay-notes", _page(title), text) == OFFERED


def test_godaddys_free_parking_page_is_a_parking_page() -> None:
    text = "oldblog.net\n\nThis Web page is parked FREE, courtesy of GoDaddy.com."
    assert parked(DEEP, _page("oldblog.net"), text) == PARKED_PAGE


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("oldblog.net has expired", ""),
        ("Domain expired", "The domain oldblog.net expired on 2024-02-01. Renew it now."),
        ("Notice", "oldblog.net - this domain has expired. If you are the owner, renew it."),
    ],
)
def test_a_registrars_notice_is_an_expired_domain(title: str, text: str) -> None:
    assert parked("https://blog.oldblog.net/post", _page(title), text) == EXPIRED


@pytest.mark.parametrize(
    ("asked", "title", "text"),
    [
        # A marketplace's page offering another domain is the page asked for.
        ("https://dan.com/buy-domain/oldblog.net", "oldblog.net is for sale", "Buy this domain. Dan.com"),
        ("https://www.example.co.uk/listing/9", "cheapflights.co.uk is for sale", "This domain is for sale."),
        # A sale that is not the domain's.
        ("https://shop.example.com/cars/17", "Car for sale", "This car is for sale at example.com."),
        ("https://example.com/gifts", "Buy example.com gift cards", "Gift cards for every occasion."),
        ("https://www.example-bikes.com/", "Example Bikes", "Example-bikes.com is for sale as a going concern."),
        # A longer name holding the asked one.
        ("https://www.domains.com/blog/sold", "Sold", "The domain best-domains.com is for sale."),
        # Expiries that are not the domain's.
        (
            "https://status.example.com/incidents/42",
            "Incident",
            "The TLS certificate for example.com expired on 2025-05-01",
        ),
        ("https://app.example.com/dashboard", "Signed out", "Your session on app.example.com has expired."),
        ("https://forum.bakers.co.uk/t/help/123", "Help", "My shop's domain janescakes.co.uk has expired, what now?"),
        ("http://93.184.3.4/notes", "Notes", "Support for 3.4 has expired."),
        # A page about parked domains.
        ("https://blog.example.org/parking", "Why this domain is for sale", "Many domains are parked."),
    ],
)
def test_other_sales_and_expiries_are_pages(asked: str, title: str, text: str) -> None:
    assert parked(asked, _page(title), text) is None


def test_only_the_start_of_the_text_is_searched() -> None:
    text = "x" * MAX_TEXT_CHARS + " the domain oldblog.net is for sale"
    assert parked("https://oldblog.net/", b"", text) is None


def test_the_asked_names_are_the_host_and_its_parents_short_of_a_suffix() -> None:
    assert own_names("https://www.blog.example.co.uk/a") == ["blog.example.co.uk", "example.co.uk"]
    assert own_names("https://shop.coffee.com.au/") == ["shop.coffee.com.au", "coffee.com.au"]
    assert own_names("https://oldblog.net./x") == ["oldblog.net"]
    assert own_names("https://a.b.c.d.e.example.com/") == [
        "a.b.c.d.e.example.com",
        "b.c.d.e.example.com",
        "c.d.e.example.com",
        "d.e.example.com",
    ]
    assert own_names("https://xn--bcher-kva.de/x") == ["xn--bcher-kva.de", "bücher.de"]
    assert own_names("https://bücher.de/x") == ["bücher.de", "xn--bcher-kva.de"]
    # IDNA 2003 (the standard library's) spells ß as ss, another domain: no other spelling then.
    assert own_names("https://straße.de/") == ["straße.de"]
    assert own_names("https://" + "é" * 70 + ".de/") == ["é" * 70 + ".de"]
    assert own_names("http://93.184.3.4/") == []
    assert own_names("http://[::1]/") == []
    assert own_names("http://[bad/") == []


def test_a_page_with_much_text_or_many_bytes_is_never_judged() -> None:
    small = b'<html data-adblockkey="k"><title>oldblog.net is for sale</title></html>'
    assert answered_instead("https://oldblog.net/a", small, "Related searches") == PARKED_PAGE
    assert answered_instead("https://oldblog.net/a", small, "A story. " * 300) is None
    assert answered_instead("https://oldblog.net/a", small + b" " * 70_000, "Related searches") is None


def test_a_lander_naming_the_domain_in_its_other_spelling_is_a_parked_domain() -> None:
    said = parked("https://xn--bcher-kva.de/katalog", _page("bücher.de steht zum Verkauf | bücher.de is for sale"), "")
    assert said == "the domain bücher.de is parked: a page offering it for sale answered instead of the page"
