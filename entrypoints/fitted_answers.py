"""Answers that fit the character budget: the text the model reads never exceeds ``max_chars``.

The renderer decides how many characters the frame (results, fences, notes) takes, so the pages'
budget is found by rendering: render, measure the overflow, give the pages that much less, again.
Rankings are kept between tries (application/fit_pages.py), so a retry costs a render, not a rank.
The structured content carries the same cut pages as the text, so the message is not the pages twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from application.fetch_page import FetchPage, PageWindow, fragment_of
from application.fit_pages import PageFitter, left_out_note
from domain.models import SearchOutcome, WebSearchResult
from domain.ports import PassageRankerPort
from entrypoints.fence import CLOSE_CHARS, closing_for
from entrypoints.rendering import render_outcome, render_page

Fitted = TypeVar("Fitted")
_TRIES = 6
_SLACK = 32  # notes' numbers change length as pages shrink


def search_answer(
    outcome: SearchOutcome, *, full_pages: bool, max_chars: int, ranker: PassageRankerPort
) -> tuple[str, dict[str, Any]]:
    """The Markdown for the model and the structured content, both with pages cut to fit ``max_chars``."""
    whole = render_outcome(outcome, full_pages=full_pages)
    if len(whole) <= max_chars:  # most answers fit as they are: one render, no fitting
        return whole, structured_content(outcome)
    outcome, left_out = _results_that_fit(outcome, full_pages=full_pages, max_chars=max_chars)
    fitter = PageFitter(ranker, outcome.query)
    with_pages = [i for i, r in enumerate(outcome.results) if r.page_content is not None]

    def attempt(budget: int) -> tuple[SearchOutcome, str]:
        pages = [(outcome.results[i].link, outcome.results[i].page_content or "") for i in with_pages]
        results = list(outcome.results)
        for i, fitted in zip(with_pages, fitter.fit_pages(pages, budget), strict=True):
            notes = [n for n in (fitted.note, results[i].page_note) if n]
            results[i] = results[i].model_copy(
                update={"page_content": fitted.text, "page_note": " ".join(notes) or None}
            )
        cut = outcome.model_copy(update={"results": tuple(results)})
        return cut, render_outcome(cut, full_pages=full_pages) + left_out

    frame = len(attempt(0)[1])
    cut, text = within(max_chars, max_chars - frame, attempt)
    return text, structured_content(cut)


def structured_content(outcome: SearchOutcome) -> dict[str, Any]:
    # Fields without a value are left out, not sent as null: every client checks each answer
    # against the output schema, and up to five nulls per result made that check a third slower.
    return outcome.model_dump(mode="json", exclude_none=True)


def _results_that_fit(outcome: SearchOutcome, *, full_pages: bool, max_chars: int) -> tuple[SearchOutcome, str]:
    """The first results whose titles, links and snippets fit, and a line naming those left out.

    Results come best first, so the last ones go; the structured content loses them too, so that
    it does not carry what the model was not shown.
    """
    shown = len(outcome.results)
    for shown in range(len(outcome.results), 0, -1):
        bare = tuple(_left_out_page(r) for r in outcome.results[:shown])
        line = "" if shown == len(outcome.results) else _left_out(shown, len(outcome.results), max_chars)
        if len(render_outcome(outcome.model_copy(update={"results": bare}), full_pages=full_pages) + line) <= max_chars:
            break
    if shown == len(outcome.results):
        return outcome, ""
    kept = outcome.model_copy(update={"results": outcome.results[:shown]})
    return kept, _left_out(shown, len(outcome.results), max_chars)


def _left_out_page(result: WebSearchResult) -> WebSearchResult:
    """The result as it renders when its page gets no share: the least it can cost."""
    if result.page_content is None:
        return result
    return result.model_copy(update={"page_content": "", "page_note": left_out_note(len(result.page_content))})


def _left_out(shown: int, total: int, max_chars: int) -> str:
    advice = "ask for fewer results or a larger max_chars"
    return f"\n[Results {shown + 1}-{total} left out to fit max_chars={max_chars}: {advice}.]"


async def page_answer(
    fetch_page: FetchPage,
    url: str,
    *,
    max_bytes: int,
    start_index: int,
    max_chars: int,
    focus: str | None,
) -> tuple[PageWindow, str]:
    """One web_fetch window whose rendered text fits ``max_chars``.

    Raises ``PageUnavailable`` (the page), ``InvalidRequestError`` (the URL or start_index).
    """
    page = await fetch_page.read(url)

    def attempt(budget: int) -> tuple[PageWindow, str]:
        window = fetch_page.window(
            page,
            max_bytes=max_bytes,
            start_index=start_index,
            max_chars=max(budget, 1),
            focus=focus,
            fragment=fragment_of(url),
        )
        return window, render_page(window)

    return within(max_chars, max_chars, attempt)


def within(max_chars: int, budget: int, attempt: Callable[[int], tuple[Fitted, str]]) -> tuple[Fitted, str]:
    """``attempt(budget)`` for a budget whose text fits ``max_chars``; cut hard only if no budget does."""
    for _ in range(_TRIES):
        fitted, text = attempt(max(budget, 0))
        over = len(text) - max_chars
        if over <= 0:
            return fitted, text
        if budget <= 0:
            break
        budget -= over + _SLACK
    return fitted, hard_cut(text, max_chars)


def hard_cut(text: str, max_chars: int) -> str:
    """Over budget whatever the pages get (an answer engine's long answer, say): keep whole lines, and
    close the fence the cut fell in, so that the note after it is the tool's own words again."""
    tail = f"\n[Answer cut at max_chars={max_chars}: ask for fewer results or a larger max_chars.]"
    head = text[: max_chars - len(tail) - CLOSE_CHARS - 1]
    head = head[: head.rfind("\n") + 1 or len(head)].rstrip("\n")
    close = closing_for(head)
    return head + (f"\n{close}" if close else "") + tail
