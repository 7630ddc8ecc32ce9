"""OpenDocument files (.odt, .ods, .odp: LibreOffice's and many governments' formats) as Markdown.

Each is a zip whose ``mimetype`` part names its kind and whose ``content.xml`` holds the text.
A text document is written by odfdo, the library made for ODF (headings, paragraphs with their
emphasis and links, lists, tables, footnotes); its Markdown escapes every ``-``, ``#`` and ``_``,
which an agent would copy, so those escapes go where they change nothing. Spreadsheets and
presentations are read from ``content.xml`` here: odfdo writes a sheet only whole, and a sheet's
rows and cells carry repeat counts (an empty sheet is one row repeated a million times), which
are read as counts, never expanded past the bounds ``office_documents`` shows a workbook with.

Safety: the zip is checked by ``office_documents`` before this runs (what it unpacks to, how
many parts); a part that declares XML entities is refused, since odfdo parses with lxml's
defaults, which expand them, and a document never needs them; ``content.xml`` past
``MAX_CONTENT_BYTES`` is refused; here lxml parses with entities off, no network and its
default depth and size limits; a table's repeat counts are clamped before odfdo sees them.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from typing import Any, Literal

from adapters.pages.markdown_escapes import without_needless_escapes
from adapters.pages.sheet_tables import MAX_CELLS, MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, rows_table, sheet_table
from adapters.pages.xml_heads import cut_to_head

OpenKind = Literal["odt", "ods", "odp"]
OPEN_NAMES: dict[OpenKind, str] = {
    "odt": "OpenDocument text",
    "ods": "OpenDocument spreadsheet",
    "odp": "OpenDocument presentation",
}
OPEN_TYPES: dict[str, OpenKind] = {
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
    "application/vnd.oasis.opendocument.presentation": "odp",
}
#: The text part read at most: odfdo writes its worst case (short paragraphs) at about 5 MB a second,
#: and the worker holds some twenty times the part; a 300-page report's is 1-3 MB.
MAX_CONTENT_BYTES = 20_000_000
#: A text document past this much of its text is cut to its first whole blocks (paragraphs, headings,
#: lists, tables) of about this much, and says so, as a Word document is: its Markdown is about
#: two thirds of the XML, and a window of it is all an agent reads at once.
MAX_TEXT_BYTES = 2_000_000
#: A repeated row or cell in a text document's table is written this many times at most.
MAX_TABLE_REPEAT = 100
_MAX_DEPTH = 5  # groups of shapes within groups, lists within lists past what a slide draws

_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_PRESENTATION = "{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_SVG = "{urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0}"
_DECLARATIONS = ("decls", "}forms")
_REPEATS = (f"{_TABLE}number-rows-repeated", f"{_TABLE}number-columns-repeated")
_UNREAD = frozenset({f"{_TEXT}note", f"{_OFFICE}annotation", f"{_TEXT}tracked-changes", f"{_TEXT}bookmark-ref"})
_ODFDO_LIST_ITEM = re.compile(r"^( *) -  ", re.MULTILINE)
_ODFDO_NUMBERED = re.compile(r"^( *) (\d+\.)  ", re.MULTILINE)


class OpenDocumentRefused(Exception):
    """The document is one this reader will not open; ``reason`` says why, plainly."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def open_kind(archive: zipfile.ZipFile) -> OpenKind | None:
    """The kind an ODF zip names in its ``mimetype`` part; None for any other zip."""
    try:
        info = archive.getinfo("mimetype")
        named = archive.read(info).strip().decode("ascii") if info.file_size < 100 else ""
    except (KeyError, zipfile.BadZipFile, ValueError, OSError, UnicodeDecodeError):
        return None
    return OPEN_TYPES.get(named)


def open_markdown(kind: OpenKind, body: bytes) -> str:
    """The document as Markdown; raises ``OpenDocumentRefused`` (and the libraries' errors for a broken part)."""
    archive = zipfile.ZipFile(io.BytesIO(body))
    content = _content(archive, OPEN_NAMES[kind])
    root = _parsed(content)
    if kind == "odt":
        return _text_document(body, root)
    styles = _hidden_styles(root)
    if kind == "ods":
        return _spreadsheet(root, styles)
    return _presentation(root)


