"""A site's not-found page served with 200 is known by its title, in the words sites use; titles that
only quote those words are not."""

from __future__ import annotations

import pytest

from domain.not_found import not_found_title


@pytest.mark.parametrize(
    ("title", "says_not_found"),
    [
        ("Page not found | Example", True),
        ("404 - Example", True),
        ("Example – Page Not Found", True),
        ("Oops! Page not found.", True),
        ("Error 404 (Not Found)!!1", True),
        ("404: This page could not be found", True),  # Next.js's own
        ("Not Found", True),
        ("Nothing found for &quot;relay&quot; | Blog", False),
        ("Seite nicht gefunden - Beispiel", True),
        ("ページが見つかりません | 例", True),
        ("404 Media", False),
        ("A story about leaks | 404 Media", False),
        ("Not Found: a review of the film", False),
        ("How to fix a 404 not found error", False),
        ("Relay guide", False),
    ],
)
def test_the_title_says_whether_the_site_has_the_page(title: str, says_not_found: bool) -> None:
    found = not_found_title(f"<html><head><meta charset='utf-8'><title>{title}</title></head><body></body></html>")
    assert (found is not None) is says_not_found


def test_a_page_without_a_title_in_its_start_is_not_judged() -> None:
    assert not_found_title("<html><body><h1>Page not found</h1></body></html>") is None
    assert not_found_title("<p>" + "x" * 70_000 + "</p><title>Not Found</title>") is None
