import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidRequestError
from domain.paging import TextWindow, continuation_note, cut


def test_a_short_text_fits_in_one_window() -> None:
    window = cut("hello\nworld", max_bytes=100)

    assert window == TextWindow("hello\nworld", 0, 11, 11, truncated=False)
    assert continuation_note(window) is None


def test_the_byte_limit_cuts_a_long_line() -> None:
    window = cut("a" * 100, max_bytes=30)

    assert (window.text, window.end_index, window.truncated) == ("a" * 30, 30, True)


def test_bytes_are_counted_in_utf8_and_characters_are_never_split() -> None:
    text = "é" * 10  # two bytes each

    window = cut(text, max_bytes=7)

    assert window.text == "ééé"
    assert len(window.text.encode()) == 6
    assert window.end_index == 3


def test_the_line_limit_cuts_after_the_last_allowed_line() -> None:
    text = "".join(f"line {n}\n" for n in range(10))

    window = cut(text, max_bytes=10_000, max_lines=3)

    assert window.text == "line 0\nline 1\nline 2\n"
    assert window.truncated


def test_whichever_limit_comes_first_wins() -> None:
    text = "".join(f"line {n}\n" for n in range(10))

    assert cut(text, max_bytes=8, max_lines=3).text == "line 0\n"
    assert cut(text, max_bytes=1000, max_lines=2).text == "line 0\nline 1\n"


def test_a_window_ends_at_a_nearby_line_break() -> None:
    text = "x" * 90 + "\n" + "y" * 100

    window = cut(text, max_bytes=100)

    assert window.text == "x" * 90 + "\n"
    assert window.end_index == 91


def test_a_distant_line_break_does_not_shrink_the_window() -> None:
    text = "x" * 10 + "\n" + "y" * 200

    assert cut(text, max_bytes=100).end_index == 100


def test_start_index_continues_where_the_last_window_ended() -> None:
    text = "abcdefghij" * 3
    first = cut(text, max_bytes=12)

    second = cut(text, start_index=first.end_index, max_bytes=12)

    assert second.start_index == 12
    assert second.text == text[12:24]
    assert first.text + second.text == text[:24]


def test_the_last_window_is_not_truncated() -> None:
    window = cut("abcdef", start_index=4, max_bytes=10)

    assert (window.text, window.truncated) == ("ef", False)


def test_start_index_at_the_very_end_gives_an_empty_window() -> None:
    assert cut("abc", start_index=3, max_bytes=10) == TextWindow("", 3, 3, 3, truncated=False)


@pytest.mark.parametrize("start_index", [4, 100, -1])
def test_start_index_out_of_range_says_how_long_the_text_is(start_index: int) -> None:
    with pytest.raises(InvalidRequestError, match="the text has 3 characters"):
        cut("abc", start_index=start_index, max_bytes=10)


def test_a_character_larger_than_the_byte_limit_still_makes_progress() -> None:
    window = cut("😀😀", max_bytes=2)

    assert (window.text, window.end_index) == ("😀", 1)


def test_the_continuation_note_says_where_to_resume() -> None:
    window = cut("a" * 183_000, max_bytes=51_200)

    assert continuation_note(window) == (
        "[Truncated: showing characters 0-51200 of 183000. Call web_fetch again with start_index=51200 to continue.]"
    )


@given(
    text=st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=400),
    max_bytes=st.integers(min_value=1, max_value=64),
    max_lines=st.integers(min_value=1, max_value=5),
)
def test_successive_windows_reproduce_the_text_exactly(text: str, max_bytes: int, max_lines: int) -> None:
    pieces = []
    start = 0
    while True:
        window = cut(text, start_index=start, max_bytes=max_bytes, max_lines=max_lines)
        assert window.text == text[window.start_index : window.end_index]
        if window.end_index - window.start_index > 1:
            assert len(window.text.encode()) <= max_bytes
            assert window.text.count("\n") <= max_lines
        pieces.append(window.text)
        if not window.truncated:
            break
        assert window.end_index > start
        start = window.end_index
    assert "".join(pieces) == text


@given(
    text=st.text(alphabet=st.characters(blacklist_characters="\n\r"), max_size=300),
    max_bytes=st.integers(min_value=4, max_value=200),
)
def test_a_window_without_line_breaks_is_the_longest_that_fits_the_bytes(text: str, max_bytes: int) -> None:
    # Lone surrogates included (Cs): each counts the three bytes it would take.
    window = cut(text, max_bytes=max_bytes)
    size = len(window.text.encode("utf-8", "surrogatepass"))
    assert size <= max_bytes
    if window.truncated:
        one_more = text[: window.end_index + 1].encode("utf-8", "surrogatepass")
        assert len(one_more) > max_bytes


def test_a_start_past_a_one_character_text_says_character_once() -> None:
    with pytest.raises(InvalidRequestError, match=r"the text has 1 character \(use a start_index from 0 to 1\)"):
        cut("x", start_index=5, max_bytes=10)
