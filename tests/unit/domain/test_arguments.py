"""The agent's arguments: whitespace in a query normalised, control characters refused by name."""

from __future__ import annotations

import pytest

from domain.arguments import check_url, clean_query
from domain.errors import InvalidRequestError


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("  rust   async\tbook ", "rust   async book"),
        ("line one\r\nline two\n\n\nthree", "line one line two three"),
        ("non\u00a0breaking\u2028separator\u0085next", "non breaking separator next"),
        ("ünïcödé 東京 ok", "ünïcödé 東京 ok"),
    ],
)
def test_runs_with_line_breaks_or_tabs_become_single_spaces(raw: str, cleaned: str) -> None:
    assert clean_query(raw) == cleaned


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("ab\x00cd", "query contains a control character (U+0000, NUL) at position 2; remove it."),
        ("\x1b[31mred", "query contains a control character (U+001B, ESC) at position 0; remove it."),
        ("c1 \x9b control", "query contains a control character (U+009B) at position 3; remove it."),
        ("del\x7f", "query contains a control character (U+007F, DEL) at position 3; remove it."),
    ],
)
def test_other_control_characters_in_a_query_are_refused_by_name(raw: str, reason: str) -> None:
    with pytest.raises(InvalidRequestError) as refused:
        clean_query(raw)
    assert str(refused.value) == reason


def test_a_url_is_trimmed_and_otherwise_left_to_the_fetcher() -> None:
    assert check_url("  https://example.com/a b?q=ü  ") == "https://example.com/a b?q=ü"


@pytest.mark.parametrize(
    ("raw", "described"),
    [
        ("https://example.com/\r\nHost: evil", "U+000D, a carriage return"),
        ("https://example.com/\nx", "U+000A, a line break"),
        ("https://exa\tmple.com/", "U+0009, a tab"),
        ("https://example.com/\x00", "U+0000, NUL"),
        ("https://example.com/\x85/x", "U+0085"),
    ],
)
def test_any_control_character_inside_a_url_is_refused(raw: str, described: str) -> None:
    with pytest.raises(InvalidRequestError, match=r"^url contains a control character \(") as refused:
        check_url(raw)
    assert described in str(refused.value)
