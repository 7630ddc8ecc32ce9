"""The web_fetch use case: one URL as clean Markdown, one window of it at a time."""

from __future__ import annotations

from dataclasses import dataclass

import anyio

from application.read_pages import PageReader
from domain.arguments import check_url
from domain.errors import PageUnavailable
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
    def __init__(self, reader: PageReader, *, deadline: float) -> None:
        self._reader = reader
        self._deadline = deadline

    async def run(self, url: str, *, max_bytes: int, start_index: int = 0) -> PageWindow:
        """Raises ``PageUnavailable``/``UnsafeUrl`` for the page, ``InvalidRequestError`` for a bad
        start_index or a URL with a control character in it.

        The call's deadline bounds the read as it bounds a search, whatever the page timeout.
        """
        url = check_url(url)
        try:
            with anyio.fail_after(self._deadline):
                page = await self._reader.read(url)
        except TimeoutError:
            raise PageUnavailable(url, f"not read within the {self._deadline:g} s deadline for this call") from None
        window = cut(page.markdown, start_index=start_index, max_bytes=max_bytes, max_lines=MAX_LINES)
        return PageWindow(
            url=page.url,
            content_type=page.content_type,
            window=window,
            note=continuation_note(window),
            cut_by_download_cap=page.truncated,
        )
