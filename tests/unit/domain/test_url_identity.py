"""When two links name the same page: the normal form results are merged on."""

from __future__ import annotations

import pytest

from domain.url_identity import normalised_url


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("HTTPS://Example.COM/a", "https://example.com/a"),
        ("https://www.example.com/a", "https://example.com/a"),
        ("https://example.com/a/", "https://example.com/a"),
        ("https://example.com/", "https://example.com"),
        ("https://example.com/a#part-2", "https://example.com/a"),
        ("https://example.com/a?utm_source=x&utm_medium=y", "https://example.com/a"),
        ("https://example.com/a?id=3&UTM_Campaign=z&gclid=1&fbclid=2", "https://example.com/a?id=3"),
        ("https://example.com/a?b=2&a=1", "https://example.com/a?a=1&b=2"),
        ("https://example.com:443/a", "https://example.com/a"),
        ("http://example.com:80/a", "http://example.com/a"),
        ("  https://example.com/a  ", "https://example.com/a"),
    ],
)
def test_spellings_of_one_page_are_one(one: str, other: str) -> None:
    assert normalised_url(one) == normalised_url(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("https://example.com/A", "https://example.com/a"),  # paths are case-sensitive
        ("https://example.com/a?id=1", "https://example.com/a?id=2"),
        ("http://example.com/a", "https://example.com/a"),  # the scheme stays
        ("https://example.com:8443/a", "https://example.com/a"),
        ("https://docs.example.com/a", "https://example.com/a"),
        ("https://wwwexample.com/a", "https://example.com/a"),
    ],
)
def test_different_pages_stay_apart(one: str, other: str) -> None:
    assert normalised_url(one) != normalised_url(other)


def test_a_link_that_does_not_parse_is_only_trimmed() -> None:
    assert normalised_url(" https://example.com:99999/a ") == "https://example.com:99999/a"