def _content(archive: zipfile.ZipFile, name: str) -> bytes:
    try:
        info = archive.getinfo("content.xml")
    except KeyError:
        raise OpenDocumentRefused(f"the {name} has no content part") from None
    if info.file_size > MAX_CONTENT_BYTES:
        raise OpenDocumentRefused(
            f"the {name} is too long to read here: its text unpacks to {info.file_size / 1e6:.1f} MB"
            f" (at most {MAX_CONTENT_BYTES // 1_000_000} MB)"
        )
    for part in archive.infolist():
        if part.filename.endswith(".xml") and b"<!ENTITY" in archive.read(part):
            raise OpenDocumentRefused(f"the {name} declares XML entities, which documents never need")
    return archive.read(info)


def _parsed(content: bytes) -> Any:
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)
    return etree.fromstring(content, parser)


def _text_document(body: bytes, root: Any) -> str:
    """odfdo's Markdown of the document, its tables' repeat counts clamped and a long one cut first."""
    from lxml import etree
    from odfdo import Document
    from odfdo.security import SecurityError

    text = _body(root, "text")
    # Declarations (sequences, fields, forms) come first and are not text.
    blocks = [child for child in text if isinstance(child.tag, str) and not child.tag.endswith(_DECLARATIONS)]
    kept = cut_to_head(text, blocks, MAX_TEXT_BYTES)
    for element in root.iter(f"{_TABLE}table-row", f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
        for attribute in _REPEATS:
            if _count(element.get(attribute)) > MAX_TABLE_REPEAT:
                element.set(attribute, str(MAX_TABLE_REPEAT if _said(element) else 1))
    try:
        document = Document(io.BytesIO(body))
    except SecurityError:
        # odfdo's own zip check: a part packed more than 200 times (real documents pack 3-20 times).
        raise OpenDocumentRefused(
            "the OpenDocument text unpacks to far more than a document does, as a zip bomb does"
        ) from None
    if document.container is None:
        return ""
    document.container.set_part("content.xml", etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
    written = document.to_markdown()
    markdown = written if isinstance(written, str) else ""
    markdown = _ODFDO_NUMBERED.sub(r"\1\2 ", _ODFDO_LIST_ITEM.sub(r"\1- ", markdown))
    markdown = without_needless_escapes(markdown, also="-#`|")
    if not markdown.strip():
        return ""
    markdown = re.sub(r"\n{3,}", "\n\n", markdown).strip() + "\n"
    if kept is not None:
        markdown += (
            f"\n[A long document: its first {kept:,} of {len(blocks):,} paragraphs, lists and tables are shown.]\n"
        )
    return markdown


def _spreadsheet(root: Any, hidden: frozenset[str]) -> str:
    budget = MAX_CELLS
    parts: list[str] = []
    for table in _body(root, "spreadsheet").findall(f"{_TABLE}table"):
        name = " ".join((table.get(f"{_TABLE}name") or f"Sheet {len(parts) + 1}").split())
        marked = " (hidden)" if table.get(f"{_TABLE}style-name") in hidden else ""
        written, budget = sheet_table(_rows(table), budget)
        parts.append(f"## {name}{marked}\n\n{written}")
    return "\n\n".join(parts) + "\n" if parts else ""


def _rows(table: Any) -> Iterator[tuple[str | None, ...]]:
    """A sheet's rows as values, a repeated row as many times as it counts (an empty one once: an
    empty row is skipped anyway), up to the rows a sheet shows and one more, so the cut is seen."""
    for row in _table_rows(table):
        cells: list[str | None] = []
        for cell in row:
            if cell.tag not in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
                continue
            value = _cell_value(cell) if cell.tag == f"{_TABLE}table-cell" else None
            cells.extend([value] * min(_count(cell.get(_REPEATS[1])), MAX_SHEET_COLUMNS + 1 - len(cells)))
            if len(cells) > MAX_SHEET_COLUMNS:
                break
        values = tuple(cells)
        times = 1 if not any(values) else min(_count(row.get(_REPEATS[0])), MAX_SHEET_ROWS + 2)
        for _ in range(times):
            yield values


def _table_rows(table: Any) -> Iterator[Any]:
    """A table's rows in order, through the groups ODF may wrap them in (header rows, row groups)."""
    for child in table:
        if child.tag == f"{_TABLE}table-row":
            yield child
        elif child.tag in (f"{_TABLE}table-header-rows", f"{_TABLE}table-row-group", f"{_TABLE}table-rows"):
            yield from _table_rows(child)


def _cell_value(cell: Any) -> str | None:
    """What the cell shows (its paragraphs), else its typed value."""
    shown = " ".join(said for paragraph in cell.findall(f"{_TEXT}p") if (said := _said(paragraph)))
    if shown:
        return shown
    kind = cell.get(f"{_OFFICE}value-type")
    attribute = {"date": "date-value", "time": "time-value", "boolean": "boolean-value"}.get(kind or "", "value")
    value = cell.get(f"{_OFFICE}{attribute}")
    return value.strip() if value and value.strip() else None


def _presentation(root: Any) -> str:
    parts = []
    for number, page in enumerate(_body(root, "presentation").findall(f"{_DRAW}page"), start=1):
        title = ""
        blocks: list[str] = []
        for shape in _shapes(page, 0):
            if shape.get(f"{_PRESENTATION}class") == "title" and not title:
                title = _said(shape)
                continue
            table = shape.find(f"{_TABLE}table")
            if table is not None:
                rows = [[_said(cell) for cell in row if cell.tag.endswith("cell")] for row in _table_rows(table)]
                if rows and rows[0]:
                    blocks.append(rows_table(rows))
                continue
            image = shape.find(f"{_DRAW}image")
            bullets = list(_bullets(shape.find(f"{_DRAW}text-box") if shape.tag == f"{_DRAW}frame" else shape, 0))
            if bullets:
                blocks.append("\n".join(bullets))
            elif image is not None or shape.tag == f"{_DRAW}image":
                blocks.append(f"[Image: {_described(shape) or 'a picture'}]")
        lines = [f"## Slide {number}" + (f": {title}" if title else ""), *blocks]
        notes = page.find(f"{_PRESENTATION}notes")
        said = " ".join(line.lstrip("- ") for line in _bullets(notes, 0)) if notes is not None else ""
        if said:
            lines.append(f"Notes: {said}")
        parts.append("\n\n".join(lines))
    return "\n\n".join(parts) + "\n" if parts else ""


def _shapes(page: Any, depth: int) -> Iterator[Any]:
    """The drawn shapes of a page in document order, groups opened."""
    for shape in page:
        if not isinstance(shape.tag, str) or not shape.tag.startswith(_DRAW):
            continue
        if shape.tag == f"{_DRAW}g":
            if depth < _MAX_DEPTH:
                yield from _shapes(shape, depth + 1)
        else:
            yield shape


def _bullets(holder: Any, level: int) -> Iterator[str]:
    """Paragraphs and lists as bullets by their level."""
    if holder is None:
        return
    for child in holder:
        if child.tag in (f"{_TEXT}p", f"{_TEXT}h"):
            if said := _said(child):
                yield "  " * level + "- " + said
        elif child.tag == f"{_TEXT}list" and level < _MAX_DEPTH:
            # A list's items stand at the level of what holds the list; a list inside an item, one deeper.
            deeper = level + 1 if holder.tag == f"{_TEXT}list-item" else level
            for item in child:
                yield from _bullets(item, deeper)
        elif child.tag in (f"{_DRAW}text-box", f"{_DRAW}frame"):
            yield from _bullets(child, level)


def _said(element: Any) -> str:
    """An element's text as read: spaces (``text:s``), tabs and line breaks as spaces, notes and
    comments left out."""
    parts: list[str] = []

    def walk(node: Any) -> None:
        if node.text:
            parts.append(node.text)
        for child in node:
            if child.tag == f"{_TEXT}s" or child.tag in (f"{_TEXT}tab", f"{_TEXT}line-break"):
                parts.append(" ")
            elif isinstance(child.tag, str) and child.tag not in _UNREAD:
                walk(child)
            if child.tail:
                parts.append(child.tail)

    walk(element)
    return " ".join("".join(parts).split())


def _described(shape: Any) -> str:
    for name in ("title", "desc"):
        found = shape.find(f"{_SVG}{name}")
        if found is not None and (said := " ".join("".join(found.itertext()).split())):
            return said
    return ""


def _hidden_styles(root: Any) -> frozenset[str]:
    """The names of the table styles that hide a sheet (``table:display="false"``)."""
    hidden = set()
    for style in root.iter(f"{_STYLE}style"):
        properties = style.find(f"{_STYLE}table-properties")
        if properties is not None and properties.get(f"{_TABLE}display") == "false":
            hidden.add(style.get(f"{_STYLE}name") or "")
    return frozenset(hidden)


def _body(root: Any, kind: str) -> Any:
    found = root.find(f"{_OFFICE}body/{_OFFICE}{kind}")
    if found is None:
        raise OpenDocumentRefused(f"the OpenDocument {kind} holds no {kind} in its content part")
    return found


def _count(value: str | None) -> int:
    """A repeat count as written; 1 for anything that is not a whole positive number."""
    if value is None or not value.isascii() or not value.isdigit() or len(value) > 9:
        return 1
    return max(int(value), 1)
