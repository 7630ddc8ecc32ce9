"""Headings whose markup made trafilatura lose their text reach it with their words."""

from __future__ import annotations

import pytest
from lxml import etree

from adapters.pages import heading_markup
from adapters.pages.candidates import parse_html, trafilatura_markdown
from adapters.pages.heading_markup import mend_headings
from adapters.pages.html_article import parse_page

SENTENCE = " ".join(f"word{number}" for number in range(60))


def _page(heading: str) -> str:
    return (
        f"<html><body><article><h1>Hooks</h1><p>{SENTENCE}</p>{heading}"
        f"<p>{SENTENCE} after.</p><p>{SENTENCE}</p></article></body></html>"
    )


@pytest.mark.parametrize(
    ("heading", "written"),
    [
        ("<h2 id='state-hook'><a href='#state-hook' aria-hidden class='anchor'></a>State Hook </h2>", "## State Hook"),
        ("<h2 id='effect-hook'>Effect Hook<a href='#effect-hook' class='anchor'> </a></h2>", "## Effect Hook"),
        ("<h3><br>1. Start with the Easy Stuff</h3>", "### 1. Start with the Easy Stuff"),
        ("<h3 id='pi'><a class='heading-anchor' href='#pi'>place-items and place-content</a></h3>", "### place-items"),
        ("<h2 id='s1'>Step 1: Break the UI <a href='#s1'><svg><path d='M1'/></svg></a></h2>", "## Step 1: Break"),
    ],
)
def test_trafilatura_keeps_the_heading_s_words(heading: str, written: str) -> None:
    parsed = parse_page(_page(heading))
    assert parsed is not None

    for mode in ("precision", "recall"):
        markdown = trafilatura_markdown(parsed[1], "https://docs.example/hooks", mode=mode, include_images=False)

        assert written in markdown, mode


@pytest.mark.parametrize(
    "heading",
    [
        "<h2><a href='/hooks'>State Hook</a></h2>",
        "<h2><a href='/'><img src='/logo.png' alt='Home'></a> State Hook</h2>",
        "<h2><a href='/docs/hooks'><svg><path d='M1 1'></path></svg></a> State Hook</h2>",
        "<h2>State Hook<br>and its rules</h2>",
    ],
)
def test_links_with_words_or_pictures_and_inner_line_breaks_stay(heading: str) -> None:
    root = parse_html(_page(heading))
    before = etree.tostring(root)

    assert mend_headings(root) == 0
    assert etree.tostring(root) == before


def test_the_words_after_a_dropped_link_stay_in_the_heading() -> None:
    root = parse_html(_page("<h2><a class='anchor' href='#a'></a><a class='anchor' href='#b'></a>State Hook</h2>"))

    assert mend_headings(root) == 2
    assert "".join(next(root.iter("h2")).itertext()) == "State Hook"


def test_only_the_page_s_first_headings_are_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heading_markup, "MAX_ELEMENTS", 3)
    root = parse_html("<html><body>" + "<h2><a class='anchor' href='#a'></a>Section</h2>" * 5 + "</body></html>")

    assert mend_headings(root) == 3
