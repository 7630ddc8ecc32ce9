"""Fetching a page the way a browser arrives at it: past the refreshes that move on at once.

A server redirect is followed by the fetcher; a page that redirects in its markup or in a
``Refresh`` header (``domain.forwarding``: a refresh of a few seconds at most to another address)
is followed here, each hop a fetch of its own under the same guards (public addresses only, the
byte cap), and all of them under the caller's one deadline. A frameset is not followed: its
frames are handed back, for the reader to name which one it wants; so are the documents a page
with little text of its own shows inside it (``with_embedded_documents``).
"""

from __future__ import annotations

from dataclasses import replace

import anyio

from domain.errors import PageUnavailable
from domain.forwarding import (
    Forwarding,
    Frame,
    embedded_documents,
    forwarding,
    frames_markdown,
    header_refresh,
    may_forward,
)
from domain.pages import FetchedPage
from domain.ports import PageFetcherPort
from domain.redaction import without_userinfo
from domain.script_shell import reads_as_a_page

#: Refreshes followed one after another; a chain longer than this is read where it stops.
MAX_REFRESHES = 3
#: The note on a page whose own text is short and that shows other documents inside it.
EMBEDS = "The page has little text of its own; the documents it shows inside it are listed at its end, to fetch."


async def fetched_past_refreshes(fetcher: PageFetcherPort, url: str) -> tuple[FetchedPage, tuple[Frame, ...]]:
    """The page ``url`` leads to, and its frames when it is a frameset; raises ``PageUnavailable`` naming ``url``."""
    page = await fetcher.fetch(url)
    for _ in range(MAX_REFRESHES):
        found = await _forwarding(page)
        if found is None:
            return page, ()
        if found.frames or found.refresh is None:
            return page, found.frames
        try:
            before, page = page, await fetcher.fetch(found.refresh)
        except PageUnavailable as failed:
            where = without_userinfo(found.refresh)
            raise PageUnavailable(url, f"it moves on to {where}, which could not be read: {failed.reason}") from None
        # Public only when every page on the way was: an intranet page moving on to a public one is not.
        page = replace(page, public=page.public and before.public)
    return page, ()


async def _forwarding(page: FetchedPage) -> Forwarding | None:
    if not page.is_html:
        return None
    if page.refresh is not None and (moved := header_refresh(page.refresh, page.url)) is not None:
        return moved
    if not may_forward(page.body):
        return None
    # A bounded parse of the page's start (``forwarding.SCAN_CHARS``), off the event loop.
    return await anyio.to_thread.run_sync(_read_start, page)


def _read_start(page: FetchedPage) -> Forwarding | None:
    return forwarding(page.decoded(), page.url)


async def with_embedded_documents(page: FetchedPage, markdown: str) -> tuple[str, str | None]:
    """``markdown``, and when the page has little text of its own (``reads_as_a_page``) the documents it
    shows inside it listed after it (a report in an iframe, a PDF in an embed), with the note saying so."""
    if not page.is_html or reads_as_a_page(markdown):
        return markdown, None
    found = await anyio.to_thread.run_sync(_embedded, page)
    if not found:
        return markdown, None
    listed = frames_markdown(found)
    return (f"{markdown.rstrip()}\n\n{listed}" if markdown.strip() else listed), EMBEDS


def _embedded(page: FetchedPage) -> tuple[Frame, ...]:
    return embedded_documents(page.decoded(), page.url)
