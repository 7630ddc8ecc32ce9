"""OpenReview forums (a paper with its reviews, discussion and decision) through OpenReview's API.

A forum's page is drawn by scripts from the API; the page as fetched holds at most the paper's
title and abstract in its head, never the reviews. The API answers ``/notes?forum={id}`` with
every public note of the forum: API 2 (``api2.openreview.net``) for venues since 2023, API 1
(``api.openreview.net``) for older ones, which API 2 answers with no notes.
"""

from __future__ import annotations

import re

import anyio

from adapters.json_fields import objs
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.openreview_notes import forum_markdown
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

API_URLS = ("https://api2.openreview.net", "https://api.openreview.net")
SITE_URL = "https://openreview.net"
#: Notes read from a forum (a busy one has a few hundred).
MAX_NOTES = 1_000
_ID = re.compile(r"[A-Za-z0-9_-]{5,30}")


def forum_of(url: str) -> str | None:
    """Pure: the forum id of an OpenReview forum URL (``/forum?id=...``); None for anything else."""
    parsed = on_hosts(url, lambda host: host in ("openreview.net", "www.openreview.net"))
    if parsed is None or parsed.path.rstrip("/") != "/forum":
        return None
    forum = parsed.params.get("id", "")
    return forum if _ID.fullmatch(forum) else None


class OpenReviewResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the OpenReview API"

    def __init__(self, caller: GuardedCaller, *, api_urls: tuple[str, ...] = API_URLS) -> None:
        self._caller = caller
        self._api_urls = tuple(url.rstrip("/") for url in api_urls)

    def handles(self, url: str) -> bool:
        return forum_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        forum = forum_of(url)
        if forum is None:
            raise SiteUnavailable("not an OpenReview forum URL")
        notes: list[dict[str, object]] = []
        for api in self._api_urls:  # API 2 first; a forum it does not know is an older venue's
            data = await call_json(self._caller, with_query(f"{api}/notes", {"forum": forum, "limit": str(MAX_NOTES)}))
            notes = objs(data.get("notes") if isinstance(data, dict) else None)
            if notes:
                break
        if not notes:
            raise SiteUnavailable("no public notes in this forum (withdrawn, private, or not a forum)")
        written = await anyio.to_thread.run_sync(lambda: forum_markdown(notes, forum, SITE_URL))
        return ResolvedPage(url, written.markdown, self.site, note=written.note)
