"""Excel 97-2003 workbooks read as tables, and what is served as Excel but is not read as what it is."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages.legacy_workbooks import WorkbookUnreadable, served_as_excel, xls_markdown
from domain.errors import PageUnavailable
from tests.support.office_files import make_xlsx
from tests.unit.adapters.pages.test_office_documents import extract

# Written once with xlwt (a sheet of calls with a date, a boolean and a pipe, an empty sheet, a hidden one).
WORKBOOK = (Path(__file__).parents[3] / "support" / "pages" / "relay_calls.xls").read_bytes()
EXPECTED = (
    "## Calls\n\n| provider | calls | share | since | ok |\n| --- | --- | --- | --- | --- |\n"
    "| serper | 1204 | 0.25 | 2026-01-01 | TRUE |\n| brave | 988 | 0.5 | 2026-02-14 | FALSE |\n"
    "| a note \\| with a pipe |  |  |  |  |\n\n## Empty\n\n(an empty sheet)\n\n"
    "## Hidden (hidden)\n\n| secret |\n| --- |\n"
)


@pytest.mark.parametrize("content_type", ["application/vnd.ms-excel", "application/x-msexcel", "application/xls"])
def test_a_workbook_reads_each_sheet_as_a_table_dates_as_dates(content_type: str) -> None:
    assert extract(WORKBOOK, content_type) == EXPECTED


def test_an_untyped_workbook_is_known_by_its_signature_and_name() -> None:
    page = "https://stats.example/tables/calls.xls"
    from adapters.pages.extractor import TrafilaturaExtractor
    from domain.pages import FetchedPage

    read = TrafilaturaExtractor().extract(FetchedPage(page, 200, "application/octet-stream", None, WORKBOOK))
    assert read == EXPECTED


@pytest.mark.parametrize(
    ("body", "read_as"),
    [
        (WORKBOOK, "application/vnd.ms-excel"),
        (b"PK\x03\x04rest", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (b"\xef\xbb\xbf<html><body><table><tr><td>1</td></tr></table>", "text/html"),
        (b"  <table border=1><tr><td>1</td></tr></table>", "text/html"),
        (b'<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">', "application/xml"),
        (b"provider,calls\nserper,1204\n", "text/csv"),
    ],
)
def test_what_is_served_as_excel_is_read_as_what_it_is(body: bytes, read_as: str) -> None:
    assert served_as_excel(body) == read_as


def test_an_html_table_served_as_excel_reads_as_a_page() -> None:
    html = b"<html><body><table><tr><th>provider</th><th>calls</th></tr><tr><td>serper</td><td>1204</td></tr></table>"
    assert "| serper | 1204 |" in extract(html + b"</body></html>", "application/vnd.ms-excel")


def test_csv_and_a_newer_workbook_served_as_excel_read_as_themselves() -> None:
    assert extract(b"provider,calls\nserper,1204\n", "application/vnd.ms-excel") == "provider,calls\nserper,1204\n"
    assert extract(make_xlsx(), "application/vnd.ms-excel").startswith("## Calls\n\n| provider | calls | share |")


def test_a_workbook_cut_short_is_refused_in_plain_words() -> None:
    with pytest.raises(PageUnavailable, match="Excel 97-2003 workbook was cut short by the size limit"):
        extract(WORKBOOK[:3000], "application/vnd.ms-excel", truncated=True)
    with pytest.raises(PageUnavailable, match=r"the Excel 97-2003 workbook could not be read$"):
        extract(WORKBOOK[:3000], "application/vnd.ms-excel")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mangled_workbook_is_read_or_refused_by_name(seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(WORKBOOK)
    for _ in range(rng.randint(1, 30)):
        at = rng.randrange(512, len(data))  # past the header, so it stays a compound file
        data[at] = rng.randrange(256)
    reason = ""
    try:
        markdown = xls_markdown(bytes(data))
    except WorkbookUnreadable as refused:
        reason = refused.reason
    assert reason == "the Excel 97-2003 workbook could not be read" if reason else isinstance(markdown, str)
