"""OpenDocument text, spreadsheets and presentations read as Markdown, bounded, refused in plain words."""

from __future__ import annotations

import io
import random
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages import open_documents
from adapters.pages.office_documents import DocumentUnreadable, office_kind, office_markdown
from adapters.pages.sheet_tables import MAX_SHEET_COLUMNS, MAX_SHEET_ROWS
from domain.errors import PageUnavailable
from tests.support.open_files import (
    EMPTY_CELLS,
    MEDIA,
    make_odt,
    number_cell,
    odf_zip,
    sheet_row,
    text_cell,
)
from tests.unit.adapters.pages.test_office_documents import extract

HIDDEN = (
    '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>'
)
SHEETS = (
    '<table:table table:name="Calls">'
    + sheet_row(text_cell("provider"), text_cell("calls"), EMPTY_CELLS)
    + sheet_row(text_cell("serper"), number_cell("1204", "1,204"), EMPTY_CELLS)
    + sheet_row(text_cell("brave"), number_cell("988"), EMPTY_CELLS)
    + sheet_row(EMPTY_CELLS, repeat=1_048_573)
    + "</table:table>"
    + '<table:table table:name="Notes" table:style-name="ta2">'
    + sheet_row(text_cell("a note | with a pipe"))
    + "</table:table>"
)
SLIDES = (
    '<draw:page draw:name="page1">'
    '<draw:frame presentation:class="title"><draw:text-box><text:p>Relay in 2026</text:p></draw:text-box></draw:frame>'
    '<draw:frame presentation:class="outline"><draw:text-box><text:list>'
    "<text:list-item><text:p>Failover</text:p><text:list><text:list-item><text:p>hedged<text:s/>after"
    '<text:s text:c="3"/>800 ms</text:p></text:list-item></text:list></text:list-item>'
    "<text:list-item><text:p>Cache</text:p></text:list-item></text:list></draw:text-box></draw:frame>"
    '<draw:g><draw:frame><draw:image xlink:href="Pictures/x.png"/><svg:title>Calls by week</svg:title>'
    "</draw:frame></draw:g>"
    "<presentation:notes><draw:frame><draw:text-box><text:p>Say it slowly.</text:p></draw:text-box></draw:frame>"
    "</presentation:notes></draw:page>"
    '<draw:page draw:name="page2"><draw:frame><table:table>'
    "<table:table-row><table:table-cell><text:p>provider</text:p></table:table-cell>"
    "<table:table-cell><text:p>calls</text:p></table:table-cell></table:table-row>"
    "<table:table-row><table:table-cell><text:p>serper</text:p></table:table-cell>"
    "<table:table-cell><text:p>1204</text:p></table:table-cell></table:table-row>"
    "</table:table></draw:frame></draw:page>"
)


def test_a_text_document_reads_with_its_headings_links_lists_table_and_notes_without_needless_escapes() -> None:
    assert extract(make_odt(), MEDIA["odt"]) == (
        "# Quarterly relay report\n\n"
        "Uptime was high across all providers; see [the status page](https://relay.example/status)\n\n"
        "## What changed\n\n"
        "- Failover now hedges the slow provider.\n- The cache is shared between replicas.\n"
        "   - Redis-backed, per-tenant\n\n"
        "| provider | calls |\n|----------|-------|\n| serper   | 1204  |\n| brave    | 988   |\n\n"
        "Issue #42 is a well-known one[1]\n\n1. Reported in March.\n"
    )


def test_a_spreadsheet_reads_each_sheet_as_a_table_its_million_empty_rows_as_nothing() -> None:
    assert extract(odf_zip("ods", SHEETS, styles=HIDDEN), MEDIA["ods"]) == (
        "## Calls\n\n| provider | calls |\n| --- | --- |\n| serper | 1,204 |\n| brave | 988 |\n\n"
        "## Notes (hidden)\n\n| a note \\| with a pipe |\n| --- |\n"
    )


def test_a_repeated_row_and_a_repeated_cell_are_read_as_counts_within_the_sheets_bounds() -> None:
    sheet = (
        '<table:table table:name="Big">'
        + sheet_row(text_cell("h", repeat=1_000_000))
        + sheet_row(text_cell("same", repeat=3), repeat=2_000_000)
        + "</table:table>"
    )
    markdown = extract(odf_zip("ods", sheet), MEDIA["ods"])
    lines = markdown.splitlines()
    assert lines[2] == "| " + " | ".join(["h"] * MAX_SHEET_COLUMNS) + " |"
    assert lines.count("| " + " | ".join(["same"] * 3 + [""] * (MAX_SHEET_COLUMNS - 3)) + " |") == MAX_SHEET_ROWS
    assert markdown.endswith(
        f"[the first {MAX_SHEET_ROWS:,} rows below the header are shown; more follow; "
        f"the first {MAX_SHEET_COLUMNS} columns are shown.]\n"
    )


