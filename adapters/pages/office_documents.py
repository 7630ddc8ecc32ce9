"""Office documents (Word .docx, Excel .xlsx, PowerPoint .pptx) as Markdown an agent reads.

Reports, data sets and slide decks are linked from the web as often as PDFs; they were refused as
an unsupported content type. Each is a zip of XML parts, read by the library made for it:
mammoth turns a Word document into HTML by its styles (headings, lists, tables, links, footnotes),
which becomes Markdown the way a page's HTML does, images as ``[Image: alt]`` and never their
bytes; openpyxl reads a workbook's sheets (read-only, the values formulas last computed), each a
Markdown table; python-pptx reads slides in order, each its title, its text as bullets by level,
its tables, its charts' data as tables, its pictures' descriptions and its speaker notes.
Bounded: the zip is checked before any library opens it (what it unpacks to, how many parts), a
long Word document is cut to its first paragraphs, a sheet shows its first rows and columns and
says what it leaves out, a chart its first points, and the libraries run in the extraction
worker, whose time and memory are bounded too.
"""

from __future__ import annotations

import io
import logging
import zipfile
from collections.abc import Iterable, Iterator
from typing import Any, Literal

from adapters.pages.html_fragments import fragment_markdown
from adapters.pages.open_documents import (
    OPEN_NAMES,
    OPEN_TYPES,
    OpenDocumentRefused,
    OpenKind,
    open_kind,
    open_markdown,
)
from adapters.pages.sheet_tables import MAX_CELLS, MAX_SHEET_COLUMNS, cell_text, rows_table, sheet_table, table_row
from adapters.pages.xml_heads import cut_to_head
from domain.pages import UNTYPED

Kind = Literal["docx", "xlsx", "pptx"] | OpenKind
NAMES: dict[Kind, str] = {
    "docx": "Word document",
    "xlsx": "Excel workbook",
    "pptx": "PowerPoint presentation",
    "odt": OPEN_NAMES["odt"],
    "ods": OPEN_NAMES["ods"],
    "odp": OPEN_NAMES["odp"],
}
CONTENT_TYPES: dict[str, Kind] = {
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
    **OPEN_TYPES,
}
# The part each kind must hold (its main part, by the format's conventional name).
_MAIN_PARTS: dict[str, Kind] = {"word/document.xml": "docx", "xl/workbook.xml": "xlsx", "ppt/presentation.xml": "pptx"}
_ZIP_TYPES = UNTYPED | {"application/zip", "application/x-zip-compressed"}
#: What a document may unpack to, and how many parts it may have: a zip bomb stops here, in plain words.
MAX_UNPACKED_BYTES = 100_000_000
MAX_PARTS = 10_000
#: A Word document's text part read at most: mammoth reads about half a megabyte of it a second at
#: worst (short paragraphs, the most markup a byte), so a longer one would reach the page's deadline
#: (8 s). A 300-page report's is one to three megabytes; a longer one is cut to its first
#: paragraphs and tables (whole ones) of about this much, and the cut is said.
MAX_WORD_TEXT_BYTES = 2_000_000
#: A text part past this is refused rather than cut: cutting parses it (lxml holds several times
#: the XML in memory, within the extraction worker's limit).
MAX_WORD_SOURCE_BYTES = 30_000_000
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"

# A chart's data shown at most (a chart of thousands of points is a data set, not a slide's point).
_MAX_CHART_ROWS = 100
_MAX_CHART_SERIES = 20
# Groups nest groups; deeper than any deck draws, and bounded.
_MAX_GROUP_DEPTH = 5

logger = logging.getLogger(__name__)


