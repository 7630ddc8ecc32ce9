"""TrafilaturaExtractor: a fetched page, whatever its content type, as clean Markdown."""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlsplit

from adapters.pages.candidate_helper import CandidateHelper
from adapters.pages.decoding import decode_text
from adapters.pages.fences import fenced
from adapters.pages.html_article import HELPER_MAKERS, html_to_article
from adapters.pages.legacy_workbooks import (
    LEGACY_EXCEL_TYPES,
    OLE_MAGIC,
    XLS_TYPE,
    WorkbookUnreadable,
    served_as_excel,
    xls_markdown,
)
from adapters.pages.notebook_text import looks_like_notebook, notebook_markdown, notebook_of
from adapters.pages.office_documents import NAMES, DocumentUnreadable, office_kind, office_markdown
from adapters.pages.office_documents import Kind as OfficeKind
from adapters.pages.openapi_text import YAML_TYPES, is_openapi, named_yaml, openapi_markdown, yaml_text
from adapters.pages.pdf_text import PdfUnreadable, pdf_to_text
from adapters.pages.xml_text import XmlUnreadable, xml_to_markdown
from domain.errors import PageUnavailable, UnsupportedContent
from domain.pages import HTML_TYPES, UNTYPED, FetchedPage

_JSON_TYPES = frozenset({"application/json", "text/json"})
_PDF_TYPE = "application/pdf"
_XML_TYPE = "application/xml"
# Formatting may add indentation, never more than this much text per byte read (plus a little).
_GROWTH = 2
_GROWTH_SLACK = 64 * 1024


class TrafilaturaExtractor:
    """Implements ``domain.ports.ContentExtractorPort``.

    HTML (and XHTML) becomes Markdown of the main content, by the kind-aware vote of several
    extractors in ``html_article`` (docs/extraction.md); a feed (RSS, Atom) a list of its
    entries and other XML indented text; a Jupyter notebook its cells and saved outputs
    (``notebook_text``), whether it came as JSON, plain text or untyped; other text passes
    through, JSON pretty-printed in a fence; PDF becomes its text; a Word, Excel or PowerPoint
    document (``office_documents``) its text, tables and slides. Formatting never makes the
    text more than about twice the size of the body, however the body nests. Holds no state,
    so worker threads or processes may share one instance. The heavy libraries are imported on
    first use, keeping server start-up fast.

    ``include_images`` keeps images found by trafilatura as ``[Image: alt]`` (an agent often
    needs to know a figure or diagram is there). It costs some precision, since trafilatura then
    also keeps galleries and captions; pass False for text only.

    ``helper``: a page's slow candidate is made in a second process beside this one while this one
    reads the page (``candidate_helper``). Only in an extraction worker (``worker_extractor``): the
    helper is forked from the process that holds the extractor, which must not be the server's.
    """

    def __init__(self, *, include_images: bool = True, helper: bool = False) -> None:
        self._include_images = include_images
        self._helper = CandidateHelper(HELPER_MAKERS) if helper else None

    @property
    def has_helper(self) -> bool:
        return self._helper is not None

    def extract(self, page: FetchedPage, *, draft: Callable[[str], None] | None = None) -> str:
        """``draft``: called, for an HTML page only, with each reading to fall back on, the last one the
        better (``html_to_article``)."""
        content_type = _effective_type(page)
        if content_type in HTML_TYPES:
            html = decode_text(page.body, page.charset, markup=True)
            return html_to_article(
                html, page.url, include_images=self._include_images, draft=draft, helper=self._helper
            ).markdown
        if content_type == _PDF_TYPE:
            return _pdf(page)
        if content_type == XLS_TYPE:
            return _xls(page)
        office = office_kind(content_type, page.body)
        if office is not None:
            return _office(page, office)
        if _is_xml(content_type):
            return _xml(page)
        named = urlsplit(page.url).path.lower().endswith(".ipynb")
        if _may_be_notebook(content_type) and looks_like_notebook(page.body, named=named):
            notebook = notebook_of(decode_text(page.body, page.charset, markup=False))
            if notebook is not None:
                return notebook_markdown(notebook)
        if content_type in _JSON_TYPES or content_type.endswith("+json"):
            return _json(decode_text(page.body, page.charset, markup=False))
        if content_type in YAML_TYPES or (content_type == "text/plain" and named_yaml(page.url)):
            return yaml_text(decode_text(page.body, page.charset, markup=False))
        if content_type.startswith("text/"):
            return decode_text(page.body, page.charset, markup=False)
        raise UnsupportedContent(page.url, f"unsupported content type {content_type or 'unknown'}")


