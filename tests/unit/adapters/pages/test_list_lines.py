"""Lists trafilatura wrote as paragraphs are the page's lists again: runs of lone lines saying what
consecutive items of one list say."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from adapters.pages import candidates, list_lines, profiles
from adapters.pages.candidates import parse_html
from adapters.pages.html_article import Candidates
from adapters.pages.list_lines import PageList, lists_restored, page_lists

PLAN = """<html><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/plans">Plans</a></li><li>Contact</li></ul></nav>
<main>
  <h1>Monthly membership</h1>
  <p>Membership includes:</p>
  <ul>
    <li>Access to all   live classes</li>
    <li>Q&amp;A time <b>included</b> in each class</li>
    <li>Monthly community <a href="/talks">discussions</a></li>
  </ul>
  <h2>How to join</h2>
  <ol start="3"><li>Pick a plan</li><li>Pay online</li></ol>
  <ul><li>Only item</li></ul>
</main></body></html>"""


def test_the_page_s_lists_with_their_items_and_numbering() -> None:
    assert page_lists(parse_html(PLAN)) == (
        PageList(("Home", "Plans", "Contact"), None),
        PageList(
            ("Access to all live classes", "Q&A time included in each class", "Monthly community discussions"), None
        ),
        PageList(("Pick a plan", "Pay online"), 3),
    )


LISTS = page_lists(parse_html(PLAN))


def test_a_run_of_lone_lines_saying_a_list_s_items_is_that_list_again() -> None:
    answer = (
        "Membership includes:\n\nAccess to all live classes\n\nQ&A time **included** in each class\n\n"
        "Monthly community [discussions](https://yoga.example/talks)\n\nHow to join\n\nPick a plan\n\nPay online"
    )

    assert lists_restored(answer, LISTS) == (
        "Membership includes:\n\n- Access to all live classes\n- Q&A time **included** in each class\n"
        "- Monthly community [discussions](https://yoga.example/talks)\n\nHow to join\n\n3. Pick a plan\n4. Pay online"
    )


def test_a_run_may_start_inside_the_list() -> None:
    answer = "Intro.\n\nQ&A time included in each class\n\nMonthly community discussions\n\nAfter."

    assert lists_restored(answer, LISTS) == (
        "Intro.\n\n- Q&A time included in each class\n- Monthly community discussions\n\nAfter."
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Welcome.\n\nContact\n\nWrite to us at the studio.",  # one item alone is no list
        "Pay online\n\nPick a plan",  # the page's order reversed
        "Pick a plan\n\nA paragraph between.\n\nPay online",  # not side by side
        "Access to all live classes\nQ&A time included in each class",  # lines of one paragraph
        "```\n\nPick a plan\n\nPay online\n\n```",  # code
        "Home\n\nPay online",  # items of two lists
    ],
)
def test_what_is_not_a_run_of_one_list_s_items_stays(answer: str) -> None:
    assert lists_restored(answer, LISTS) == answer


def test_items_already_written_as_items_stay_as_they_are() -> None:
    answer = "- Pick a plan\n- Pay online"

    assert lists_restored(answer, LISTS) == answer


def test_a_page_s_items_are_read_up_to_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(list_lines, "_MAX_ITEMS", 4)

    assert page_lists(parse_html(PLAN)) == (
        PageList(("Home", "Plans", "Contact"), None),
        # The fourth item is the last read: a list cut to one item is no list.
    )


def test_trafilatura_s_answers_get_their_lists_before_their_headings(monkeypatch: pytest.MonkeyPatch) -> None:
    # A table of contents written as lines says what the headings say: as a list it is the
    # contents, and the headings are the section titles further down.
    page = """<html><body><main><h1>Guide</h1>
      <ul><li>Choosing</li><li>Paying</li></ul>
      <h2>Choosing</h2><p>Pick one.</p><h2>Paying</h2><p>Pay once.</p></main></body></html>"""
    flat = "Guide\n\nChoosing\n\nPaying\n\nChoosing\n\nPick one.\n\nPaying\n\nPay once."

    def trafilatura(html: str, base_url: str | None, **_: Any) -> str:
        return flat

    monkeypatch.setattr(candidates, "trafilatura_markdown", trafilatura)
    run = Candidates(page, None, parse_html(page), False, deadline=math.inf, clock=time.monotonic)

    assert run(profiles.TRAFILATURA_THREAD) == (
        "# Guide\n\n- Choosing\n- Paying\n\n## Choosing\n\nPick one.\n\n## Paying\n\nPay once."
    )
