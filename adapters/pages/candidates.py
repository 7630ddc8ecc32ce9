"""The extractors the pipeline runs on one page, each returning Markdown (or "" when it finds nothing).

Each has a different bias, which is the point: trafilatura favouring precision cuts chrome hard
and sometimes the body with it; favouring recall keeps the body and some chrome; readability
scores one best subtree (good on articles, blind to lists); the pruned whole page keeps every
item of a listing or catalogue; Resiliparse's main content is thorough on threads and service
pages. ``reconcile`` chooses among them by evidence.
"""

from __future__ import annotations

import re
from typing import Literal

from adapters.pages.html_markdown import Element, element_to_markdown, image_placeholder

Mode = Literal["precision", "balanced", "recall"]

# trafilatura escapes Markdown's own characters inside the alt text (``\]``, ``\<``), so a caption
# with brackets in it is still one image (line breaks too: captions keep theirs); the target may
# hold escapes. An unescaped "[" ends the attempt at once, so a run of "![" costs linear time.
_MARKDOWN_IMAGE = re.compile(r"!\[((?:\\.|[^\\\[\]])*)\]\((?:\\.|[^\\)\n])*\)")
_ESCAPE = re.compile(r"\\(.)")
# Resiliparse's minimal HTML writes a table row as one line, its cells two tabs apart.
_CELL_BREAK = "\t\t"
_PRE = re.compile(r"<pre\b.*?</pre>", re.DOTALL | re.IGNORECASE)


def trafilatura_markdown(
    html: str, url: str | None, *, mode: Mode, include_images: bool, include_comments: bool = False
) -> str:
    import trafilatura

    markdown = trafilatura.extract(
        html,
        url=url,
        output_format="markdown",
        include_links=True,
        include_tables=True,
        include_formatting=True,
        include_images=include_images,
        include_comments=include_comments,
        favor_precision=mode == "precision",
        favor_recall=mode == "recall",
        with_metadata=False,
    )
    return _MARKDOWN_IMAGE.sub(_image_placeholder, markdown or "").strip()


def _image_placeholder(match: re.Match[str]) -> str:
    return image_placeholder(_ESCAPE.sub(r"\1", match.group(1)))


def readability_markdown(html: str) -> str:
    from readability import Document
    from readability.readability import Unparseable

    try:
        summary = Document(html).summary(html_partial=True)
    except Unparseable:
        return ""
    root = parse_html(summary)
    return element_to_markdown(root) if root is not None else ""


def whole_page_markdown(root: Element) -> str:
    """The page's ``<main>`` (or ``<body>``) with chrome pruned. Works on a copy; ``root`` is kept."""
    from copy import deepcopy

    container = next(root.iter("main"), None)
    if container is None:
        container = next(root.iter("body"), root)
    return element_to_markdown(deepcopy(container))


def resiliparse_markdown(root: Element, *, comments: bool = True) -> str:
    """Resiliparse's main content as Markdown: fast and thorough, with its headings, lists, code and links.

    Resiliparse writes what it keeps as minimal HTML (headings, paragraphs, lists, ``<pre>``,
    links), which the same conversion as the whole page turns into Markdown: its plain text lost
    every heading, code fence, list marker and link, and it wins the vote on a quarter of the
    pages that are not articles (threads, service pages, references). Resiliparse writes a
    table as lines of cells two tabs apart; those become tables again (``_tables_restored``).
    ``comments=False`` leaves out the sections Resiliparse recognises as comments (by their
    markup's names), which on a shop's page are its customers' reviews.

    It is given lxml's serialisation of the parsed page, not the raw bytes: lxml caps nesting at
    255 levels, and Resiliparse on the raw bytes of 100,000 nested ``<div>``s runs for minutes.
    """
    import lxml.html
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    html = lxml.html.tostring(root, encoding="unicode")
    minimal = extract_plain_text(
        HTMLTree.parse(html),
        main_content=True,
        alt_texts=False,
        links=True,
        comments=comments,
        preserve_formatting="minimal_html",
    )
    kept = parse_html(_tables_restored(str(minimal))) if str(minimal).strip() else None
    return element_to_markdown(kept) if kept is not None else ""


def _tables_restored(minimal: str) -> str:
    """Resiliparse's minimal HTML with each run of table rows (cells two tabs apart) made a ``<table>`` again.

    Only outside ``<pre>``: code may be indented with tabs.
    """
    parts, start = [], 0
    for pre in _PRE.finditer(minimal):
        parts += [_rows_as_tables(minimal[start : pre.start()]), pre.group(0)]
        start = pre.end()
    parts.append(_rows_as_tables(minimal[start:]))
    return "".join(parts)


def _rows_as_tables(text: str) -> str:
    lines: list[str] = []
    rows: list[list[str]] = []
    for line in [*text.split("\n"), None]:  # None ends the last run of rows
        if line is not None and _CELL_BREAK in line:
            rows.append(line.split(_CELL_BREAK))
            continue
        if rows:
            # Rows keep their own number of cells: Markdown readers fill a short row with empty
            # cells, and padding every row to the widest would let one wide row multiply the rest.
            body = "".join("<tr>" + "".join(f"<td>{cell.strip()}</td>" for cell in row) + "</tr>" for row in rows)
            lines.append(f"<table>{body}</table>")
            rows = []
        if line is not None:
            lines.append(line)
    return "\n".join(lines)


def parse_html(html: str) -> Element | None:
    """The page's tree as plain lxml elements, or None when there is no document to read.

    Plain ``etree`` elements, not ``lxml.html``'s: the same parser and the same tree, but
    ``lxml.html`` looks up a Python class for every element it hands out, and the pipeline walks
    every element of the page (``page_kind.measure``), which made that lookup a tenth of an
    article's extraction time.
    """
    import lxml.etree

    try:
        root = lxml.etree.fromstring(html, lxml.etree.HTMLParser())
    except (lxml.etree.ParserError, lxml.etree.XMLSyntaxError, ValueError):
        return None
    return root
