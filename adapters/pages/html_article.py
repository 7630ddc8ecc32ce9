"""The main content of an HTML page as Markdown: trafilatura first, then two fallbacks.

trafilatura is the best article extractor on the benchmark (bench/extraction.py), but on some
pages (app shells, listings, unusual markup) it keeps almost nothing. When it keeps very little
of a page that has much more text, readability-lxml gets a turn, and failing that the whole
``<main>`` or ``<body>`` is converted with navigation and banners skipped.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Literal

from adapters.pages.html_markdown import Element, element_to_markdown

Method = Literal["trafilatura", "readability", "whole page"]

# Below this many characters, an extraction is suspect...
MIN_ARTICLE_CHARS = 250
# ...if the page holds this many times more text than what was kept.
_PAGE_TEXT_RATIO = 3
_MARKDOWN_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_WHITESPACE = re.compile(r"\s+")

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Article:
    markdown: str
    method: Method


def html_to_article(html: str, url: str | None = None, *, include_images: bool = False) -> Article:
    """The page's main content as Markdown, and which method produced it.

    ``include_images`` asks trafilatura for images (as ``[Image: alt]``). It is off by default
    because trafilatura then also keeps galleries, captions and teaser blocks: on the benchmark
    precision drops from 0.960 to 0.943. The fallbacks always keep image alt text.
    """
    primary = _trafilatura(html, url, include_images=include_images)
    if len(primary) >= MIN_ARTICLE_CHARS:
        return Article(primary, "trafilatura")
    page_root = _parse(html)
    if page_root is None:
        return Article(primary, "trafilatura")
    page_chars = _visible_text_chars(page_root)
    if page_chars < _PAGE_TEXT_RATIO * max(len(primary), 1) and primary:
        return Article(primary, "trafilatura")
    best = Article(primary, "trafilatura")
    for candidate in (_readability(html), _whole_page(page_root)):
        if len(candidate.markdown) > len(best.markdown):
            best = candidate
        if len(best.markdown) >= MIN_ARTICLE_CHARS:
            break
    logger.debug(
        "trafilatura kept %d of %d characters; using %s",
        len(primary),
        page_chars,
        best.method,
        extra={"method": best.method},
    )
    return best


def _trafilatura(html: str, url: str | None, *, include_images: bool) -> str:
    import trafilatura

    markdown = trafilatura.extract(
        html,
        url=url,
        output_format="markdown",
        include_links=True,
        include_tables=True,
        include_formatting=True,
        include_images=include_images,
        include_comments=False,
        # Best F1 on the benchmark (0.968 against 0.962 with favor_recall); short results fall back.
        favor_precision=True,
        with_metadata=False,
    )
    return _MARKDOWN_IMAGE.sub(_image_placeholder, markdown or "").strip()


def _image_placeholder(match: re.Match[str]) -> str:
    alt = match.group(1).strip()
    return f"[Image: {alt}]" if alt else ""


def _readability(html: str) -> Article:
    from readability import Document
    from readability.readability import Unparseable

    try:
        summary = Document(html).summary(html_partial=True)
    except Unparseable:
        return Article("", "readability")
    root = _parse(summary)
    return Article(element_to_markdown(root) if root is not None else "", "readability")


def _whole_page(root: Element) -> Article:
    container = next(root.iter("main"), None)
    if container is None:
        container = next(root.iter("body"), root)
    return Article(element_to_markdown(container), "whole page")


def _parse(html: str) -> Element | None:
    import lxml.etree
    import lxml.html

    try:
        return lxml.html.document_fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return None


def _visible_text_chars(root: Element) -> int:
    texts = root.xpath("//body//text()[not(ancestor::script or ancestor::style or ancestor::noscript)]")
    return sum(len(_WHITESPACE.sub(" ", text).strip()) for text in texts)
