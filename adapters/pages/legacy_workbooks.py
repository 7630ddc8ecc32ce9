"""Excel 97-2003 workbooks (.xls, the binary format statistics offices still publish) as Markdown tables.

Read by xlrd, the library made for the binary format (its current versions read nothing else),
each sheet loaded on demand and shown as an Excel workbook's sheets are (``sheet_tables``: the
first rows and columns, the cut said, hidden sheets marked), dates as dates by the workbook's own
date system. What is served as Excel is not always Excel: a report tool's "xls" is often an HTML
table, a SpreadsheetML file or CSV text, and a newer workbook may come under the old type;
``served_as_excel`` tells them apart by their first bytes, so each is read as what it is.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Iterator
from typing import Any

from adapters.pages.sheet_tables import MAX_CELLS, MAX_SHEET_COLUMNS, sheet_table

XLS_TYPE = "application/vnd.ms-excel"
#: The types the binary format is served under (the registered one and the ones servers made up).
LEGACY_EXCEL_TYPES = frozenset({
    XLS_TYPE, "application/msexcel", "application/x-msexcel", "application/x-ms-excel", "application/x-excel",
    "application/xls", "application/x-xls",
})  # fmt: skip
#: The compound-file signature every Office 97-2003 file opens with.
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class WorkbookUnreadable(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def served_as_excel(body: bytes) -> str:
    """Pure: the type a body served as Excel 97-2003 really has, by its first bytes."""
    if body.startswith(OLE_MAGIC):
        return XLS_TYPE
    if body.startswith(b"PK\x03\x04"):
        return _XLSX_TYPE
    head = body[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"<"):
        return "text/html" if b"<html" in head or b"<table" in head or b"<!doctype html" in head else "application/xml"
    return "text/csv"


def xls_markdown(body: bytes) -> str:
    """Every sheet as a table; raises ``WorkbookUnreadable`` with a plain reason."""
    import xlrd

    try:
        # xlrd writes its warnings to a log file, stdout unless told: a string it is.
        book = xlrd.open_workbook(file_contents=body, on_demand=True, ragged_rows=True, logfile=io.StringIO())
    except Exception as exc:  # xlrd signals a broken file with its own errors, struct's and IndexError
        raise WorkbookUnreadable("the Excel 97-2003 workbook could not be read") from exc
    try:
        budget = MAX_CELLS
        parts = []
        for index in range(book.nsheets):
            sheet = book.sheet_by_index(index)
            hidden = " (hidden)" if sheet.visibility != 0 else ""
            written, budget = sheet_table(_rows(sheet, book.datemode), budget)
            parts.append(f"## {' '.join(str(sheet.name).split())}{hidden}\n\n{written}")
            book.unload_sheet(index)
        return "\n\n".join(parts) + "\n" if parts else ""
    except WorkbookUnreadable:
        raise
    except Exception as exc:
        raise WorkbookUnreadable("the Excel 97-2003 workbook could not be read") from exc
    finally:
        book.release_resources()


def _rows(sheet: Any, datemode: int) -> Iterator[tuple[Any, ...]]:
    for row in range(sheet.nrows):
        cells = sheet.row_slice(row, 0, min(sheet.row_len(row), MAX_SHEET_COLUMNS + 1))
        yield tuple(_value(cell, datemode) for cell in cells)


def _value(cell: Any, datemode: int) -> Any:
    import xlrd

    kind, value = cell.ctype, cell.value
    if kind in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
        return None
    if kind == xlrd.XL_CELL_BOOLEAN:
        return bool(value)
    if kind == xlrd.XL_CELL_ERROR:
        return xlrd.error_text_from_code.get(value, "#ERROR")
    if kind == xlrd.XL_CELL_DATE:
        try:
            moment: datetime.datetime = xlrd.xldate.xldate_as_datetime(value, datemode)
        except (xlrd.xldate.XLDateError, ValueError, OverflowError):
            return value
        return moment
    return value
