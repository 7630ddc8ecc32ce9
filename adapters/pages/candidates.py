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

from adapters.pages.html_markdown import Element, element_to_markdown, image_placeholder, tidy, web_link

Mode = Literal["precision", "balanced", "recall"]

# trafilatura escapes Markdown's own characters inside the alt text (``\]``, ``\<``), so a caption
# with brackets in it is still one image (line breaks too: captions keep theirs); the target may
# hold escapes. An unescaped "[" ends the attempt at once, so a run of "![" costs linear time.
_MARKDOWN_IMAGE = re.compile(r"!\[((?:\\.|[^\\\[\]])*)\]\((?:\\.|[^\\)\n])*\)")
_ESCAPE = re.compile(r"\\(.)")
# A link as trafilatura writes it: text on one line with escaped brackets (or an image placeholder
# inside), then the target, in angle brackets when it holds spaces or parentheses. An unescaped
# "[" or a line's end ends the attempt, so the cost stays linear in the line.
_MARKDOWN_LINK = re.compile(r"\[((?:\\.|\[Image:[^\]\n]*\]|[^\\\[\]\n])*)\]\((<[^<>\n]*>|[^()<>\s]*)\)")
# Resiliparse's minimal HTML writes a table row as one line, its cells two tabs apart.
_CELL_BREAK = "\t\t"
_PRE = re.compile(r"<pre\b.*?</pre>", re.DOTALL | re.IGNORECASE)


def trafilatura_markdown(
    html: str, base_url: str | None, *, mode: Mode, include_images: bool, include_comments: bool = False
) -> str:
    """trafilatura's Markdown, its images as placeholders and its relative links resolved against ``base_url``.

    trafilatura is not given the address: it resolves relative links against the site's root,
    not the page's (``intro.html`` on ``/docs/user/a.html`` became ``/intro.html``, ``?page=2``
    the home page's), and the address changes nothing else it extracts (218 pages of both
    corpora, all three modes: the same text).
    """
    import trafilatura

    markdown = trafilatura.extract(
        html,
        url=None,
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
    markdown = _MARKDOWN_IMAGE.sub(_image_placeholder, markdown or "")
    return tidy(_MARKDOWN_LINK.sub(lambda link: _resolved(link, base_url), markdown))


def _image_placeholder(match: re.Match[str]) -> str:
    return image_placeholder(_ESCAPE.sub(r"\1", match.group(1)))


def _resolved(link: re.Match[str], base_url: str | None) -> str:
    """A Markdown link with its target made absolute, or only its text when it leads nowhere on the web."""
    text, target = link.group(1), link.group(2)
    address = web_link(target[1:-1] if target.startswith("<") else target, base_url)
    return f"[{text}]({address})" if address else text


def readability_markdown(html: str, base_url: str | None = None) -> str:
    from readability import Document
    from readability.readability import Unparseable

    try:
        summary = Document(html).summary(html_partial=True)
    except Unparseable:
        return ""
    root = parse_html(summary)
    return element_to_markdown(root, base_url) if root is not None else ""


def whole_page_markdown(root: Element, base_url: str | None = None) -> str:
    """The page's ``<main>`` (or ``<body>``) with chrome pruned. Works on a copy; ``root`` is kept."""
    from copy import deepcopy

    container = next(root.iter("main"), None)
    if container is None:
        container = next(root.iter("body"), root)
    return element_to_markdown(deepcopy(container), base_url)


def links_base(root: Element, url: str | None) -> str | None:
    """What the page's relative links are relative to: its ``<base href>`` when it has one, else its address."""
    declared = next((element.get("href") for element in root.iter("base") if element.get("href")), None)
    return (web_link(declared, url) or url) if declared else url


def resiliparse_markdown(root: Element, base_url: str | None = None, *, comments: bool = True) -> str:
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
    return element_to_markdown(kept, base_url) if kept is not None else ""


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
            # Rows keep their own number of cells: padding every row to the widest here would let
            # one wide row multiply the rest (the conversion bounds its own padding too).
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
