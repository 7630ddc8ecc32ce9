"""Fitting pages into the answer: shares, focused cuts, the notes that say how to read on."""

from __future__ import annotations

import re

from application.fit_pages import MIN_PAGE_CHARS, PageFitter
from tests.unit.ranker_fake import WordCountRanker


def paragraphs(count: int, special: dict[int, str] | None = None) -> str:
    special = special or {}
    return "\n\n".join(special.get(i, f"Paragraph {i} says nothing much about anything at all.") for i in range(count))


def test_pages_that_fit_are_whole_without_notes_and_are_never_ranked() -> None:
    ranker = WordCountRanker()
    fitted = PageFitter(ranker, "q").fit_pages([("https://a.example/", "short"), ("https://b.example/", "tiny")], 100)
    assert [(f.text, f.note) for f in fitted] == [("short", None), ("tiny", None)]
    assert ranker.calls == []


def test_a_cut_page_keeps_the_answer_and_its_note_names_the_web_fetch_call_that_reads_on() -> None:
    page = paragraphs(60, {41: "The relay answers from the backup provider within two seconds."})
    (fitted,) = PageFitter(WordCountRanker(), "backup provider seconds").fit_pages([("https://a.example/p", page)], 400)
    assert "backup provider within two seconds" in fitted.text
    assert len(fitted.text) <= 400
    assert fitted.note is not None
    found = re.fullmatch(
        r"Focused on the query: ([\d,]+) of ([\d,]+) characters left out, each \[…\] marks a gap; "
        r'web_fetch with url="https://a\.example/p" and start_index=(\d+) reads on in order from the first gap\.',
        fitted.note,
    )
    assert found is not None, fitted.note
    assert int(found[2].replace(",", "")) == len(page)
    start = int(found[3])
    assert page[start:].startswith("Paragraph ")  # a block boundary: the first one left out
    assert page[:start].strip() in fitted.text  # everything before it was shown


def test_a_page_no_passage_of_which_matches_is_cut_at_its_start_and_the_note_says_so() -> None:
    page = "Intro line of the page.\n\n" + "x" * 900 + "\n\n" + paragraphs(30)
    (fitted,) = PageFitter(WordCountRanker(), "zebra").fit_pages([("https://a.example/p", page)], 400)
    # Not the page's small blocks around the big one with gaps, as if they answered: its start.
    assert page.startswith(fitted.text) and "[…]" not in fitted.text
    assert fitted.note is not None
    assert fitted.note.startswith("No passage shares a word with the query, so the page's start: ")
    found = re.search(r"start_index=(\d+) reads on\.$", fitted.note)
    assert found is not None and page[: int(found[1])].rstrip() == fitted.text.rstrip()


def test_a_short_page_gives_its_unused_share_to_the_long_one() -> None:
    long_page = paragraphs(100)
    fitted = PageFitter(WordCountRanker(), "anything").fit_pages(
        [("https://a.example/", "short page"), ("https://b.example/", long_page)], 2000
    )
    assert fitted[0].text == "short page"
    assert 1800 < len(fitted[1].text) <= 2000 - len("short page")


def test_when_shares_would_be_too_small_to_help_the_later_pages_are_left_out_with_a_note() -> None:
    pages = [(f"https://{i}.example/", paragraphs(50)) for i in range(10)]
    fitted = PageFitter(WordCountRanker(), "paragraph").fit_pages(pages, 3 * MIN_PAGE_CHARS + 10)
    assert all(f.text and f.note and f.note.startswith("Focused") for f in fitted[:3])  # results come best first
    assert all(f.text == "" for f in fitted[3:])
    assert fitted[3].note is not None
    assert fitted[3].note.startswith("Page left out to fit max_chars (")
    assert fitted[3].note.endswith("web_fetch on this result's link reads it.")


def test_fitting_again_to_a_smaller_budget_ranks_each_page_only_once() -> None:
    ranker = WordCountRanker()
    fitter = PageFitter(ranker, "q")
    pages = [("https://a.example/", paragraphs(40)), ("https://b.example/", paragraphs(40))]
    fitter.fit_pages(pages, 3000)
    fitter.fit_pages(pages, 2000)
    assert ranker.calls == [("q", 40), ("q", 40)]


def test_a_page_of_one_huge_paragraph_is_cut_at_its_head_and_says_where_to_read_on() -> None:
    page = "word " * 2000
    (fitted,) = PageFitter(WordCountRanker(), "word").fit_pages([("https://a.example/", page)], 500)
    assert page.startswith(fitted.text) and len(fitted.text) <= 500
    assert fitted.note is not None
    assert fitted.note.startswith("Cut to fit max_chars: ")
    assert f'web_fetch with url="https://a.example/" and start_index={len(fitted.text)} reads on.' in fitted.note
