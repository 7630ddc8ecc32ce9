"""Tables used to lay a page out, read as the blocks they hold rather than as a table.

Before style sheets, pages were laid out with tables: a left column of links, a right one with the
article, a thread's posts in rows. Every Markdown converter wrote such a table as a table, so a whole
essay came out as one row, "| Home About | My essay Paragraph 0 ... |", its headings and paragraphs
run together in a cell. A table is layout, as browsers' reader modes judge it, when it says so
(``role="presentation"``), or when it has no header cells nor caption, fewer than ``DATA_ROWS``
rows of records, and a cell holding what no data cell does: a heading, another table, or a passage
(``PASSAGE_WORDS``). Such a table's cells become blocks of their own, in reading order; a data
table stays a table.
"""

from __future__ import annotations

from adapters.pages.html_markdown import HEADING_TAGS, Element, owner_table, unwrap

#: Words in one cell from which it is a passage, not a datum.
PASSAGE_WORDS = 80
#: Rows of two cells or more from which a table holds records (readability's reader mode judges so too).
DATA_ROWS = 10
_TABLE_PARTS = ("tbody", "thead", "tfoot", "tr")


def layout_tables_unwrapped(root: Element) -> int:
    """Each layout table of ``root`` made the blocks its cells hold (the innermost first); how many."""
    tables = [table for table in root.iter("table") if _is_layout(table)]
    for table in reversed(tables):  # inner tables first: an outer one is judged on its own cells
        for cell in table.iter("td", "th"):
            if owner_table(cell) is table:
                cell.tag = "div"
                for attribute in ("colspan", "rowspan", "width", "valign", "align"):
                    cell.attrib.pop(attribute, None)
        parts = [part for part in table.iter(*_TABLE_PARTS) if owner_table(part) is table]
        unwrap(table, parts)
        table.tag = "div"
        for attribute in ("role", "border", "cellpadding", "cellspacing", "width"):
            table.attrib.pop(attribute, None)
    return len(tables)


def _is_layout(table: Element) -> bool:
    if (table.get("role") or "").strip().lower() in ("presentation", "none"):
        return True
    if table.find(".//caption") is not None or _has_own(table, "th") or _has_own(table, "thead"):
        return False
    rows = [row for row in table.iter("tr") if owner_table(row) is table]
    if len(rows) >= DATA_ROWS and sum(len(row) >= 2 for row in rows) * 2 > len(rows):
        return False  # many rows of several cells: records, whatever their cells hold
    for cell in table.iter("td"):
        if owner_table(cell) is not table:
            continue
        if next(cell.iter("table"), None) is not None or any(child.tag in HEADING_TAGS for child in cell.iter()):
            return True
        if len("".join(cell.itertext()).split()) >= PASSAGE_WORDS:
            return True
    return False


def _has_own(table: Element, tag: str) -> bool:
    return any(owner_table(element) is table for element in table.iter(tag))
