"""Void elements libxml2 keeps open (embed, source, track, wbr, keygen) hold nothing: what follows is not theirs."""

from __future__ import annotations

import pytest
from lxml import etree

from adapters.pages import profiles
from adapters.pages.void_elements import void_elements_emptied
from tests.unit.adapters.pages.page_trees import cut_candidates, tree

URL = "https://reports.example/2025/annual"
PARAGRAPH = (
    "<p>{} of the annual report explains how the relay kept answering through the year when one provider "
    "failed, with enough words to read as the body of a real article to every extractor.</p>"
)
PAGE = (
    "<!doctype html><html><head><title>Annual report</title></head><body><main><div class='report'>"
    "<h1>Annual report</h1>" + PARAGRAPH.format("The opening")
    + "<embed src='/2025/chart.pdf' type='application/pdf'>"
    + PARAGRAPH.format("The middle part") + "<p>Its parameter super<wbr>califragilistic bounds retries"
    " <source src='/clip.mp4'>in every call of the chain.</p>" + PARAGRAPH.format("The closing part")
    + "</div></main></body></html>"
)  # fmt: skip


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_no_candidate_loses_what_follows_a_void_element(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    answer = run(name)
    for words in ("The middle part", "The closing part", "califragilistic bounds retries", "in every call"):
        assert words in answer, (name, words)


def test_what_a_void_element_was_made_to_hold_follows_it_in_order() -> None:
    root = tree("<div>a<embed src='x'>b<i>c</i>d<source src='y'><img src='z'></source>e</div>")
    assert void_elements_emptied(root) == 2
    assert etree.tostring(root.find(".//div"), encoding="unicode") == (
        '<div>a<embed src="x"/>b<i>c</i>d<source src="y"/><img src="z"/>e</div>'
    )


def test_nested_sources_in_a_picture_come_out_one_after_another() -> None:
    root = tree("<picture><source srcset='a.webp'><source srcset='a.avif'><img src='a.png' alt='A chart'></picture>")
    assert void_elements_emptied(root) == 2
    assert [child.tag for child in root.find(".//picture")] == ["source", "source", "img"]


def test_a_page_whose_void_elements_are_empty_is_left_alone() -> None:
    assert void_elements_emptied(tree("<p>a<br>b<wbr></wbr>c</p>")) == 0
