"""Bluesky posts through the AT Protocol's public AppView: the post, what it answers, and its replies.

A post's page on bsky.app is the web app's shell: its text is in the page's preview tags at most,
without the thread. The public AppView answers ``app.bsky.feed.getPostThread`` for any public
post without an account, with the posts above it and the replies below, nested; the handle in the
page's address stands for the account in the post's AT URI.
"""

from __future__ import annotations

import re

import anyio

from adapters.json_fields import obj
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.bluesky_posts import thread_markdown
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_API_URL = "https://public.api.bsky.app"
SITE_URL = "https://bsky.app"
#: Replies read below the post, and posts above it (the AppView's own bounds are 1,000).
REPLY_DEPTH = 10
PARENT_HEIGHT = 40
# A handle is a domain name; an account can also be named by its DID (did:plc:..., did:web:...).
_ACTOR = re.compile(r"(?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z][A-Za-z0-9-]{0,62}|did:(?:plc|web):[A-Za-z0-9._:%-]{1,200}")
_RECORD_KEY = re.compile(r"[A-Za-z0-9._:~-]{1,512}")


def post_of(url: str) -> tuple[str, str] | None:
    """Pure: (account, record key) for a bsky.app post URL; None for anything else."""
    parsed = on_hosts(url, lambda host: host in ("bsky.app", "www.bsky.app"))
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if len(parts) != 4 or parts[0] != "profile" or parts[2] != "post":
        return None
    if not _ACTOR.fullmatch(parts[1]) or not _RECORD_KEY.fullmatch(parts[3]):
        return None
    return parts[1].lower() if not parts[1].startswith("did:") else parts[1], parts[3]


class BlueskyResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Bluesky's public API"

    def __init__(self, caller: GuardedCaller, *, api_url: str = DEFAULT_API_URL) -> None:
        self._caller = caller
        self._api_url = api_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return post_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        found = post_of(url)
        if found is None:
            raise SiteUnavailable("not a Bluesky post URL")
        actor, key = found
        query = {
            "uri": f"at://{actor}/app.bsky.feed.post/{key}",
            "depth": str(REPLY_DEPTH),
            "parentHeight": str(PARENT_HEIGHT),
        }
        data = await call_json(self._caller, with_query(f"{self._api_url}/xrpc/app.bsky.feed.getPostThread", query))
        thread = obj(data, "thread")
        if not obj(thread, "post"):
            raise SiteUnavailable("its answer had no post (deleted, or hidden from readers without an account)")
        written = await anyio.to_thread.run_sync(lambda: thread_markdown(thread, SITE_URL))
        return ResolvedPage(url, written.markdown, self.site, note=written.note)
