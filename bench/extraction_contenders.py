"""What is measured: the web_fetch tool itself, and plain extractors called the way their docs show.

The tool runs through the real server path: the container's FetchPage use case (PageReader and
the extractor the server wires, page cache and paging included) with only the network fetcher
swapped for one that serves the corpus bytes; each window is rendered by ``render_page`` exactly
as the agent receives it, and the tool's own header, untrusted-content fence and notes are then
stripped, windows joined (an agent continues a long page with ``start_index``).

Every contender gets the page's raw bytes and returns Markdown or plain text.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from domain.pages import FetchedPage

Contender = Callable[[str, bytes], str]

_FENCED = re.compile(r"<<<UNTRUSTED_(\w+) web_fetch>>>\n(.*)\n<<<END_UNTRUSTED_\1>>>", re.DOTALL)
MAX_BYTES = 51200  # web_fetch's default window


class _CorpusFetcher:
    """A PageFetcherPort that serves the bytes it was last given, whatever the URL."""

    def __init__(self) -> None:
        self.page: FetchedPage | None = None

    async def fetch(self, url: str) -> FetchedPage:
        assert self.page is not None
        return self.page


class WebFetchTool:
    """web_fetch as the agent reads it, minus the MCP framing (which carries the same text)."""

    def __init__(self) -> None:
        from dependency_injector import providers

        from entrypoints.container import build_container, running
        from entrypoints.settings import Settings

        self._fetcher = _CorpusFetcher()
        # Only the extraction is scored: the site resolvers would call live APIs instead of reading
        # the corpus's bytes, and no environment or .env of this machine changes what is measured.
        container = build_container(Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "off"}))
        container.page_fetcher.override(providers.Object(self._fetcher))
        self._loop = asyncio.new_event_loop()
        # The container stays open for the whole run: its extraction workers are started once.
        self._running = running(container)
        self._services = self._loop.run_until_complete(self._running.__aenter__())

    def __call__(self, url: str, html: bytes) -> str:
        # No declared charset, so the extractor's own sniffing and detection are what gets measured.
        self._fetcher.page = FetchedPage(url=url, status=200, content_type="text/html", charset=None, body=html)
        return self._loop.run_until_complete(self._read_all(url))

    async def _read_all(self, url: str) -> str:
        from domain.errors import PageUnavailable
        from entrypoints.rendering import render_page

        parts, start = [], 0
        while True:
            try:
                page = await self._services.fetch_page.run(url, max_bytes=MAX_BYTES, start_index=start)
            except PageUnavailable:
                return ""
            rendered = _FENCED.search(render_page(page))
            parts.append(rendered.group(2) if rendered else "")
            if not page.window.truncated:
                return "\n".join(parts)
            start = page.window.end_index


def _decoded(html: bytes) -> str:
    from adapters.pages.decoding import decode_text

    return decode_text(html, None, markup=True)


def trafilatura_defaults(url: str, html: bytes) -> str:
    import trafilatura

    return trafilatura.extract(html, url=url) or ""


def trafilatura_recall(url: str, html: bytes) -> str:
    import trafilatura

    return trafilatura.extract(html, url=url, favor_recall=True) or ""


def readability_lxml(url: str, html: bytes) -> str:
    import html_text
    from readability import Document

    try:
        return str(html_text.extract_text(Document(_decoded(html), url=url).summary(html_partial=True)))
    except Exception:  # a contender that fails on a page scores zero there
        return ""


def justext_default(url: str, html: bytes) -> str:
    import justext

    paragraphs = justext.justext(html, justext.get_stoplist("English"))
    return "\n\n".join(p.text for p in paragraphs if not p.is_boilerplate)


def resiliparse_main(url: str, html: bytes) -> str:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    tree: Any = HTMLTree.parse(_decoded(html))
    return str(extract_plain_text(tree, main_content=True, alt_texts=False, links=False))


def contenders() -> dict[str, Callable[[], Contender]]:
    """Name -> factory; built lazily so a run that skips one never imports it."""
    return {
        "ours": WebFetchTool,
        "trafilatura": lambda: trafilatura_defaults,
        "trafilatura-recall": lambda: trafilatura_recall,
        "readability-lxml": lambda: readability_lxml,
        "justext": lambda: justext_default,
        "resiliparse": lambda: resiliparse_main,
    }
