"""A listing's content is its items: a candidate that holds few of them may not win."""

from __future__ import annotations

from adapters.pages import profiles
from adapters.pages.html_article import choose
from adapters.pages.page_kind import Structure
from adapters.pages.reconcile import holding
from adapters.pages.structured_data import StructuredData
from tests.unit.adapters.pages.given_answers import GivenAnswers
from tests.unit.adapters.pages.kind_fixtures import LISTING_ITEMS

ITEMS = "\n\n".join(f"{title} {teaser}" for title, teaser in LISTING_ITEMS)
INTRO = (
    "# Walks in the valley\n\nEvery route below was walked again this spring by the volunteers of the "
    "valley society, who check the stiles, the signs and the bridges twice a year. Distances are given "
    "there and back, times for an easy pace with stops, and every start has parking or a bus stop."
)
# the pruned whole page keeps the items and, as it does, some of the site around them
SITE = "\n".join(
    f"- [{place} {what}](/{place.lower()})"
    for place in ("Ashby", "Brook", "Carrow", "Dunmore", "Elston", "Fenwick", "Garth", "Hollin")
    for what in ("walks and trails", "where to stay nearby", "bus times and parking")
)
WHOLE = INTRO + "\n\n" + "\n\n".join(f"- **{title}**: {teaser}" for title, teaser in LISTING_ITEMS) + "\n\n" + SITE


def two_agreeing_on_the_intro() -> GivenAnswers:
    return GivenAnswers(
        {
            profiles.TRAFILATURA_RECALL: INTRO,
            profiles.TRAFILATURA_THREAD: INTRO,  # a plain page's first voter
            profiles.RESILIPARSE: INTRO + "\n\nSign in",
            profiles.WHOLE_PAGE: WHOLE,
        }
    )


def listing(items: str) -> Structure:
    return Structure(text_chars=len(WHOLE), code_chars=0, item_text=items)


def test_the_candidate_that_kept_the_items_wins_over_two_that_agree_on_the_intro() -> None:
    chosen = choose("listing", StructuredData(), listing(ITEMS), two_agreeing_on_the_intro())

    assert chosen.method == profiles.WHOLE_PAGE
    assert all(title in chosen.markdown for title, _ in LISTING_ITEMS)


def test_without_a_run_of_items_the_two_that_agree_still_win() -> None:
    chosen = choose("listing", StructuredData(), listing(""), two_agreeing_on_the_intro())

    assert chosen.method != profiles.WHOLE_PAGE


def test_only_a_listing_asks_for_its_items() -> None:
    # a plain page's run of linked blocks is as often a menu or a "related" rail as its content
    chosen = choose("page", StructuredData(), listing(ITEMS), two_agreeing_on_the_intro())

    assert chosen.method != profiles.WHOLE_PAGE


def test_holding_keeps_the_candidates_with_enough_of_the_run() -> None:
    candidates = {"intro": INTRO, "half": INTRO + "\n\n" + ITEMS[: len(ITEMS) // 2], "whole": WHOLE}

    assert set(holding(candidates, ITEMS, 1 / 3)) == {"half", "whole"}
    assert set(holding(candidates, ITEMS, 0.9)) == {"whole"}


def test_when_no_candidate_holds_the_run_all_of_them_stay() -> None:
    candidates = {"intro": INTRO, "other": "Opening hours and prices."}

    assert holding(candidates, ITEMS, 1 / 3) == candidates
    assert holding(candidates, "", 1 / 3) == candidates
