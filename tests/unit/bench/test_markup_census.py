"""The census behind the tree passes: which words of an element a reference keeps, counted once, outside chrome."""

from __future__ import annotations

from bench.markup_census import Reference, Tally, count_page, kept_by, selector, words_of
from tests.unit.adapters.pages.page_trees import tree

REFERENCE = Reference.of("The Harbour sofa has feather-wrapped cushions on a solid oak frame. Home")


def test_an_element_is_kept_when_most_of_its_three_word_runs_are_in_the_reference() -> None:
    assert kept_by(REFERENCE, ["feather", "wrapped", "cushions", "on", "a"])
    assert not kept_by(REFERENCE, ["feather", "wrapped", "cushions", "for", "every", "room"])


def test_one_or_two_words_are_kept_only_as_a_phrase_of_the_reference() -> None:
    assert kept_by(REFERENCE, ["home"])
    assert kept_by(REFERENCE, ["oak", "frame"])
    assert not kept_by(REFERENCE, ["frame", "oak"])


def test_a_script_s_source_is_not_words_a_reader_sees() -> None:
    root = tree('<div id="x">Home <script>{"@type": "BreadcrumbList"}</script>› Sofas</div>')

    assert words_of(next(root.iter("div"))) == ["home", "sofas"]


def test_the_outermost_element_counts_once_and_chrome_not_at_all() -> None:
    root = tree(
        '<div class="breadcrumbs"><a href="/">Home</a> <span class="breadcrumb">Sofas and chairs here</span></div>'
        '<nav><div class="breadcrumbs">Inside the navigation</div></nav>'
        '<div class="breadcrumbs">' + "word " * 20 + "</div>"
    )
    tally = Tally()

    count_page(root, REFERENCE, selector(["breadcrumbs", "breadcrumb"]), 10, tally, "page")

    assert tally.elements == 1
    assert (tally.words_kept, tally.words_left) == (0, 5)


def test_choices_and_link_share_narrow_the_selection() -> None:
    panel = tree(
        '<div class="filters"><input type="checkbox"> Red <input type="checkbox"> Blue <input type="radio"> Any</div>'
    )
    links = tree('<div class="filters"><a href="/red">Red</a> <a href="/blue">Blue</a> all colours</div>')
    element = next(panel.iter("div"))

    assert selector(["filters"], choices=3)(element)
    assert not selector(["filters"], choices=4)(element)
    assert selector(["filters"], link_share=0.5)(next(links.iter("div")))
    assert not selector(["filters"], link_share=0.9)(next(links.iter("div")))
