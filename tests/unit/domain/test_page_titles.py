"""The title a page gives itself, as the agent reads it beside the page's text: chosen, cleaned, bounded,
and not repeated where the text's own first heading says it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.page_titles import (
    DECLARED_CHARS,
    MAX_TITLE_CHARS,
    declared_title,
    leading_title,
    opens_with_title,
)


def head(*tags: str) -> str:
    return f"<!DOCTYPE html><html><head>{''.join(tags)}</head><body><h1>Heading</h1><p>Text.</p></body></html>"


OG = '<meta property="og:title" content="Relay guide">'
TWITTER = '<meta name="twitter:title" content="Relay guide on Twitter">'
TITLE = "<title>Relay guide | Example</title>"


@pytest.mark.parametrize(
    ("tags", "title"),
    [
        ((TITLE, OG, TWITTER), "Relay guide"),  # Open Graph's, which leaves out the site's name
        ((TITLE, TWITTER), "Relay guide on Twitter"),
        ((TITLE,), "Relay guide | Example"),
        ((TITLE, '<meta property="og:title" content="   ">'), "Relay guide | Example"),  # empty: the next
        (("<TITLE lang=en>Relay guide</TITLE>",), "Relay guide"),
        (("<meta content='Relay guide' PROPERTY='OG:Title'>",), "Relay guide"),  # any order, case, quotes
        (("<meta property=og:title content=Relay>",), "Relay"),
        (('<meta property="og:title" content="First"><meta property="og:title" content="Second">',), "First"),
        ((), None),
        (("<title></title>",), None),
    ],
)
def test_open_graph_first_then_twitter_then_the_title_element(tags: tuple[str, ...], title: str | None) -> None:
    assert declared_title(head(*tags)) == title


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("Fish &amp; chips &#8211; a guide &lt;2025&gt;", "Fish & chips – a guide <2025>"),
        ("\n    Relay\tguide\r\n  | Example\n", "Relay guide | Example"),
        ("Relay\u00a0guide\u2028second line", "Relay guide second line"),
        ("Relay\x00guide\x1b[31m red\x7f\x9b", "Relay guide [31m red"),  # control characters are spaces
        ("\u202eediug yaleR\u202c and \u2066isolated\u2069", "ediug yaleR and isolated"),  # no reordering marks
    ],
)
def test_a_title_is_read_with_its_entities_on_one_line_without_control_characters(written: str, read: str) -> None:
    assert declared_title(head(f"<title>{written}</title>")) == read
    assert declared_title(head(f'<meta property="og:title" content="{written}">')) == read


def test_a_long_open_graph_title_is_cut_and_a_long_title_element_is_not_read() -> None:
    long = "word " * 20_000
    cut = declared_title(head(f'<meta property="og:title" content="{long}">'))
    assert cut is not None and len(cut) == MAX_TITLE_CHARS and cut.endswith("word…")
    assert declared_title(head(f"<title>{'a' * 2_000_000}</title>")) is None


def test_a_title_that_did_not_decode_gives_way_to_the_next_or_to_none() -> None:
    assert declared_title(head("<title>Relay guide</title>", '<meta property="og:title" content="R\ufffdsum\ufffd">'))
    assert declared_title(head("<title>R\ufffdsum\ufffd</title>")) is None


def test_a_title_is_looked_for_past_a_heavy_head_but_not_past_the_bound() -> None:
    styles = "<style>" + "a{color:red}" * 10_000 + "</style>"  # 120 KB of inline style first
    assert declared_title(head(styles, TITLE)) == "Relay guide | Example"
    assert declared_title(head("<script>" + " " * DECLARED_CHARS + "</script>", TITLE)) is None


@pytest.mark.parametrize(
    "markup",
    [
        "<html><head><title" + " x" * 1_000_000,  # an opening tag never closed
        "<html><head><title>Relay guide" + " x" * 1_000_000,  # a title never closed
        "<title" * 300_000,  # html.parser took minutes on a megabyte of this
        "<" * 2_000_000,
        '<meta property="og:title" content="' + "x" * 2_000_000,
        ("<meta " + "a" * 4_000 + ">") * 300,  # attribute names without values
        ("<meta " + 'a="' * 1_000 + ">") * 300,
    ],
)
def test_hostile_heads_give_no_title_and_are_read_in_one_pass(markup: str) -> None:
    assert declared_title(markup) is None


@given(st.text(max_size=300))
def test_any_markup_is_read_without_raising(html: str) -> None:
    found = declared_title(html)
    assert found is None or (0 < len(found) <= MAX_TITLE_CHARS and "\n" not in found)
    declared_title(head(html))


@pytest.mark.parametrize(
    ("markdown", "title"),
    [
        ("# Relay guide (#42)\n\nopened by ada", "Relay guide (#42)"),
        ("\n\n#   Relay guide ##\n\ntext", "Relay guide"),
        ("## A section\n\ntext", None),
        ("Text first\n\n# Relay guide", None),
        ("#Relay", None),
        ("# \x1b[2Jcleared", "[2Jcleared"),
    ],
)
def test_a_site_readers_first_heading_is_its_pages_title(markdown: str, title: str | None) -> None:
    assert leading_title(markdown) == title


@pytest.mark.parametrize(
    ("text", "title", "says_it"),
    [
        ("# Relay guide\n\nText.", "Relay guide", True),
        ("\n# Relay Guide!\n\nText.", "relay guide", True),  # case and punctuation aside
        ("# Relay guide\n\nText.", "Relay guide | Example", True),  # the title less the site's name
        ("# Relay guide\n\nText.", "Example » Relay guide", True),
        ("### Relay guide", "Relay guide", True),
        ("# [Relay guide](https://example.org/relay)", "Relay guide", True),
        ("# Introduction\n\nText.", "Introduction to relays", False),  # the title says more
        ("# Relay guide, part two", "Relay guide", False),
        ("Relay guide\n\nText.", "Relay guide", False),  # not a heading
        ("Text.\n\n# Relay guide", "Relay guide", False),  # not the window's first line
        ("#\n\nText.", "Relay guide", False),
    ],
)
def test_a_window_opening_with_a_heading_that_says_the_title_need_not_repeat_it(
    text: str, title: str, says_it: bool
) -> None:
    assert opens_with_title(text, title) is says_it


def test_a_title_is_read_from_the_head_not_from_comments_scripts_or_an_icon_s_title() -> None:
    commented = '<html><head><!-- <meta property="og:title" content="Old draft"> --><title>Real title</title></head>'
    scripted = (
        '<html><head><script>w(\'<meta property="og:title" content="Script">\')</script><title>Real title</title>'
    )
    icon_only = "<html><head><meta charset=utf-8></head><body><svg><title>Close icon</title></svg></body></html>"

    assert declared_title(commented) == declared_title(scripted) == "Real title"
    assert declared_title(icon_only) is None


def test_invisible_characters_go_and_a_linked_heading_says_its_words() -> None:
    assert (
        declared_title("<title>Wiki\u200bpe\u00addia\ufeff \U000e0041guide\u061cnow</title>") == "Wikipedia guide now"
    )
    assert leading_title("# [Some post](https://forum.example/t/1)\n\ntext") == "Some post"
