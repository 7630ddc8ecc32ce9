"""Inline elements that only a style sheet keeps apart reach the agent as separate words."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from adapters.pages import glued_inlines
from adapters.pages.candidates import parse_html
from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.glued_inlines import space_glued_inlines
from adapters.pages.html_article import parse_page
from adapters.pages.html_markdown import Element
from domain.pages import FetchedPage


def _tree(body: str) -> Element:
    root = parse_html(f"<html><body>{body}</body></html>")
    assert root is not None
    return root


def _box_text(box: Element) -> str:
    return "".join(box.itertext())


def _text(root: Element) -> str:
    body = next(root.iter("body"))
    return "".join(body.itertext())


def test_a_specification_s_name_and_value_in_touching_spans_are_spaced() -> None:
    root = _tree(
        "<div class='row'><span class='name'>ISBN-13</span><span class='value'>9780544103054</span></div>"
        "<div class='row'><span class='name'><span>Publisher</span></span><span>Houghton Mifflin</span></div>"
    )

    assert space_glued_inlines(root) == 2
    assert [_box_text(box) for box in root.iter("div")] == [
        "ISBN-13 9780544103054",
        "Publisher Houghton Mifflin",
    ]


def test_in_running_text_only_a_figure_against_a_letter_is_spaced() -> None:
    root = _tree(
        "<p><span>€49.99</span><span>VAT included</span></p>"
        "<h3><a href='/a'><span>Ensemble Learning</span><span>7 min read</span></a></h3>"
        "<p><span>includin</span><span>g the rest</span></p>"
    )

    assert space_glued_inlines(root) == 2
    assert [_box_text(box) for box in root.iter("p", "h3")] == [
        "€49.99 VAT included",
        "Ensemble Learning 7 min read",
        "including the rest",
    ]


def test_a_label_s_closing_sign_and_a_value_s_opening_one_are_spaced_too() -> None:
    root = _tree(
        "<div><span>eBay Product ID (ePID)</span><span>27038656990</span></div>"
        "<div><span>Price:</span><span>$69.00</span></div>"
    )

    assert space_glued_inlines(root) == 2
    assert [_box_text(box) for box in root.iter("div")] == ["eBay Product ID (ePID) 27038656990", "Price: $69.00"]


def test_links_laid_out_as_buttons_in_a_list_item_are_spaced() -> None:
    root = _tree("<ul><li><a href='/a'>Cloud</a><a href='/b'>Security</a><button>Storage</button></li></ul>")

    assert space_glued_inlines(root) == 2
    assert _text(root) == "Cloud Security Storage"


@pytest.mark.parametrize(
    "body",
    [
        # running text: an editor's styling splits one word across spans
        "<p><span>includin</span><span>g the rest</span></p>",
        "<h2><span>Stack</span><span>Overflow</span></h2>",
        # a box holding text of its own is running text too
        "<div>Read <a href='/a'>this</a><a href='/b'>that</a> today</div>",
        # where spacing is meaning
        "<pre><div><span>def</span><span>main</span></div></pre>",
        "<div><code><span>foo</span><span>bar</span></code></div>",
        # a drop cap, a word spelled out letter by letter
        "<div><span>W</span><span>inter came</span></div>",
        # signs meant to touch their number
        "<div><span>$</span><span>25.00</span></div>",
        "<div><span>25</span><span>%</span></div>",
        "<div><span>example</span><span>.com</span></div>",
        # already apart
        "<div><span>Colour</span> <span>Green</span></div>",
    ],
)
def test_inline_pieces_that_may_be_one_word_or_are_already_apart_are_left_alone(body: str) -> None:
    root = _tree(body)
    before = etree.tostring(root)

    assert space_glued_inlines(root) == 0
    assert etree.tostring(root) == before


def test_a_shop_s_specification_reaches_the_agent_as_separate_words() -> None:
    rows = "".join(
        f"<div class='details-row'><span class='details-name'>{name}</span>"
        f"<span class='details-value'>{value}</span></div>"
        for name, value in [
            ("ISBN-13", "9780544103054"),
            ("Publisher", "Harbour Books"),
            ("Pages", "288"),
            ("Language", "English"),
        ]
    )
    description = " ".join(
        f"Chapter {n} follows the keepers of the harbour light through another winter of storms and tides."
        for n in range(8)
    )
    html = (
        "<html><head><title>Once and Future Harbour</title></head><body><main>"
        f"<h1>Once and Future Harbour</h1><p>{description}</p>"
        f"<h2>About this product</h2><div class='details'>{rows}</div>"
        "</main></body></html>"
    )
    page = FetchedPage("https://shop.example/item/1", 200, "text/html", "utf-8", html.encode())

    markdown = TrafilaturaExtractor().extract(page)

    for name, value in [("ISBN-13", "9780544103054"), ("Publisher", "Harbour"), ("Language", "English")]:
        assert re.search(rf"{name}\W+{value}", markdown), name


def test_the_extractors_that_parse_for_themselves_read_the_spaced_page() -> None:
    html = "<html><body><div><span>Colour</span><span>Green</span></div></body></html>"

    parsed = parse_page(html)

    assert parsed is not None
    root, spaced_html = parsed
    assert "".join(next(root.iter("div")).itertext()) == "Colour Green"
    assert "<span>Colour</span> <span>Green</span>" in spaced_html


def test_a_page_with_nothing_glued_is_handed_on_as_it_came() -> None:
    html = "<!DOCTYPE html><html><body><div><span>Colour</span> <span>Green</span></div></body></html>"

    parsed = parse_page(html)

    assert parsed is not None
    assert parsed[1] is html


def test_only_the_page_s_first_inline_elements_are_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glued_inlines, "MAX_ELEMENTS", 4)
    root = _tree("<div>" + "".join(f"<span>word{n}</span>" for n in range(10)) + "</div>")

    assert space_glued_inlines(root) == 4
    assert _text(root) == "word0 word1 word2 word3 word4word5word6word7word8word9"


def test_files_embedded_in_attributes_are_not_written_out_again() -> None:
    icon = "data:image/svg+xml,<svg viewBox='0 0 100 28'><path d='M 1 2 L 3 4 Z'/></svg>"
    html = f'<html><body><img src="{icon}" alt="Logo"><div><span>Colour</span><span>Green</span></div></body></html>'

    parsed = parse_page(html)

    assert parsed is not None
    root, spaced_html = parsed
    assert "svg" not in spaced_html  # escaped, the icon became one long word for trafilatura to backtrack over
    assert next(root.iter("img")).get("alt") == "Logo"
