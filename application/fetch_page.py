"""The web_fetch use case: one URL as clean Markdown, one window of it at a time."""

from __future__ import annotations

from dataclasses import dataclass

from application.read_pages import PageReader
from domain.arguments import check_url
from domain.paging import TextWindow, continuation_note, cut

MAX_LINES = 2000


@dataclass(frozen=True)
class PageWindow:
    url: str  # the final URL, after redirects
    content_type: str
    window: TextWindow
    note: str | None  # how to continue, when the window is not the end
    cut_by_download_cap: bool


class FetchPage:
    def __init__(self, reader: PageReader) -> None:
        self._reader = reader

    async def run(self, url: str, *, max_bytes: int, start_index: int = 0) -> PageWindow:
        """Raises ``PageUnavailable``/``UnsafeUrl`` for the page, ``InvalidRequestError`` for a bad
        start_index or a URL with a control character in it."""
        page = await self._reader.read(check_url(url))
        window = cut(page.markdown, start_index=start_index, max_bytes=max_bytes, max_lines=MAX_LINES)
        return PageWindow(
            url=page.url,
            content_type=page.content_type,
            window=window,
            note=continuation_note(window),
            cut_by_download_cap=page.truncated,
        )
