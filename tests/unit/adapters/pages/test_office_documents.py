"""Word, Excel and PowerPoint documents read as Markdown, bounded, and refused in plain words when broken."""

from __future__ import annotations

import io
import random
import re
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.office_documents import (
    CONTENT_TYPES,
    MAX_UNPACKED_BYTES,
    DocumentUnreadable,
    office_kind,
    office_markdown,
)
from adapters.pages.sheet_tables import MAX_SHEET_ROWS
from domain.errors import PageUnavailable
from domain.pages import FetchedPage
from tests.support.office_files import make_docx, make_pptx, make_xlsx

TYPES = {kind: content_type for content_type, kind in CONTENT_TYPES.items()}


def extract(body: bytes, content_type: str, *, truncated: bool = False) -> str:
    page = FetchedPage("https://reports.example/q3", 200, content_type, None, body, truncated=truncated)
    return TrafilaturaExtractor().extract(page)


def test_a_word_document_reads_with_its_headings_lists_table_and_image_description() -> None:
    assert extract(make_docx(), TYPES["docx"]) == (
        "# Quarterly relay report\n\nUptime was **99.95 percent** across all providers.\n\n## What changed\n\n"
        "- Failover now hedges the slow provider.\n- The cache is shared between replicas.\n\n"
        "1. Measure first.\n2. Change second.\n\n"
        "| provider | calls |\n| --- | --- |\n| serper | 1,204 |\n| brave | 988 |\n\n"
        "[Image: Calls per provider, by week]\n"
    )


def test_a_workbook_reads_each_sheet_as_a_table_hidden_ones_marked() -> None:
    assert extract(make_xlsx(), TYPES["xlsx"]) == (
        "## Calls\n\n| provider | calls | share | since |\n| --- | --- | --- | --- |\n"
        "| provider 0 | 1000 | 0.25 | 2026-01-01 |\n| provider 1 | 1001 | 0.25 | 2026-01-02 |\n"
        "| provider 2 | 1002 | 0.25 | 2026-01-03 |\n\n## Empty\n\n(an empty sheet)\n\n"
        "## Notes (hidden)\n\n| a note \\| with a pipe |\n| --- |\n"
    )


def test_a_long_sheet_shows_its_head_and_says_more_follow() -> None:
    markdown = extract(make_xlsx(rows=MAX_SHEET_ROWS + 500, hidden=False), TYPES["xlsx"])
    assert f"| provider {MAX_SHEET_ROWS - 1} |" in markdown and f"| provider {MAX_SHEET_ROWS} |" not in markdown
    assert f"[the first {MAX_SHEET_ROWS:,} rows below the header are shown; more follow.]" in markdown


def test_a_presentation_reads_slide_by_slide_with_bullets_tables_charts_and_notes() -> None:
    assert extract(make_pptx(), TYPES["pptx"]) == (
        "## Slide 1: Relay in 2026\n\n- What we built\n\n"
        "## Slide 2: Failover\n\n- Decided by a table\n  - pure, in the domain\n\nNotes: Mention the hedging.\n\n"
        "## Slide 3: Calls\n\n| provider | calls |\n| --- | --- |\n| serper | 1,204 |\n\n"
        "## Slide 4: By week\n\nChart: Calls per provider\n\n|  | serper | brave |\n| --- | --- | --- |\n"
        "| week 1 | 1204 | 988 |\n| week 2 | 1310 | 1002.5 |\n"
    )


@pytest.mark.parametrize("content_type", ["application/octet-stream", "", "application/zip"])
def test_an_untyped_document_is_known_by_its_parts(content_type: str) -> None:
    assert office_kind(content_type, make_docx()) == "docx"
    assert office_kind(content_type, make_xlsx()) == "xlsx"
    assert office_kind(content_type, make_pptx()) == "pptx"
    assert extract(make_pptx(), content_type).startswith("## Slide 1: Relay in 2026")


def test_a_zip_of_other_files_is_not_a_document() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("data/readme.txt", "hello")
    assert office_kind("application/zip", out.getvalue()) is None
    assert office_kind("text/plain", make_docx()) is None


