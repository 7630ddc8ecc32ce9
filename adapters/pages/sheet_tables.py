"""Sheets and tables of office documents as Markdown tables, within bounds (Excel and OpenDocument alike).

A sheet is a data set's head: its first rows and columns are shown and the agent is told how much
more there is; the cells read over a whole workbook are bounded too.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

#: Rows and columns of one sheet shown (a data set's head; the agent is told how much more there is).
MAX_SHEET_ROWS = 1_000
MAX_SHEET_COLUMNS = 50
#: Cells read in all, over every sheet.
MAX_CELLS = 200_000


def sheet_table(rows: Iterable[tuple[Any, ...]], budget: int) -> tuple[str, int]:
    """A sheet's non-empty rows as a Markdown table (its first row the header), and the cells left to read."""
    kept: list[list[str]] = []
    more_rows = wide = False
    for row in rows:
        if budget <= 0 or len(kept) >= MAX_SHEET_ROWS + 1:
            more_rows = any(value is not None for value in row) or more_rows
            if more_rows:
                break
            continue
        cells = [cell_text(value) for value in row]
        budget -= len(cells)
        if any(cells):
            wide = wide or (len(cells) > MAX_SHEET_COLUMNS and bool(cells[MAX_SHEET_COLUMNS]))
            kept.append(cells[:MAX_SHEET_COLUMNS])
    if not kept:
        return "(an empty sheet)", budget
    width = max(max((i + 1 for i, cell in enumerate(row) if cell), default=0) for row in kept)
    kept = [(row + [""] * width)[:width] for row in kept]
    lines = [table_row(kept[0]), table_row(["---"] * width), *(table_row(row) for row in kept[1:])]
    cuts = []
    if more_rows:
        cuts.append(f"the first {len(kept) - 1:,} rows below the header are shown; more follow")
    if wide:
        cuts.append(f"the first {MAX_SHEET_COLUMNS} columns are shown")
    note = f"\n\n[{'; '.join(cuts)}.]" if cuts else ""
    return "\n".join(lines) + note, budget


def cell_text(value: Any) -> str:
    """A cell's value as a table cell shows it: whole numbers without a point, dates without midnight."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return " ".join(str(value).split()).replace("|", "\\|")


def table_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def rows_table(rows: list[list[str]]) -> str:
    """Rows of cell texts as a Markdown table, the first row its header."""
    return "\n".join([table_row(rows[0]), table_row(["---"] * len(rows[0])), *(table_row(row) for row in rows[1:])])
