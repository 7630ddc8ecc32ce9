"""The page's own tables put back where Resiliparse wrote them cell by cell.

Resiliparse writes a table row as one line of cells two tabs apart, but only while its cells hold
inline text: a cell holding a paragraph or a list (a reference manual's tables, where every cell
is a ``<p>``; a comparison whose cells hold links and notes) comes out as one paragraph a cell,
the header's cells first, and the reader of the answer gets "Task you want to perform / The best
tool for the task / Display console output... / print()" as six loose lines instead of a table.
Resiliparse wins the vote on a quarter of the pages that are not articles, documentation among
them, where a table is often the content.

The page still has the table, so where a run of Resiliparse's lines holds exactly the text of a
page's table, cell after cell in order, that run is the table, and the table itself is written in
its place (its header, rows and links, through the same conversion as every other candidate). The
words are the cells' own, so the vote sees the answer it saw, give or take what Resiliparse leaves
out of a table and the conversion keeps: its caption, and its pictures as ``[Image: ...]``
placeholders (a comparison's "Available" and "Unavailable" icons); the reader sees a table.
Only data tables are looked for: a table with a table inside it or around it, one marked as
layout (``role="presentation"``), or one with a cell of more than ``_MAX_CELL_WORDS`` words is an
old page's layout (a thread's posts in cells), and stays as Resiliparse wrote it.
"""

from __future__ import annotations

import html as html_entities
import re
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import SOURCE_TAGS, Element

# Resiliparse's minimal HTML writes a table row as one line, its cells two tabs apart.
CELL_BREAK = "\t\t"
_MAX_TABLES = 100  # tables of a page looked for; a page of thousands is bounded like every pass
_MAX_CELLS = 5_000  # cells read of a page's tables; more is a data dump whose lines are not worth aligning
_MAX_CELL_WORDS = 150  # a data table's cell is a value or a note, not a post
# Pieces of the answer read while aligning, over all tables: a page of thousands of one-letter
# lines and a table of one-letter cells would otherwise cost lines times cells.
_MAX_READS = 200_000
_LAYOUT_ROLES = frozenset({"presentation", "none"})
_TAG = re.compile(r"<[^<>]*>")
_SPACE = re.compile(r"\s+")
_PRE_START = re.compile(r"<pre\b", re.IGNORECASE)
_PRE_END = re.compile(r"</pre>", re.IGNORECASE)


def tables_put_back(minimal: str, root: Element) -> str:
    """``minimal`` (Resiliparse's minimal HTML of the page ``root``) with each run of lines that
    holds a data table of ``root`` cell by cell replaced by that table's HTML."""
    left = [_MAX_CELLS]
    tables = [(table, cells) for table in _data_tables(root) if (cells := _cell_texts(table, left))]
    if not tables:
        return minimal
    lines = minimal.split("\n")
    blocks = _blocks(lines)
    openings = _openings(blocks)
    replaced: dict[int, tuple[int, str]] = {}  # first line -> (last line, the table's HTML)
    cursor = 0
    reads = [_MAX_READS]
    for table, cells in tables:  # in the page's order, which is Resiliparse's
        found = _find(blocks, openings, cells, cursor, reads)
        if found is None:
            continue
        first, last = found
        written = etree.tostring(table, encoding="unicode", method="html", with_tail=False)
        replaced[blocks[first][0]] = (blocks[last][0], written)
        cursor = last + 1
    if not replaced:
        return minimal
    kept: list[str] = []
    index = 0
    while index < len(lines):
        if index in replaced:
            last_line, table_html = replaced[index]
            kept.append(table_html)
            index = last_line + 1
        else:
            kept.append(lines[index])
            index += 1
    return "\n".join(kept)


def _data_tables(root: Element) -> list[Element]:
    found: list[Element] = []
    for table in root.iter("table"):
        if len(found) >= _MAX_TABLES:
            break
        if table.get("role") in _LAYOUT_ROLES or next(islice(table.iter("table"), 1, None), None) is not None:
            continue
        if any(ancestor.tag == "table" for ancestor in table.iterancestors()):
            continue
        found.append(table)
    return found