def test_a_document_that_unpacks_past_the_bound_is_refused_before_any_library_opens_it() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w") as part:
            zeros = b"\0" * 1_000_000
            for _ in range(MAX_UNPACKED_BYTES // len(zeros) + 1):
                part.write(zeros)
    bomb = out.getvalue()
    assert len(bomb) < 200_000
    with pytest.raises(PageUnavailable, match="the Word document unpacks to more than 100 MB"):
        extract(bomb, TYPES["docx"])


def _flooded_docx(paragraphs: int) -> bytes:
    original, out = zipfile.ZipFile(io.BytesIO(make_docx())), io.BytesIO()
    paragraph = b"<w:p><w:r><w:t>Relay paragraph of flood text.</w:t></w:r></w:p>"
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as flooded:
        for info in original.infolist():
            data = original.read(info)
            if info.filename == "word/document.xml":
                data = data.replace(b"<w:body>", b"<w:body>" + paragraph * paragraphs, 1)
            flooded.writestr(info.filename, data)
    return out.getvalue()


def test_a_long_word_document_reads_its_first_paragraphs_and_says_how_many() -> None:
    markdown = extract(_flooded_docx(70_000), TYPES["docx"])  # a text part of 4.4 MB
    assert markdown.startswith("Relay paragraph of flood text.\n\nRelay paragraph")
    assert re.search(r"\[A long document: its first [0-9,]+ of 70,009 paragraphs and tables are shown\.\]\n$", markdown)
    assert "Quarterly relay report" not in markdown  # the report's own text comes after the flood


def test_a_word_document_whose_text_is_too_long_even_to_cut_is_refused_by_size() -> None:
    with pytest.raises(PageUnavailable, match=r"too long to read here: its text unpacks to 31\.5 MB \(at most 30 MB\)"):
        extract(_flooded_docx(500_000), TYPES["docx"])


def test_a_document_cut_short_by_the_size_limit_says_so() -> None:
    body = make_docx()
    with pytest.raises(PageUnavailable, match="the Word document was cut short by the size limit"):
        extract(body[: len(body) // 2], TYPES["docx"], truncated=True)


@pytest.mark.parametrize("kind", ["docx", "xlsx", "pptx"])
def test_a_damaged_document_is_refused_in_plain_words(kind: str) -> None:
    with pytest.raises(DocumentUnreadable, match="not a readable zip file"):
        office_markdown(kind, b"PK\x03\x04 not really a zip")  # type: ignore[arg-type]


_MADE = {"docx": make_docx(), "xlsx": make_xlsx(), "pptx": make_pptx()}
_LAUGHS = (
    b'<!DOCTYPE lolz [<!ENTITY a "lollollollollollollollollollol">'
    + b"".join(f'<!ENTITY {chr(98 + n)} "{f"&{chr(97 + n)};" * 10}">'.encode() for n in range(8))
    + b"]>"
)
_PARTS = {"docx": ("word/document.xml", b"Uptime was "), "xlsx": ("xl/sharedStrings.xml", b"provider 0"),
          "pptx": ("ppt/slides/slide1.xml", b"Relay in 2026")}  # fmt: skip


@pytest.mark.parametrize("kind", ["docx", "xlsx", "pptx"])
def test_an_entity_bomb_in_a_part_is_not_expanded(kind: str) -> None:
    part, words = _PARTS[kind]
    original, out = zipfile.ZipFile(io.BytesIO(_MADE[kind])), io.BytesIO()
    with zipfile.ZipFile(out, "w") as bombed:
        for info in original.infolist():
            data = original.read(info)
            if info.filename == part:
                declaration, _, rest = data.partition(b"?>")
                data = declaration + b"?>" + _LAUGHS + rest.replace(words, words + b"&i;", 1)
            bombed.writestr(info.filename, data)
    reason = ""
    try:
        markdown = office_markdown(kind, out.getvalue())  # type: ignore[arg-type]
    except DocumentUnreadable as refused:
        reason = refused.reason
    assert reason.endswith("could not be read") if reason else "lollol" not in markdown


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["docx", "xlsx", "pptx"]), seed=st.integers(0, 2**32 - 1))
def test_a_document_with_parts_mangled_is_read_or_refused_by_name(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    original = zipfile.ZipFile(io.BytesIO(_MADE[kind]))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as mangled:
        for info in original.infolist():
            data = bytearray(original.read(info))
            if info.filename.endswith(".xml") and data and rng.random() < 0.5:
                for _ in range(rng.randint(1, 8)):
                    data[rng.randrange(len(data))] = rng.choice(b"<>/\"'&x0 ")
            mangled.writestr(info.filename, bytes(data))
    reason = ""
    try:
        markdown = office_markdown(kind, out.getvalue())  # type: ignore[arg-type]
    except DocumentUnreadable as refused:
        reason = refused.reason
    assert reason.endswith("could not be read") if reason else isinstance(markdown, str)
