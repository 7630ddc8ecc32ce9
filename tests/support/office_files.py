"""Word, Excel and PowerPoint files written by the libraries made for them, for the tests that read them."""

from __future__ import annotations

import datetime
import io
from typing import Any


def make_docx() -> bytes:
    """A short report: a title, headings, a paragraph with bold and a link-free footnote-like line, a
    bulleted and a numbered list, a table and an image with a description."""
    import docx
    from docx.shared import Inches

    document = docx.Document()
    document.add_heading("Quarterly relay report", level=1)
    paragraph = document.add_paragraph("Uptime was ")
    paragraph.add_run("99.95 percent").bold = True
    paragraph.add_run(" across all providers.")
    document.add_heading("What changed", level=2)
    document.add_paragraph("Failover now hedges the slow provider.", style="List Bullet")
    document.add_paragraph("The cache is shared between replicas.", style="List Bullet")
    document.add_paragraph("Measure first.", style="List Number")
    document.add_paragraph("Change second.", style="List Number")
    table = document.add_table(rows=3, cols=2)
    for row, (name, calls) in zip(
        table.rows, [("provider", "calls"), ("serper", "1,204"), ("brave", "988")], strict=True
    ):
        row.cells[0].text, row.cells[1].text = name, calls
    document.add_picture(io.BytesIO(_png()), width=Inches(1))
    document.inline_shapes[0]._inline.docPr.set("descr", "Calls per provider, by week")
    return _saved(document)


def make_xlsx(*, rows: int = 3, hidden: bool = True) -> bytes:
    """A workbook: a data sheet (header, numbers, a date, a formula's cached value absent), an empty
    sheet and, unless told otherwise, a hidden one."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Calls"
    sheet.append(["provider", "calls", "share", "since"])
    for index in range(rows):
        sheet.append([f"provider {index}", 1000 + index, 0.25, datetime.datetime(2026, 1, 1 + index % 28)])
    book.create_sheet("Empty")
    if hidden:
        secret = book.create_sheet("Notes")
        secret["A1"] = "a note | with a pipe"
        secret.sheet_state = "hidden"
    return _saved(book)


def make_pptx() -> bytes:
    """A deck: a title slide, a slide of bullets at two levels with speaker notes, a slide with a
    table, a slide with a chart of two series."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    deck = Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[0])
    first.shapes.title.text = "Relay in 2026"
    first.placeholders[1].text = "What we built"
    second = deck.slides.add_slide(deck.slide_layouts[1])
    second.shapes.title.text = "Failover"
    body = second.placeholders[1].text_frame
    body.text = "Decided by a table"
    deeper = body.add_paragraph()
    deeper.text, deeper.level = "pure, in the domain", 1
    second.notes_slide.notes_text_frame.text = "Mention the hedging."
    third = deck.slides.add_slide(deck.slide_layouts[5])
    third.shapes.title.text = "Calls"
    table = third.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1)).table
    for (row, column), said in {(0, 0): "provider", (0, 1): "calls", (1, 0): "serper", (1, 1): "1,204"}.items():
        table.cell(row, column).text = said
    fourth = deck.slides.add_slide(deck.slide_layouts[5])
    fourth.shapes.title.text = "By week"
    data = CategoryChartData()
    data.categories = ["week 1", "week 2"]
    data.add_series("serper", (1204, 1310))
    data.add_series("brave", (988, 1002.5))
    chart = fourth.shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(6), Inches(4), data
    ).chart
    chart.has_title = True
    chart.chart_title.text_frame.text = "Calls per provider"
    return _saved(deck)


def _saved(document: Any) -> bytes:
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _png() -> bytes:
    """A 1x1 PNG."""
    import base64

    return base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
    )