def worker_extractor() -> TrafilaturaExtractor:
    """The extractor an extraction worker runs: with a helper process beside it."""
    return TrafilaturaExtractor(helper=True)


def _effective_type(page: FetchedPage) -> str:
    """The declared type, or for untyped bodies what their first bytes show them to be."""
    if page.content_type in LEGACY_EXCEL_TYPES:
        return served_as_excel(page.body)
    if page.content_type not in UNTYPED:
        return page.content_type
    if page.body.startswith(OLE_MAGIC) and urlsplit(page.url).path.lower().endswith(".xls"):
        return XLS_TYPE
    head = page.body[:1024].lstrip().lower()
    if head.startswith(b"%pdf-"):
        return _PDF_TYPE
    if head.startswith((b"<!doctype html", b"<html")):
        return "text/html"
    if head.startswith(b"<?xml"):
        return "text/html" if b"<html" in head else _XML_TYPE
    return page.content_type


def _may_be_notebook(content_type: str) -> bool:
    """Notebooks come as JSON, as plain text (a raw-file host) or untyped."""
    return (
        content_type in _JSON_TYPES
        or content_type.endswith("+json")
        or content_type == "text/plain"
        or content_type in UNTYPED
    )


def _is_xml(content_type: str) -> bool:
    return content_type != "application/xhtml+xml" and content_type.endswith(("/xml", "+xml"))


def _limit(body: bytes) -> int:
    return _GROWTH * len(body) + _GROWTH_SLACK


def _xml(page: FetchedPage) -> str:
    try:
        return xml_to_markdown(page.body, max_chars=_limit(page.body))
    except XmlUnreadable:
        return decode_text(page.body, page.charset, markup=True)


def _json(text: str) -> str:
    """Pretty-printed in a fence, unless that would blow it up (deep nesting): then as it came."""
    try:
        parsed = json.loads(text)
        if is_openapi(parsed):
            return openapi_markdown(parsed)
        limit = _GROWTH * len(text) + _GROWTH_SLACK
        pieces: list[str] = []
        size = 0
        for piece in json.JSONEncoder(indent=2, ensure_ascii=False).iterencode(parsed):
            pieces.append(piece)
            size += len(piece)
            if size > limit:
                return text
    except (ValueError, RecursionError):
        return text
    return fenced("".join(pieces), "json")


def _office(page: FetchedPage, kind: OfficeKind) -> str:
    try:
        return office_markdown(kind, page.body)
    except DocumentUnreadable as unreadable:
        if page.truncated:
            raise PageUnavailable(page.url, f"the {NAMES[kind]} was cut short by the size limit") from None
        raise PageUnavailable(page.url, unreadable.reason) from None


def _xls(page: FetchedPage) -> str:
    try:
        return xls_markdown(page.body)
    except WorkbookUnreadable as unreadable:
        if page.truncated:
            raise PageUnavailable(page.url, "the Excel 97-2003 workbook was cut short by the size limit") from None
        raise PageUnavailable(page.url, unreadable.reason) from None


def _pdf(page: FetchedPage) -> str:
    try:
        return pdf_to_text(page.body)
    except PdfUnreadable:
        if page.truncated:
            raise PageUnavailable(page.url, "the PDF was cut short by the size limit") from None
        raise PageUnavailable(page.url, "the PDF could not be read") from None