def test_a_presentation_reads_slide_by_slide_with_title_bullets_pictures_tables_and_notes() -> None:
    assert extract(odf_zip("odp", SLIDES), MEDIA["odp"]) == (
        "## Slide 1: Relay in 2026\n\n- Failover\n  - hedged after 800 ms\n- Cache\n\n[Image: Calls by week]\n\n"
        "Notes: Say it slowly.\n\n## Slide 2\n\n| provider | calls |\n| --- | --- |\n| serper | 1204 |\n"
    )


@pytest.mark.parametrize("kind", ["odt", "ods", "odp"])
def test_an_untyped_or_zip_typed_package_is_known_by_its_mimetype_part(kind: str) -> None:
    body = make_odt() if kind == "odt" else odf_zip(kind, SHEETS if kind == "ods" else SLIDES)
    assert office_kind("application/octet-stream", body) == kind
    assert office_kind("application/zip", body) == kind
    assert office_kind(MEDIA[kind], body) == kind


def test_a_zip_naming_another_mimetype_is_not_an_open_document() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as package:
        package.writestr("mimetype", "application/epub+zip")
        package.writestr("content.xml", "<x/>")
    assert office_kind("application/octet-stream", out.getvalue()) is None


_LAUGHS = (
    '<!DOCTYPE office:document-content [<!ENTITY a "lollollollollollollollollollol">'
    + "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(8))
    + "]>"
)


@pytest.mark.parametrize("kind", ["odt", "ods", "odp"])
def test_a_part_declaring_entities_is_refused_before_any_parser_expands_them(kind: str) -> None:
    body = odf_zip(kind, "<text:p>&i;</text:p>" if kind == "odt" else SHEETS, prolog=_LAUGHS)
    with pytest.raises(DocumentUnreadable, match="declares XML entities, which documents never need"):
        office_markdown(kind, body)  # type: ignore[arg-type]


def test_a_text_document_table_repeated_a_million_times_is_written_a_bounded_number_of_times() -> None:
    table = (
        '<table:table table:name="T"><table:table-column table:number-columns-repeated="2"/>'
        + sheet_row(text_cell("x", repeat=2), repeat=1_000_000)
        + sheet_row('<table:table-cell table:number-columns-repeated="2"/>', repeat=1_000_000)
        + "</table:table>"
    )
    markdown = extract(odf_zip("odt", "<text:h text:outline-level='1'>Big</text:h>" + table), MEDIA["odt"])
    assert markdown.count("| x | x |") == open_documents.MAX_TABLE_REPEAT


def test_a_text_part_past_the_bound_is_refused_in_plain_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(open_documents, "MAX_CONTENT_BYTES", 1_000)
    body = odf_zip("odt", "<text:p>" + "words " * 500 + "</text:p>")
    with pytest.raises(PageUnavailable, match=r"its text unpacks to 0\.0 MB \(at most 0 MB\)|too long to read here"):
        extract(body, MEDIA["odt"])


def test_a_package_without_content_is_refused_in_plain_words() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as package:
        package.writestr("mimetype", MEDIA["ods"])
    with pytest.raises(PageUnavailable, match=r"the OpenDocument spreadsheet has no content part$"):
        extract(out.getvalue(), MEDIA["ods"])


_MADE = {"odt": make_odt(), "ods": odf_zip("ods", SHEETS, styles=HIDDEN), "odp": odf_zip("odp", SLIDES)}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["odt", "ods", "odp"]), seed=st.integers(0, 2**32 - 1))
def test_a_package_with_parts_mangled_is_read_or_refused_by_name(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    original = zipfile.ZipFile(io.BytesIO(_MADE[kind]))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as mangled:
        for info in original.infolist():
            data = bytearray(original.read(info))
            if info.filename.endswith(".xml") and data and rng.random() < 0.7:
                for _ in range(rng.randint(1, 8)):
                    at = rng.randrange(len(data))
                    data[at : at + rng.randint(1, 20)] = rng.choice([b"", b"<", b"&", b'"', b"\x00", b"99999999999"])
            mangled.writestr(info, bytes(data))
    reason = ""
    try:
        markdown = office_markdown(kind, out.getvalue())  # type: ignore[arg-type]
    except DocumentUnreadable as refused:
        reason = refused.reason
    assert reason.startswith("the OpenDocument ") if reason else isinstance(markdown, str)


def test_a_long_text_document_is_cut_to_its_first_whole_blocks_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(open_documents, "MAX_TEXT_BYTES", 2_000)
    paragraphs = "".join(f"<text:p>Paragraph {n} of the report.</text:p>" for n in range(400))
    body = odf_zip("odt", "<text:sequence-decls/>" + paragraphs)
    markdown = extract(body, MEDIA["odt"])
    shown = markdown.count("of the report.")
    assert 40 < shown < 100 and f"Paragraph {shown - 1} of the report." in markdown
    assert markdown.endswith(
        f"\n\n[A long document: its first {shown:,} of 400 paragraphs, lists and tables are shown.]\n"
    )
