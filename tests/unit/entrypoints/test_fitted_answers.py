"""The answer within max_chars, rendered: pages cut to fit, the structured form carrying the same cut."""

from __future__ import annotations

import re

import pytest

from application.fetch_page import FetchPage
from application.read_pages import PageText
from domain.models import Attempt, SearchOutcome, WebSearchResult
from entrypoints.fence import closing_for
from entrypoints.fitted_answers import hard_cut, page_answer, search_answer
from tests.unit.ranker_fake import WordCountRanker


def outcome(pages: list[str | None], *, answer: str | None = None, snippet: str = "snip") -> SearchOutcome:
    results = [
        WebSearchResult(title=f"T{i}", link=f"https://site.example/{i}", snippet=snippet, page_content=page)
        for i, page in enumerate(pages)
    ]
    return SearchOutcome(
        query="zebra stripes",
        provider="serper",
        results=tuple(results),
        attempts=(Attempt(provider="serper", outcome="ok"),),
        took_ms=1.0,
        answer=answer,
    )


def long_page(n: int) -> str:
    return "\n\n".join(f"Paragraph {i} of page {n} about the grasslands and the rain." for i in range(400))


def test_many_long_pages_fit_every_budget_and_the_structured_pages_are_the_ones_shown() -> None:
    found = outcome([long_page(n) for n in range(20)])
    for max_chars in (2000, 5000, 20000, 60000):
        text, structured = search_answer(found, full_pages=True, max_chars=max_chars, ranker=WordCountRanker())
        assert len(text) <= max_chars
        for entry in structured["results"]:
            assert entry["page_content"].strip() in text


def test_a_small_answer_is_left_whole() -> None:
    found = outcome(["short page"])
    text, structured = search_answer(found, full_pages=True, max_chars=60000, ranker=WordCountRanker())
    assert structured["results"][0]["page_content"] == "short page" and "page_note" not in structured["results"][0]
    assert "short page" in text


def test_results_that_do_not_fit_are_left_out_of_text_and_structured_content_alike() -> None:
    found = outcome([None] * 20, snippet="a long snippet " * 20)
    text, structured = search_answer(found, full_pages=False, max_chars=2000, ranker=WordCountRanker())
    assert len(text) <= 2000
    shown = len(structured["results"])
    assert 0 < shown < 20
    assert (
        f"[Results {shown + 1}-20 left out to fit max_chars=2000: ask for fewer results or a larger max_chars.]" in text
    )


def test_an_answer_too_long_for_the_budget_is_cut_with_its_fence_closed() -> None:
    found = outcome([None], answer="The answer goes on.\n" * 500)
    text, _ = search_answer(found, full_pages=False, max_chars=2000, ranker=WordCountRanker())
    assert len(text) <= 2000
    assert text.endswith("[Answer cut at max_chars=2000: ask for fewer results or a larger max_chars.]")
    assert closing_for(text.rsplit("\n", 1)[0]) == ""  # no fence left open before the tool's own note


def test_hard_cut_keeps_whole_lines() -> None:
    cut = hard_cut("line one\nline two\nline three\n" * 200, 2000)
    assert len(cut) <= 2000
    assert re.fullmatch(r"(line (one|two|three)\n)+\[Answer cut at max_chars=2000: .*\]", cut)


class OnePage:
    """A page reader that has exactly one page (PageReader's ``read``)."""

    def __init__(self, page: PageText) -> None:
        self.page = page

    async def read(self, url: str) -> PageText:
        return self.page


@pytest.mark.anyio
async def test_page_answer_windows_fit_max_chars_with_the_frame() -> None:
    page = PageText(url="https://site.example/p", content_type="text/markdown", markdown=long_page(1), truncated=False)
    use_case = FetchPage(OnePage(page), deadline=1, ranker=WordCountRanker())  # type: ignore[arg-type]
    window, text = await page_answer(use_case, page.url, max_bytes=51200, start_index=0, max_chars=2000, focus=None)
    assert len(text) <= 2000
    assert window.note is not None and f"start_index={window.window.end_index}" in window.note
    focused, focused_text = await page_answer(
        use_case, page.url, max_bytes=51200, start_index=0, max_chars=2000, focus="Paragraph 399"
    )
    assert len(focused_text) <= 2000 and focused.focused
    assert "Paragraph 399 of page 1" in focused.window.text