def _cell_texts(table: Element, left: list[int]) -> list[str]:
    """The table's cells' texts, spaces taken out (Resiliparse and lxml space inline markup differently),
    empty cells left out (Resiliparse writes nothing for them); [] when it is not a data table of
    at least two rows of two cells, or when its cells are more than ``left`` (the page's cells left
    to read, counted down)."""
    texts: list[str] = []
    rows = 0
    for row in table.iter("tr"):
        cells = list(row.iterchildren("td", "th"))
        left[0] -= len(cells)
        if left[0] < 0:
            return []
        rows += len(cells) >= 2
        for cell in cells:
            # The cells of a long list are plain text far more often than not: one call reads them.
            text = " ".join(cell.itertext() if next(cell.iter(*SOURCE_TAGS), None) is None else _text_of(cell))
            if len(text.split()) > _MAX_CELL_WORDS:
                return []
            squeezed = _SPACE.sub("", text)
            if squeezed:
                texts.append(squeezed)
    return texts if rows >= 2 else []


def _text_of(element: Element) -> list[str]:
    """The pieces of text of ``element`` in reading order, scripts and styles left out."""
    pieces: list[str] = []
    for event, node in etree.iterwalk(element, events=("start", "end")):
        if event == "start":
            if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS and node.text:
                pieces.append(node.text)
        elif node is not element and node.tail:
            pieces.append(node.tail)
    return pieces


def _blocks(lines: list[str]) -> list[tuple[int, str, bool, bool]]:
    """Each piece of text of Resiliparse's answer outside ``<pre>``: (its line, its text without spaces,
    whether it opens its line's text, whether it closes it). A line of cells two tabs apart is one
    piece a cell."""
    blocks: list[tuple[int, str, bool, bool]] = []
    in_pre = False
    for number, line in enumerate(lines):
        opens_pre = _PRE_START.search(line) is not None
        if in_pre or opens_pre:
            in_pre = _PRE_END.search(line) is None
            # Code is no cell's text here: a piece that cannot match keeps a table from spanning it.
            blocks.append((number, "\0", True, True))
            continue
        pieces = [_SPACE.sub("", html_entities.unescape(_TAG.sub("", piece))) for piece in line.split(CELL_BREAK)]
        pieces = [piece for piece in pieces if piece]
        for position, piece in enumerate(pieces):
            blocks.append((number, piece, position == 0, position == len(pieces) - 1))
    return blocks


def _openings(blocks: list[tuple[int, str, bool, bool]]) -> dict[str, list[int]]:
    """The pieces that open their line, by their text: where a table's run may start."""
    found: dict[str, list[int]] = {}
    for index, (_, text, opens, _) in enumerate(blocks):
        if opens:
            found.setdefault(text, []).append(index)
    return found


def _find(
    blocks: list[tuple[int, str, bool, bool]],
    openings: dict[str, list[int]],
    cells: list[str],
    start: int,
    reads: list[int],
) -> tuple[int, int] | None:
    """The first and last piece, from ``start`` on, of a run of whole lines holding ``cells`` in order.
    ``reads``: the pieces left to read for the whole page, counted down."""
    first_cell = cells[0]
    # A run starts with a piece that is the first cell or the start of it (a cell of paragraphs).
    starts = sorted(
        index
        for length in range(1, len(first_cell) + 1)
        for index in openings.get(first_cell[:length], ())
        if index >= start
    )
    for first in starts:
        last = _match(blocks, cells, first, reads)
        if last is not None:
            return first, last
        if reads[0] <= 0:
            return None
    return None


def _match(blocks: list[tuple[int, str, bool, bool]], cells: list[str], first: int, reads: list[int]) -> int | None:
    """The last piece of the run that starts at ``first`` and holds ``cells`` in order (a cell may span
    several pieces: a cell of two paragraphs), ending where a line ends; None when there is no such run."""
    index = first
    for cell in cells:
        held = ""
        while len(held) < len(cell):
            if index >= len(blocks) or reads[0] <= 0:
                return None
            reads[0] -= 1
            held += blocks[index][1]
            index += 1
            if not cell.startswith(held):
                return None
    last = index - 1
    return last if blocks[last][3] else None
