"""A plain page's content is its sections: a candidate that kept one of them may not win."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.candidates import parse_html, whole_page_markdown
from adapters.pages.html_article import choose
from adapters.pages.page_kind import Structure
from adapters.pages.section_headings import MAX_SECTIONS, holding_sections, section_headings
from adapters.pages.structured_data import StructuredData
from tests.unit.adapters.pages.given_answers import GivenAnswers

HERO = (
    "# Bookkeeping for small firms\n\nWe keep the books of two hundred small firms in the valley, from "
    "the first invoice of the year to the last return, so that their owners can get on with the work. "
    "Call us for a first meeting: it costs nothing, and we will tell you plainly what we would do."
)
SERVICES = [
    ("Payroll", "Every payslip worked out, sent to your staff and reported to the tax office on the day."),
    ("Year-end accounts", "Accounts drawn up from your books and filed before the deadline, with a plain summary."),
    ("Tax returns", "Company and personal returns prepared, checked with you line by line and filed for you."),
    ("Cash flow", "A forecast of the next twelve weeks, updated each month, so no bill comes as a surprise."),
    ("Audits", "Records put in order for an audit, and a person of ours beside you while it is carried out."),
    ("Training", "Evening classes for owners who want to read their own figures and keep simple books."),
]
SECTIONS = "\n\n".join(f"## {title}\n\n{text}" for title, text in SERVICES)
LANDING = HERO + "\n\n" + SECTIONS
SIGN_UP = "Sign up for our newsletter"


def landing_page(services: int = len(SERVICES)) -> GivenAnswers:
    """A services page on which every extractor but the pruned whole page kept the hero alone."""
    whole = HERO + "\n\n" + "\n\n".join(f"## {title}\n\n{text}" for title, text in SERVICES[:services])
    return GivenAnswers(
        {
            profiles.TRAFILATURA_THREAD: HERO,
            profiles.TRAFILATURA_RECALL: HERO,
            profiles.TRAFILATURA_PRECISION_FAST: HERO,
            profiles.READABILITY: HERO,
            profiles.RESILIPARSE: HERO + "\n\n" + SIGN_UP,
            profiles.RESILIPARSE_WITHOUT_COMMENTS: HERO + "\n\n" + SIGN_UP,
            profiles.WHOLE_PAGE: whole,
        }
    )


PLAIN = Structure(text_chars=len(LANDING), code_chars=0)


def test_the_answer_that_kept_every_section_wins_over_three_that_kept_the_hero() -> None:
    chosen = choose("page", StructuredData(), PLAIN, landing_page())

    assert chosen.method == profiles.WHOLE_PAGE
    assert all(title in chosen.markdown for title, _ in SERVICES)


def test_without_the_gate_the_three_that_kept_the_hero_win(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(profiles, "SECTIONS_SEEN", 1_000)

    chosen = choose("page", StructuredData(), PLAIN, landing_page())

    assert chosen.method != profiles.WHOLE_PAGE


def test_a_page_of_few_sections_is_left_to_the_vote() -> None:
    # four headings are as often a story's subheadings beside a sidebar's as a stack of sections
    chosen = choose("page", StructuredData(), PLAIN, landing_page(services=profiles.SECTIONS_SEEN - 2))

    assert chosen.method != profiles.WHOLE_PAGE


@pytest.mark.parametrize("kind", ["article", "forum", "product", "documentation"])
def test_only_a_plain_page_asks_for_its_sections(kind: str) -> None:
    chosen = choose(kind, StructuredData(), PLAIN, landing_page())  # type: ignore[arg-type]

    assert chosen.method != profiles.WHOLE_PAGE


def test_the_answers_ruled_out_still_vote() -> None:
    # Resiliparse kept every section and a block of the site's chrome; trafilatura kept the sections'
    # text without their headings. Between the two that may win, the one trafilatura agrees with wins:
    # alone, the two would tie on agreement and the larger would win on what it covers.
    chrome = "\n\n".join(f"[{place} office opening hours and parking]" for place in ("Ashby", "Brook", "Carrow"))
    answers = GivenAnswers(
        {
            profiles.TRAFILATURA_THREAD: HERO + "\n\n" + "\n\n".join(text for _, text in SERVICES),
            profiles.READABILITY: HERO,
            profiles.RESILIPARSE: LANDING + "\n\n" + chrome * 8,
            profiles.WHOLE_PAGE: LANDING,
        }
    )

    chosen = choose("page", StructuredData(), PLAIN, answers)

    assert chosen.method == profiles.WHOLE_PAGE


def test_sections_are_the_headings_with_a_sentence_under_them() -> None:
    assert section_headings(LANDING) == (
        "bookkeeping for small firms",
        "payroll",
        "year end accounts",
        "tax returns",
        "cash flow",
        "audits",
        "training",
    )


def test_a_heading_over_links_heads_a_widget_not_a_section() -> None:
    markdown = (
        "## Recent posts\n\n[Spring walks](/spring) [Summer walks](/summer) [Autumn walks](/autumn) "
        "[Winter walks](/winter) [Night walks](/night) [Coast walks](/coast)\n\n"
        "## Opening hours\n\nThe office opens at nine on weekdays and at ten on Saturdays, and closes at five."
    )

    assert section_headings(markdown) == ("opening hours",)


def test_headings_inside_lists_quotes_and_code_open_no_section() -> None:
    sentence = "a line of ordinary words that is long enough to be the text of a section on its own"
    markdown = (
        f"- ## Meta\n\n  {sentence}\n\n> ## Quoted\n\n{sentence}\n\n"
        f"```\n# a comment in the code\n{sentence}\n```\n\n## Real section\n\n{sentence}"
    )

    assert section_headings(markdown) == ("real section",)


def test_smaller_headings_are_text_inside_the_section() -> None:
    markdown = "## Plans\n\n#### Basic\n\nFor one person\n\n#### Team\n\nFor five people who share the books"

    assert section_headings(markdown) == ("plans",)


def test_a_heading_reads_as_its_words_whatever_its_markup() -> None:
    markdown = (
        "## [[Image: icon] Payroll, done](https://example.com/payroll)\n\n"
        "Every payslip worked out and sent to your staff on the day, without fail."
    )

    assert section_headings(markdown) == ("payroll done",)


def test_holding_keeps_the_candidates_with_enough_of_the_headings() -> None:
    headings = section_headings(LANDING)
    half = HERO + "\n\n" + "\n\n".join(f"## {title}\n\n{text}" for title, text in SERVICES[:3])
    candidates = {"hero": HERO, "half": half, "whole": LANDING}

    assert set(holding_sections(candidates, headings, 0.5)) == {"half", "whole"}
    assert set(holding_sections(candidates, headings, 0.9)) == {"whole"}


def test_a_heading_counts_as_held_only_whole() -> None:
    # "tax" alone, or "cash" inside "cashflow", is not the heading "tax returns" or "cash flow"
    candidates = {"other": "Tax advice and cashflow tips for every season."}

    assert holding_sections(candidates, ("tax returns", "cash flow"), 0.5) == candidates  # nobody holds: all stay
    assert holding_sections({"one": "Our tax returns service", **candidates}, ("tax returns",), 0.5) == {
        "one": "Our tax returns service"
    }


def test_without_headings_all_candidates_stay() -> None:
    candidates = {"hero": HERO, "whole": LANDING}

    assert holding_sections(candidates, (), 0.5) == candidates


def test_the_pruned_whole_page_writes_its_sections_as_headings_and_its_widgets_as_list_items() -> None:
    sections = "".join(f"<section><h2>{title}</h2><p>{text}</p></section>" for title, text in SERVICES)
    widgets = "".join(
        f'<li class="widget"><h2>{name}</h2><p>{" ".join(["a few words of the widget"] * 4)}</p></li>'
        for name in ("Meta", "Blogroll", "Archives")
    )
    html = f"<html><body><main><h1>Bookkeeping</h1>{sections}</main><ul class='widgets'>{widgets}</ul></body></html>"
    root = parse_html(html)
    assert root is not None

    headings = section_headings(whole_page_markdown(root))

    assert headings == tuple(title.lower().replace("-", " ") for title, _ in SERVICES)


def test_a_page_of_many_sections_is_read_to_its_first_few() -> None:
    many = "\n\n".join(f"## Office {number}\n\n{SERVICES[0][1]}" for number in range(5_000))

    headings = section_headings(many)

    assert headings == tuple(f"office {number}" for number in range(MAX_SECTIONS))
