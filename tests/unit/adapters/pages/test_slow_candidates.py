"""A slow extractor costs the page its own answer, never the whole page: stopped, or not started on huge pages."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from adapters.pages import candidates, profiles
from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.html_article import html_to_article
from adapters.pages.overtime import Overtime, stopped_after
from adapters.pages.page_kind import MAX_ELEMENTS, measure
from domain.pages import FetchedPage
from tests.unit.adapters.pages import kind_fixtures as pages

URL = "https://example.com/page"


def stalls(*args: object, **kwargs: object) -> str:
    time.sleep(30)  # stands for trafilatura lost in a huge page; the test takes 30 s if nothing stops it
    return "the stalled extractor's answer"


def must_not_run(*args: object, **kwargs: object) -> str:
    raise AssertionError("a slow candidate was started on a page too big for it")


def test_the_block_is_stopped_when_its_time_is_up() -> None:
    with pytest.raises(Overtime), stopped_after(0.05):
        time.sleep(30)


def test_an_extractor_s_own_except_exception_does_not_swallow_the_stop() -> None:
    def careless() -> str:
        try:
            time.sleep(30)
        except Exception:  # what a library does around its own work
            return "swallowed"
        return "finished"

    with pytest.raises(Overtime), stopped_after(0.05):
        careless()


def test_a_block_that_ends_in_time_leaves_no_alarm_behind() -> None:
    with stopped_after(0.05):
        pass
    time.sleep(0.1)  # an alarm left armed would raise Overtime here


def test_off_the_main_thread_the_block_runs_to_its_end() -> None:
    results: list[str] = []

    def work() -> None:
        with stopped_after(0.01):
            time.sleep(0.05)
            results.append("done")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()

    assert results == ["done"]


def test_a_stalled_extractor_is_stopped_and_the_others_still_read_the_article(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(candidates, "trafilatura_markdown", stalls)

    article = html_to_article(pages.ARTICLE_WITH_COMMENTS, URL, stop_seconds=0.2)

    assert article.kind == "article"
    assert article.method in (profiles.READABILITY, profiles.RESILIPARSE)
    assert "stalled" not in article.markdown
    assert "rebuild the old stone bridge" in article.markdown


def huge_listing(items: int) -> str:
    cards = "".join(
        f"<li class='card'><a href='/p/{n}'>Trail shoe model {n}</a> <span>${n % 90 + 10}</span></li>"
        for n in range(items)
    )
    return f"<html><body><main><h1>All shoes</h1><ul>{cards}</ul></main></body></html>"


def test_a_page_past_the_element_bound_is_read_only_by_the_extractors_that_keep_pace_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    html = huge_listing(MAX_ELEMENTS // 3 + 10)  # three elements an item
    monkeypatch.setattr(candidates, "trafilatura_markdown", must_not_run)
    monkeypatch.setattr(candidates, "readability_markdown", must_not_run)

    article = html_to_article(html, URL)

    assert measure(candidates.parse_html(html)).oversized
    assert article.method in profiles.NEVER_STOPPED
    assert "Trail shoe model 0" in article.markdown and f"Trail shoe model {MAX_ELEMENTS // 3 + 9}" in article.markdown


def test_a_page_within_the_bound_is_not_oversized() -> None:
    assert not measure(candidates.parse_html(huge_listing(100))).oversized


def test_when_the_budget_is_spent_and_nothing_made_has_text_the_fast_candidates_still_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = iter(range(1000))  # every look at the clock is a second later: the budget is spent at once
    monkeypatch.setattr(candidates, "resiliparse_markdown", lambda *args, **kwargs: "")

    article = html_to_article(pages.LISTING, URL, budget_seconds=0.5, clock=lambda: float(next(ticks)))

    assert article.method == profiles.WHOLE_PAGE  # never stopped, and run although the budget was spent
    assert article.markdown.startswith("# Walks in the valley")


@pytest.mark.parametrize("html", [pages.ARTICLE_WITH_COMMENTS, pages.FORUM_THREAD, pages.PRODUCT])
def test_the_page_s_draft_is_its_fast_reading_sent_once(html: str) -> None:
    drafts: list[str] = []

    article = html_to_article(html, URL, draft=drafts.append)

    assert drafts == [candidates.resiliparse_markdown(candidates.parse_html(html), URL)] or drafts == [
        candidates.resiliparse_markdown(candidates.parse_html(html), URL, comments=False)
    ]
    assert article.markdown  # the vote went on after the draft


def test_a_fast_reading_that_kept_only_the_heading_is_followed_by_one_that_kept_the_list() -> None:
    drafts: list[str] = []

    html_to_article(pages.LISTING, URL, draft=drafts.append)

    # Resiliparse keeps a grid of links' heading alone; past the pool's draft deadline the page
    # would have been that heading. The pruned whole page, made next, holds every walk.
    assert drafts[0] == "# Walks in the valley"
    assert len(drafts) == 2
    assert all(title in drafts[1] for title, _ in pages.LISTING_ITEMS)


@pytest.mark.parametrize(
    ("fast", "whole", "sent"),
    [
        ("# Posts", "# Posts\n\nA post on the ridge.", ["# Posts", "# Posts\n\nA post on the ridge."]),
        ("# Posts on the ridge", "# Posts", ["# Posts on the ridge"]),  # no more text: not sent
        ("# Posts on the ridge", "", ["# Posts on the ridge"]),
        ("", "# Posts", ["# Posts"]),
        ("word " * 60, "word " * 90, ["word " * 60]),  # a page's worth already sent: drafting is over
        # Link targets are not text: the second answer says no more than the first.
        ("# Posts [ridge](/a)", "# Posts [ridge](https://example.com/a/very/long/address)", ["# Posts [ridge](/a)"]),
    ],
)
def test_a_later_reading_is_sent_only_while_the_drafts_are_short_and_only_when_it_holds_more(
    monkeypatch: pytest.MonkeyPatch, fast: str, whole: str, sent: list[str]
) -> None:
    assert drafts_of(pages.FORUM_THREAD, fast, whole, monkeypatch) == (sent, "forum")


def drafts_of(html: str, fast: str, whole: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], str]:
    """The drafts sent for ``html`` when Resiliparse reads ``fast`` and the pruned whole page ``whole``,
    and the kind the page was read as."""
    monkeypatch.setattr(candidates, "resiliparse_markdown", lambda *args, **kwargs: fast)
    monkeypatch.setattr(candidates, "whole_page_markdown", lambda *args, **kwargs: whole)
    drafts: list[str] = []
    article = html_to_article(html, URL, draft=drafts.append)
    return drafts, article.kind


_INTRO = "Every walk in the valley, with its length, its climb and where to park. " * 4
_ITEMS = "\n\n".join(f"- {title}: {teaser}" for title, teaser in pages.LISTING_ITEMS)


@pytest.mark.parametrize(
    ("fast", "whole", "sent"),
    [
        # A category's intro is a page's worth of text but none of its items: the list comes next.
        (_INTRO, _INTRO + "\n\n" + _ITEMS, [_INTRO, _INTRO + "\n\n" + _ITEMS]),
        # The items first: that reads the listing, and drafting is over.
        (_ITEMS, _INTRO + "\n\n" + _ITEMS, [_ITEMS]),
    ],
)
def test_on_a_listing_a_draft_reads_the_page_once_it_holds_its_items(
    monkeypatch: pytest.MonkeyPatch, fast: str, whole: str, sent: list[str]
) -> None:
    assert drafts_of(pages.LISTING, fast, whole, monkeypatch) == (sent, "listing")


_HERO = (
    "# Our services\n\n"
    + "For forty years our engineers have kept the bridges and walls of the valley in service. " * 3
)
_SECTIONS = [
    ("Bridge inspection", "Engineers climb, measure and report on every span, bearing and joint of a road bridge."),
    ("Tunnel surveys", "Laser scans of a tunnel's lining, compared year on year, show where water is at work."),
    ("Flood defences", "Walls, gates and pumps are tested before the wet season, and their repairs planned."),
    ("Railway earthworks", "Cuttings and embankments along the line are walked, drilled and watched for slips."),
    ("Harbour walls", "Divers and sonar read the state of a quay below the water line, where the sea wears it."),
    ("Dam safety", "Reservoir dams are checked for seepage, settlement and cracking every ten years, as asked."),
]


def _sectioned(count: int) -> str:
    return "\n\n".join(f"## {heading}\n\n{text}" for heading, text in _SECTIONS[:count])


@pytest.mark.parametrize(
    ("fast", "whole", "sent"),
    [
        # A hub page's opening is a page's worth of text but one of its seven sections: the pruned
        # whole page, which says what the sections are, holds them all and is sent after it.
        (_HERO, _HERO + "\n\n" + _sectioned(6), [_HERO, _HERO + "\n\n" + _sectioned(6)]),
        # Half the sections' headings (4 of 7) read the page, as they let an answer win the vote.
        (_HERO + "\n\n" + _sectioned(3), _HERO + "\n\n" + _sectioned(6), [_HERO + "\n\n" + _sectioned(3)]),
        # Four sections, the opening one of them, are too few to tell which readings kept the page:
        # a page's worth of text does.
        (_HERO, _HERO + "\n\n" + _sectioned(3), [_HERO]),
    ],
)
def test_on_a_plain_page_a_draft_reads_the_page_once_it_holds_its_sections(
    monkeypatch: pytest.MonkeyPatch, fast: str, whole: str, sent: list[str]
) -> None:
    assert drafts_of(pages.PAGE_UNDER_A_MEGA_MENU, fast, whole, monkeypatch) == (sent, "page")


_EMPTIED = _HERO + "\n\n" + _sectioned(6).replace(_SECTIONS[0][1] + "\n\n", "")


def test_a_draft_that_empties_a_section_is_sent_again_with_it_once_the_whole_page_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Resiliparse kept "Bridge inspection" and dropped its text; its six headings read the page, so
    # the whole page ends the drafting, and the draft is mended from it rather than replaced (its
    # closing line, which the whole page lacks, stays).
    closing = "\n\nCall the office before nine for a survey the same week."
    whole = _HERO + "\n\n" + _sectioned(6)

    drafts, kind = drafts_of(pages.PAGE_UNDER_A_MEGA_MENU, _EMPTIED + closing, whole, monkeypatch)

    assert kind == "page"
    assert drafts == [_EMPTIED + closing, whole + closing]


def test_a_draft_is_sent_again_only_when_the_whole_page_gives_it_something(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _EMPTIED  # the page has nothing under the heading either

    drafts, _ = drafts_of(pages.PAGE_UNDER_A_MEGA_MENU, _EMPTIED, whole, monkeypatch)

    assert drafts == [_EMPTIED]


def test_a_product_s_draft_keeps_its_emptied_sections_as_a_chosen_answer_does(monkeypatch: pytest.MonkeyPatch) -> None:
    care = "Wash it cold, dry it flat, and the canvas keeps its colour for years of market days. " * 3
    fast = f"# Canvas tote\n\n## Reviews\n\n## Delivery\n\nShips in two days from the workshop.\n\n{care}"
    # The whole page holds the reviews and less text in all: it is not sent, and the draft is not mended.
    whole = "# Canvas tote\n\n## Reviews\n\nSturdy bag, Dorothy, five stars.\n\n## Delivery\n\nShips in two days."

    drafts, kind = drafts_of(pages.PRODUCT, fast, whole, monkeypatch)

    assert kind == "product"
    assert len(drafts) == 1 and "Dorothy" not in drafts[0]


def test_the_extractor_hands_the_draft_through_for_html_only() -> None:
    drafts: list[str] = []
    extractor = TrafilaturaExtractor()

    extractor.extract(fetched(pages.ARTICLE_WITH_COMMENTS.encode(), "text/html"), draft=drafts.append)
    extractor.extract(fetched(b"plain words", "text/plain"), draft=drafts.append)

    assert len(drafts) == 1 and "rebuild the old stone bridge" in drafts[0]


def fetched(body: bytes, content_type: str) -> FetchedPage:
    return FetchedPage(url=URL, status=200, content_type=content_type, charset="utf-8", body=body)


def test_no_candidate_is_started_that_the_quickest_one_s_time_would_carry_past_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]
    resiliparse = candidates.resiliparse_markdown

    def slow_resiliparse(*args: object, **kwargs: object) -> str:
        now[0] += 0.6  # a huge page: the quickest candidate takes most of the budget
        return resiliparse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(candidates, "resiliparse_markdown", slow_resiliparse)
    monkeypatch.setattr(candidates, "whole_page_markdown", must_not_run)
    monkeypatch.setattr(candidates, "trafilatura_markdown", must_not_run)

    article = html_to_article(pages.LISTING, URL, budget_seconds=1.0, clock=lambda: now[0])

    assert article.method == profiles.RESILIPARSE  # at 0.6 s, the next one would end at 1.2 s at the soonest
    assert "Walks in the valley" in article.markdown


def _taking(monkeypatch: pytest.MonkeyPatch, now: list[float], seconds: dict[str, float]) -> list[str]:
    """Resiliparse, the whole page and trafilatura made to take ``seconds`` each on the clock ``now``;
    the names of those made, in the order they were."""
    made: list[str] = []
    for name, attribute in (
        ("resiliparse", "resiliparse_markdown"),
        ("whole page", "whole_page_markdown"),
        ("trafilatura", "trafilatura_markdown"),
    ):
        monkeypatch.setattr(candidates, attribute, _timed(getattr(candidates, attribute), name, now, seconds, made))
    return made


def _timed(
    real: Callable[..., str], name: str, now: list[float], seconds: dict[str, float], made: list[str]
) -> Callable[..., str]:
    def timed(*args: object, **kwargs: object) -> str:
        now[0] += seconds[name]
        made.append(name)
        return real(*args, **kwargs)

    return timed


def test_a_candidate_the_quickest_one_s_time_still_fits_is_started(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    made = _taking(monkeypatch, now, {"resiliparse": 0.3, "whole page": 0.4, "trafilatura": 0.4})

    html_to_article(pages.LISTING, URL, budget_seconds=1.0, clock=lambda: now[0])

    # At 0.7 s the quickest took 0.3 s: trafilatura ends at 1.0 s at the soonest, in time (the
    # slower one's 0.4 s is not what it costs).
    assert made == ["resiliparse", "whole page", "trafilatura"]


def test_the_whole_page_votes_before_trafilatura_takes_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    made = _taking(monkeypatch, now, {"resiliparse": 0.3, "whole page": 0.05, "trafilatura": 0.8})

    html_to_article(pages.LISTING, URL, budget_seconds=1.0, clock=lambda: now[0])

    # The whole page costs less than any of trafilatura's modes: run before them, it is made
    # whatever they take (run after them, the budget trafilatura spent left it out).
    assert made == ["resiliparse", "whole page", "trafilatura"]