class DocumentUnreadable(Exception):
    """The bytes are not a document of their kind that its library can read; ``reason`` says why, plainly."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def office_kind(content_type: str, body: bytes) -> Kind | None:
    """Which office document ``body`` is: by its declared type, or, untyped or typed as a zip, by its parts."""
    if content_type in CONTENT_TYPES:
        return CONTENT_TYPES[content_type]
    if content_type not in _ZIP_TYPES or not body.startswith(b"PK\x03\x04"):
        return None
    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
        names = set(archive.namelist()[:MAX_PARTS])
    except (zipfile.BadZipFile, ValueError, OSError):
        return None
    return next((kind for part, kind in _MAIN_PARTS.items() if part in names), None) or open_kind(archive)


def office_markdown(kind: Kind, body: bytes) -> str:
    """The document as Markdown; raises ``DocumentUnreadable`` with a plain reason."""
    _check_zip(body, NAMES[kind])
    try:
        if kind in OPEN_NAMES:
            return open_markdown(kind, body)
        return {"docx": _word, "xlsx": _workbook, "pptx": _slides}[kind](body)
    except DocumentUnreadable:
        raise
    except OpenDocumentRefused as refused:
        raise DocumentUnreadable(refused.reason) from None
    # Each library reads untrusted XML in a zip and signals a broken part with its own errors, lxml's,
    # zipfile's, KeyError or ValueError: all of them mean one thing to the reader.
    except Exception as exc:
        logger.debug("could not read a %s: %r", kind, exc)
        raise DocumentUnreadable(f"the {NAMES[kind]} could not be read") from None


def _check_zip(body: bytes, name: str) -> None:
    try:
        parts = zipfile.ZipFile(io.BytesIO(body)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise DocumentUnreadable(f"the {name} is not a readable zip file (damaged or cut short)") from None
    if len(parts) > MAX_PARTS:
        raise DocumentUnreadable(f"the {name} has more than {MAX_PARTS:,} parts")
    if sum(part.file_size for part in parts) > MAX_UNPACKED_BYTES:
        raise DocumentUnreadable(f"the {name} unpacks to more than {MAX_UNPACKED_BYTES // 1_000_000} MB")
    text = next((part.file_size for part in parts if part.filename == "word/document.xml"), 0)
    if text > MAX_WORD_SOURCE_BYTES:
        raise DocumentUnreadable(
            f"the {name} is too long to read here: its text unpacks to {text / 1e6:.1f} MB"
            f" (at most {MAX_WORD_SOURCE_BYTES // 1_000_000} MB)"
        )


def _word(body: bytes) -> str:
    import mammoth

    # An image's bytes would come back as a data address; only its description is kept.
    def described(image: Any) -> dict[str, str]:
        return {"src": "", "alt": " ".join((image.alt_text or "").split())}

    body, cut = _word_head(body)
    html = mammoth.convert_to_html(io.BytesIO(body), convert_image=mammoth.images.img_element(described)).value
    markdown = fragment_markdown(html).strip()
    if not markdown:
        return ""
    markdown += "\n"
    if cut is not None:
        markdown += f"\n[A long document: its first {cut[0]:,} of {cut[1]:,} paragraphs and tables are shown.]\n"
    return markdown


def _word_head(body: bytes) -> tuple[bytes, tuple[int, int] | None]:
    """The document as it is, or, when its text part is past ``MAX_WORD_TEXT_BYTES``, a copy holding
    only its first whole paragraphs and tables (the body's own children, so the XML stays whole),
    with how many of how many were kept."""
    from lxml import etree

    archive = zipfile.ZipFile(io.BytesIO(body))
    try:
        part = archive.getinfo("word/document.xml")
    except KeyError:
        return body, None  # mammoth says what is wrong with it
    if part.file_size <= MAX_WORD_TEXT_BYTES:
        return body, None
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    document = etree.fromstring(archive.read(part), parser)
    text = document.find(f"{_W}body")
    if text is None:
        return body, None
    blocks = [child for child in text if child.tag != f"{_W}sectPr"]
    kept = cut_to_head(text, blocks, MAX_WORD_TEXT_BYTES)
    if kept is None:
        return body, None
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as shortened:
        for info in archive.infolist():
            data = archive.read(info) if info.filename != part.filename else etree.tostring(document)
            shortened.writestr(info.filename, data)
    return out.getvalue(), (kept, len(blocks))


def _workbook(body: bytes) -> str:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(body), read_only=True, data_only=True)
    try:
        budget = MAX_CELLS
        parts = []
        for sheet in book.worksheets:
            hidden = " (hidden)" if sheet.sheet_state != "visible" else ""
            table, budget = sheet_table(sheet.iter_rows(max_col=MAX_SHEET_COLUMNS + 1, values_only=True), budget)
            parts.append(f"## {sheet.title}{hidden}\n\n{table}")
        return "\n\n".join(parts) + "\n" if parts else ""
    finally:
        book.close()


def _slides(body: bytes) -> str:
    from pptx import Presentation

    deck = Presentation(io.BytesIO(body))
    parts = []
    for number, slide in enumerate(deck.slides, start=1):
        title_shape = slide.shapes.title
        title = " ".join(title_shape.text_frame.text.split()) if title_shape is not None else ""
        lines = [f"## Slide {number}" + (f": {title}" if title else "")]
        others = [shape for shape in slide.shapes if title_shape is None or shape.shape_id != title_shape.shape_id]
        lines.extend(_shapes_markdown(others))
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame
            said = " ".join(notes.text.split()) if notes is not None else ""
            if said:
                lines.append(f"Notes: {said}")
        parts.append("\n\n".join(lines))
    return "\n\n".join(parts) + "\n" if parts else ""


def _chart_markdown(chart: Any) -> str:
    """A chart as its title and the data it draws: a table of its categories by its series."""
    title = " ".join(chart.chart_title.text_frame.text.split()) if chart.has_title else ""
    plot = chart.plots[0] if len(chart.plots) else None
    if plot is None:
        return f"[Chart: {title or 'without data'}]"
    categories = [cell_text(category) for category in list(plot.categories)[:_MAX_CHART_ROWS]]
    series = list(plot.series)[:_MAX_CHART_SERIES]
    columns = [[cell_text(value) for value in list(one.values)[: len(categories)]] for one in series]
    lines = [f"Chart: {title}" if title else "Chart:", "", table_row(["", *(cell_text(one.name) for one in series)])]
    lines.append(table_row(["---"] * (len(series) + 1)))
    for index, category in enumerate(categories):
        lines.append(table_row([category, *(column[index] if index < len(column) else "" for column in columns)]))
    return "\n".join(lines)


def _shapes_markdown(shapes: Iterable[Any], depth: int = 0) -> Iterator[str]:
    """Shapes in reading order (top to bottom, then left to right): text as bullets, tables, pictures."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    ordered = sorted(shapes, key=lambda shape: (shape.top or 0, shape.left or 0))
    for shape in ordered:
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            if depth < _MAX_GROUP_DEPTH:
                yield from _shapes_markdown(shape.shapes, depth + 1)
        elif getattr(shape, "has_table", False) and shape.has_table:
            rows = [[cell_text(cell.text) for cell in row.cells] for row in shape.table.rows]
            if rows and rows[0]:
                yield rows_table(rows)
        elif getattr(shape, "has_chart", False) and shape.has_chart:
            yield _chart_markdown(shape.chart)
        elif getattr(shape, "has_text_frame", False) and shape.has_text_frame:
            bullets = [
                "  " * paragraph.level + "- " + said
                for paragraph in shape.text_frame.paragraphs
                if (said := " ".join(paragraph.text.split()))
            ]
            if bullets:
                yield "\n".join(bullets)
        elif shape.shape_type == MSO_SHAPE_TYPE.PICTURE:
            # python-pptx has no property for a picture's description (its alt text); it is the
            # descr attribute of the shape's non-visual properties.
            described = shape._element.xpath("./*[1]/*[local-name()='cNvPr']/@descr")
            yield f"[Image: {' '.join(str(described[0]).split()) if described else shape.name}]"
