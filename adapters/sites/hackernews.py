"""Hacker News threads through the Algolia HN API: the story and its whole comment tree in one call.

The page itself (news.ycombinator.com/item?id=N) is a table layout where a comment's depth is the
width of a spacer image: generic extraction flattens the tree, so nobody can tell which comment
answers which, and keeps every "reply", "parent", "next" and "flag" link. The HN Search API
(hn.algolia.com, public, no key) answers ``/items/{id}`` with the item and every descendant,
nested as on the page.
"""

from __future__ import annotations

import re

import anyio

from adapters.json_fields import obj, text
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.hackernews_comments import thread_markdown
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_API_URL = "https://hn.algolia.com/api/v1"
_ITEM_ID = re.compile(r"[0-9]{1,10}")


def item_of(url: str) -> int | None:
    """Pure: the item (story, comment, poll) a news.ycombinator.com/item?id=N URL shows; None otherwise."""
    parsed = on_hosts(url, lambda host: host in ("news.ycombinator.com", "www.news.ycombinator.com"))
    if parsed is None or parsed.path != "/item":
        return None
    item = parsed.params.get("id", "")
    return int(item) if _ITEM_ID.fullmatch(item) else None


class HackerNewsResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the Hacker News API"

    def __init__(self, caller: GuardedCaller, *, api_url: str = DEFAULT_API_URL) -> None:
        self._caller = caller
        self._api_url = api_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return item_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        item_id = item_of(url)
        if item_id is None:
            raise SiteUnavailable("not an item URL")
        item = obj(await call_json(self._caller, f"{self._api_url}/items/{item_id}"))
        if not text(item.get("type")):
            raise SiteUnavailable("its answer had no item")
        thread = await anyio.to_thread.run_sync(thread_markdown, item)
        return ResolvedPage(url, thread.markdown, self.site, truncated=thread.note is not None, note=thread.note)
