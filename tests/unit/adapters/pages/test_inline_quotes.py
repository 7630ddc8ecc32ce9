"""Inline quotations written with the marks a browser draws, so that no candidate loses what follows them."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.inline_quotes import quotes_marked
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

URL = "https://news.example/2025/relay"
PROSE = (
    "<p>The relay answered about a million calls a day across its providers last year, as the report "
    "explains in detail below, with the figures for each month and each provider it asked.</p>"
)
PAGE = (
    "<!doctype html><html><head><title>Report</title></head><body><article><h1>Report</h1>"
    + PROSE
    + "<p>The operator said <q>it kept answering when two providers failed</q> and added that the "
    "failover table decided every case within a second.</p>" + PROSE + "</article></body></html>"
)


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_keeps_the_quote_its_marks_and_what_follows(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    answer = run(name)
    assert "said “it kept answering when two providers failed” and added that the failover table" in answer, name


def test_a_quote_inside_a_quote_gets_single_marks_and_markup_inside_is_kept() -> None:
    root = tree("<p>A <q>b <q>c</q> <em>d</em></q> e <code><q>f</q></code></p>")
    assert quotes_marked(root) == 2
    assert text(root) == "A “b ‘c’ d” e f"
    assert root.find(".//em") is not None and root.find(".//code/q") is not None
