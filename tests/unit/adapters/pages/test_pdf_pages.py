"""A PDF's pages made one text: running heads and feet, page numbers and line-end hyphens out."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adapters.pages.pdf_pages import pages_as_text
from adapters.pages.pdf_text import pdf_to_text
from tests.support.page_server import make_pdf_pages

BODY = "\n".join(f"Line {n} of the body, which tells how the relay keeps answering." for n in range(1, 7))


def test_running_heads_feet_and_page_numbers_go_and_the_text_stays() -> None:
    pages = [f"Journal of Relays, vol. 4, 2025\nChapter {n}\n{BODY}\nRelay Handbook\nPage {n} of 3" for n in (1, 2, 3)]
    assert pages_as_text(pages) == "\n\n".join(f"{BODY}" for _ in (1, 2, 3))


def test_a_short_page_loses_at_most_its_first_and_last_line() -> None:
    slides = [f"Relay deck\nSlide {n} point one\nSlide {n} point two\n{n}" for n in (1, 2, 3, 4)]
    assert pages_as_text(slides).split("\n\n")[0] == "Slide 1 point one\nSlide 1 point two"


def test_a_line_that_opens_fewer_than_half_the_pages_or_stands_in_the_middle_stays() -> None:
    pages = ["Abstract\nFirst.\nOne ends.", "Intro\nSecond.\nTwo ends.", "Intro\nThird.\nThree ends.", "Results\nFour."]
    assert pages_as_text(pages).split("\n\n")[0] == "Abstract\nFirst.\nOne ends."
    assert "Intro" in pages_as_text(pages)  # two of four pages: not a running head


def test_a_word_broken_across_lines_is_joined_when_it_goes_on_in_lower_case() -> None:
    text = pages_as_text(
        ["The implemen-\ntation of fail-\nover, the Sino-\nJapanese war, page 12-\n13, and a dash -\nhere."]
    )
    assert text == "The implementation of failover, the Sino-\nJapanese war, page 12-\n13, and a dash -\nhere."


def test_a_one_page_document_keeps_a_number_on_its_own_line() -> None:
    assert pages_as_text(["Total\n42"]) == "Total\n42"


def test_the_pdf_path_reads_pages_as_one_text() -> None:
    pdf = make_pdf_pages(
        [["Relay Handbook", "Failover is decided per attem-", "pt by a pure table.", str(n)] for n in (1, 2, 3)]
    )
    assert pdf_to_text(pdf) == "\n\n".join(["Failover is decided per attempt by a pure table."] * 3)


@given(st.lists(st.text(alphabet=st.sampled_from(list("ab-\n 12Page of")), max_size=80), max_size=6))
def test_any_pages_are_read_without_raising_and_no_word_is_invented(pages: list[str]) -> None:
    text = pages_as_text(pages)
    letters = sorted(char for char in text if char.isalpha())
    assert len(letters) <= sum(char.isalpha() for page in pages for char in page)
