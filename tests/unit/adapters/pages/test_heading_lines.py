"""Headings trafilatura wrote as plain lines are the page's headings again, at the page's level."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from adapters.pages import candidates, lone_lines, profiles
from adapters.pages.candidates import parse_html
from adapters.pages.heading_lines import headings_restored, page_headings
from adapters.pages.html_article import Candidates

GUIDE = """<html><body><main>
  <h1>A  guide to
      healthy eating</h1>
  <p>Eating well is simpler than the shelves make it look.</p>
  <h2>Building a <a href="/diet">balanced diet</a></h2>
  <p>Vegetables first, then grains.</p>
  <h3>1. Your plate and the planet</h3>
  <p>What we eat changes the land.</p>
  <h3>   </h3>
  <h4>{long}</h4>
  <h2>Questions</h2>
</main></body></html>""".format(long="A heading that is really a paragraph styled large. " * 8)


def test_the_page_s_headings_in_its_order_with_their_levels() -> None:
    assert page_headings(parse_html(GUIDE)) == (
        ("A guide to healthy eating", 1),
        ("Building a balanced diet", 2),
        ("1. Your plate and the planet", 3),
        ("Questions", 2),
    )


HEADINGS = (("A guide to healthy eating", 1), ("Building a balanced diet", 2), ("1. Your plate and the planet", 3))


def test_lone_lines_saying_a_heading_become_that_heading() -> None:
    answer = (
        "A guide to healthy eating\n\nEating well is simpler than the shelves make it look.\n\n"
        "Building a [balanced diet](https://food.example/diet)\n\nVegetables first, then grains.\n\n"
        "1\\. Your plate and the planet\n\nWhat we eat changes the land."
    )

    assert headings_restored(answer, HEADINGS) == (
        "# A guide to healthy eating\n\nEating well is simpler than the shelves make it look.\n\n"
        "## Building a [balanced diet](https://food.example/diet)\n\nVegetables first, then grains.\n\n"
        "### 1\\. Your plate and the planet\n\nWhat we eat changes the land."
    )


def test_bold_lines_are_matched_by_their_words() -> None:
    assert headings_restored("**Building a balanced diet**\n\nText.", HEADINGS) == (
        "## **Building a balanced diet**\n\nText."
    )


@pytest.mark.parametrize(
    "line",
    [
        "- Building a balanced diet",  # a table of contents' item
        "> Building a balanced diet",
        "| Building a balanced diet | 3 |",
        "[Image: Building a balanced diet]",
        "## Building a balanced diet",  # already a heading
    ],
)
def test_blocks_of_their_own_kind_are_left_as_they_are(line: str) -> None:
    assert headings_restored(f"Intro.\n\n{line}\n\nText.", HEADINGS) == f"Intro.\n\n{line}\n\nText."


def test_a_line_inside_a_paragraph_or_in_code_is_not_a_heading() -> None:
    answer = "The section called\nBuilding a balanced diet\nexplains it.\n\n```\n\nBuilding a balanced diet\n\n```"

    assert headings_restored(answer, HEADINGS) == answer


def test_headings_are_matched_in_the_page_s_order_each_once() -> None:
    # The first heading's words said again later as a paragraph of their own: the page has one
    # such heading, so only the first line is it; a line before a heading already matched is
    # not matched to an earlier one.
    answer = (
        "Building a balanced diet\n\nVegetables.\n\n1. Your plate and the planet\n\nLand.\n\n"
        "Building a balanced diet\n\nAgain, as a pull quote."
    )
    headings = (("Building a balanced diet", 2), ("1. Your plate and the planet", 3))

    restored = headings_restored(answer.replace("1. Your", "1\\. Your"), headings)

    assert restored.count("## Building a balanced diet") == 1
    assert restored.startswith("## Building a balanced diet\n")
    assert "### 1\\. Your plate and the planet" in restored
    assert restored.endswith("Building a balanced diet\n\nAgain, as a pull quote.")


def test_a_page_without_headings_leaves_the_answer_as_it_is() -> None:
    assert headings_restored("Building a balanced diet\n\nText.", ()) == "Building a balanced diet\n\nText."


def test_trafilatura_s_answers_are_mended_and_the_others_are_not(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = "A guide to healthy eating\n\nEating well is simpler than the shelves make it look.\n\nQuestions"

    def flat(html: str, base_url: str | None, **_: Any) -> str:
        return plain

    monkeypatch.setattr(candidates, "trafilatura_markdown", flat)
    monkeypatch.setattr(candidates, "readability_markdown", flat)
    run = Candidates(GUIDE, None, parse_html(GUIDE), False, deadline=math.inf, clock=time.monotonic)

    assert run(profiles.TRAFILATURA_PRECISION) == (
        "# A guide to healthy eating\n\nEating well is simpler than the shelves make it look.\n\n## Questions"
    )
    assert run(profiles.TRAFILATURA_RECALL).startswith("# A guide to healthy eating\n")
    assert run(profiles.READABILITY) == plain  # readability keeps the page's headings itself


def test_lines_past_the_bound_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lone_lines, "MAX_LINES", 3)
    answer = "Building a balanced diet\n\nText.\n\n1\\. Your plate and the planet\n\nLand."

    assert headings_restored(answer, HEADINGS) == (
        "## Building a balanced diet\n\nText.\n\n1\\. Your plate and the planet\n\nLand."
    )
