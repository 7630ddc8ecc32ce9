"""A table cell that spans rows, written into each row it spans.

A browser draws a ``rowspan`` cell once, across the rows it spans; a Markdown table has no merged
cells, so every converter wrote it in its first row and left the rows under it an empty cell:
"| | 2010-07-03 | 2.7 |" no longer says which version it is about, and a row an agent finds by
its words (``focus``) comes without its key. A short cell (a key, a year, a name) is copied into
each row it spans, as spreadsheets and data tools flatten such tables; a long one (a passage
spanning rows) stays once, its rows left empty as before. Bounded: a span reaches the end of its
section at most, and a page gets at most ``MAX_COPIES`` copies.
"""

from __future__ import annotations

import copy

from adapters.pages.html_markdown import Element, owner_table

#: Copies made on one page at most; a table whose spans would pass the bound is left as it is.
MAX_COPIES = 10_000
#: Words a cell may hold and still be copied into the rows it spans (a key, not a passage).
MAX_COPIED_WORDS = 20
_CELLS = ("td", "th")
_BLOCKS = frozenset({"p", "div", "ul", "ol", "table", "dl", "pre", "blockquote"})


def row_spans_filled(root: Element) -> int:
    """Each short ``rowspan`` cell of ``root``'s tables copied into the rows it spans; how many copies."""
    made = 0
    # Only the tables that have such a cell are walked (one search in C; most pages have none).
    spanned = root.xpath(".//td[@rowspan] | .//th[@rowspan]")
    tables = {id(owner): owner for cell in spanned if (owner := owner_table(cell)) is not None}
    for table in tables.values():
        for rows in _sections(table):
            needed = _copies_needed(rows)
            if needed and made + needed <= MAX_COPIES:
                _fill(rows)
                made += needed
    return made


def _sections(table: Element) -> list[list[Element]]:
    """The table's own rows (not a nested table's), grouped by the section they belong to: a span
    never crosses from the head into the body."""
    groups: list[tuple[Element, list[Element]]] = []
    for row in table.iter("tr"):
        if owner_table(row) is not table:
            continue
        section = row.getparent()
        group = next((rows for parent, rows in groups if parent is section), None)
        if group is None:
            groups.append((section, [row]))
        else:
            group.append(row)
    return [rows for _, rows in groups]


def _copies_needed(rows: list[Element]) -> int:
    return sum(
        _span(cell, len(rows) - number) - 1
        for number, row in enumerate(rows)
        for cell in row
        if cell.tag in _CELLS and _copied(cell)
    )


def _fill(rows: list[Element]) -> None:
    pending: dict[int, tuple[Element, int]] = {}  # column -> (cell, rows it still spans)
    for number, row in enumerate(rows):
        cells = [cell for cell in row if cell.tag in _CELLS]
        placed: list[Element] = []
        column, index = 0, 0
        while index < len(cells) or any(at >= column for at in pending):
            if column in pending:
                cell, left = pending.pop(column)
                if left > 1:
                    pending[column] = (cell, left - 1)
                if _copied(cell):
                    duplicate = copy.deepcopy(cell)
                    duplicate.tail = None
                    placed.append(duplicate)
                column += _width(cell)
            elif index < len(cells):
                cell = cells[index]
                index += 1
                placed.append(cell)
                span = _span(cell, len(rows) - number)
                if span > 1:
                    pending[column] = (cell, span - 1)
                column += _width(cell)
            else:
                column = min(at for at in pending if at >= column)
        for cell in cells:
            row.remove(cell)
        row.extend(placed)
    for row in rows:
        for cell in row:
            if cell.tag in _CELLS and _copied(cell):
                cell.attrib.pop("rowspan", None)


def _copied(cell: Element) -> bool:
    if cell.get("rowspan") in (None, "1"):
        return False
    if any(isinstance(child.tag, str) and child.tag in _BLOCKS for child in cell.iter()):
        return False
    return len("".join(cell.itertext()).split()) <= MAX_COPIED_WORDS


def _span(cell: Element, rows_left: int) -> int:
    """The rows ``cell`` spans from its own, within its section (``rowspan="0"``: to the section's end)."""
    try:
        span = int((cell.get("rowspan") or "1").strip())
    except ValueError:
        return 1
    return rows_left if span == 0 else max(1, min(span, rows_left))


def _width(cell: Element) -> int:
    try:
        return max(1, min(int((cell.get("colspan") or "1").strip()), 1000))
    except ValueError:
        return 1
