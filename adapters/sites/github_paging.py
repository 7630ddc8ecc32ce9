"""Reading a GitHub list (comments, reviews, line comments, a discussion's comments) page by page.

A long bug thread is exactly what an agent reads, so a list is followed past its first page - by
the REST answer's Link rel="next", or GraphQL's ``endCursor`` - up to a bound. Whatever stops the
paging early (the bound, the read's deadline, a page that fails) keeps the pages already read and
says so (``cut_note``); only a failing first page costs the API route.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from adapters.sites.deadlines import before_deadline
from domain.errors import SiteUnavailable

#: GitHub's largest page; one call per 100 entries.
PAGE_SIZE = 100
#: Ten pages per list (1,000 comments) keeps the longest real bug threads whole while bounding a
#: read's calls (without a token GitHub allows 60 an hour) and the memory the thread takes.
MAX_PAGES = 10
#: Later pages stop this long before the read's deadline, so that the thread already read is
#: still put together and returned in time rather than lost to the deadline with the rest.
_RESERVE_SECONDS = 0.5


@dataclass(frozen=True)
class ListPage:
    items: list[dict[str, Any]]
    next: str | None  # the next page's URL (REST) or cursor (GraphQL); None on the last page


@dataclass(frozen=True)
class Listing:
    items: list[dict[str, Any]]
    stopped: str | None  # why the rest of the list was not read; None when all of it was


async def complete(first: ListPage, later: Callable[[str], Awaitable[ListPage]]) -> Listing:
    """``first`` and the pages after it, up to ``MAX_PAGES`` in all, in the API's order."""
    items, following = list(first.items), first.next
    for number in range(2, MAX_PAGES + 1):
        if following is None:
            return Listing(items, None)
        page, stopped = await _later_page(later, following, number)
        if page is None:
            return Listing(items, stopped)
        items += page.items
        following = page.next
    if following is None:
        return Listing(items, None)
    return Listing(items, f"at most {MAX_PAGES} pages of {PAGE_SIZE} are read")


async def _later_page(
    later: Callable[[str], Awaitable[ListPage]], following: str, number: int
) -> tuple[ListPage | None, str]:
    # The enclosing deadline (the resolver's page timeout) bounds the whole read; this page must
    # end a little before it, or the pages already read would be cancelled with it.
    with before_deadline(_RESERVE_SECONDS):
        try:
            return await later(following), ""
        except SiteUnavailable as failed:
            return None, f"page {number} could not be read: {failed.reason}"
    return None, "the page's deadline came before the next page of the list"


def cut_note(listing: Listing, noun: str, total: int | None, rest_url: str) -> str | None:
    """One line when ``listing`` stopped early, e.g. "Showing the first 1,000 of 2,345 comments (...)"."""
    if listing.stopped is None:
        return None
    shown = len(listing.items)
    of = f" of {total:,}" if total is not None and total > shown else ""
    return f"Showing the first {shown:,}{of} {noun} ({listing.stopped}); the rest: {rest_url}"
