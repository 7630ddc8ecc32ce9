"""TrafilaturaExtractor: a fetched page, whatever its content type, as clean Markdown."""

from __future__ import annotations

import json

from adapters.pages.decoding import decode_text
from adapters.pages.html_article import html_to_article
from adapters.pages.pdf_text import PdfUnreadable, pdf_to_text
from domain.errors import PageUnavailable, UnsupportedContent
from domain.pages import FetchedPage

#: How extraction workers find the extractor (see ProcessExtractionPool).
EXTRACTOR_PATH = "adapters.pages.extractor:TrafilaturaExtractor"
#: Imported once by the workers' fork server, so each new worker starts with them loaded.
WORKER_PRELOAD = (
    "adapters.pages.extractor",
    "trafilatura",
    "readability",
    "markdownify",
    "pypdf",
    "charset_normalizer",
)
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_JSON_TYPES = frozenset({"application/json", "text/json"})
_PDF_TYPE = "application/pdf"
_UNKNOWN_TYPES = frozenset({"", "application/octet-stream", "binary/octet-stream"})


class TrafilaturaExtractor:
    """Implements ``domain.ports.ContentExtractorPort``.

    HTML (and XHTML) becomes Markdown of the main content; other text passes through, JSON
    pretty-printed in a fence; PDF becomes its text. Holds no state, so worker threads may share
    one instance. The heavy libraries are imported on first use, keeping server start-up fast.

    ``include_images`` keeps images found by trafilatura as ``[Image: alt]`` (an agent often
    needs to know a figure or diagram is there). It costs some precision, since trafilatura then
    also keeps galleries and captions (see ``html_to_article``); pass False for text only.
    """

    def __init__(self, *, include_images: bool = True) -> None:
        self._include_images = include_images

    def extract(self, page: FetchedPage) -> str:
        content_type = _effective_type(page)
        if content_type in _HTML_TYPES:
            html = decode_text(page.body, page.charset, markup=True)
            return html_to_article(html, page.url, include_images=self._include_images).markdown
        if content_type == _PDF_TYPE:
            return _pdf(page)
        if content_type in _JSON_TYPES or content_type.endswith("+json"):
            return _json(decode_text(page.body, page.charset, markup=False))
        if content_type.startswith("text/"):
            return decode_text(page.body, page.charset, markup=False)
        raise UnsupportedContent(page.url, f"unsupported content type {content_type or 'unknown'}")


def _effective_type(page: FetchedPage) -> str:
    """The declared type, or for untyped bodies what their first bytes show them to be."""
    if page.content_type not in _UNKNOWN_TYPES:
        return page.content_type
    head = page.body[:512].lstrip().lower()
    if head.startswith(b"%pdf-"):
        return _PDF_TYPE
    if head.startswith((b"<!doctype html", b"<html")):
        return "text/html"
    return page.content_type


def _json(text: str) -> str:
    try:
        parsed = json.loads(text)
    except ValueError:
        return text
    return "```json\n" + json.dumps(parsed, indent=2, ensure_ascii=False) + "\n```"


def _pdf(page: FetchedPage) -> str:
    try:
        return pdf_to_text(page.body)
    except PdfUnreadable:
        if page.truncated:
            raise PageUnavailable(page.url, "the PDF was cut short by the size limit") from None
        raise PageUnavailable(page.url, "the PDF could not be read") from None
