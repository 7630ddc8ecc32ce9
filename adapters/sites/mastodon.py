"""Mastodon posts on any server, read through the server's own API: the post, what it answers, and its replies.

A Mastodon post page is the web app's shell: without script an agent gets the server's name and
a "please enable JavaScript" line. Every Mastodon server answers ``/api/v1/statuses/{id}`` (the
post) and ``/api/v1/statuses/{id}/context`` (the posts above it in the thread and the replies
below) without a token for public posts. A post is recognised once fetched, by its address
(``/@{user}/{id}``, ``/users/{user}/statuses/{id}``) and the app's own mount point in the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import anyio

from adapters.json_fields import obj, objs, text
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.mastodon_posts import thread_markdown
from adapters.sites.page_marks import page_head
from adapters.sites.urls import any_host, on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

_POST_PATH = re.compile(
    r"/(?:@[A-Za-z0-9_.-]{1,64}(?:@[A-Za-z0-9.-]{1,253})?|users/[A-Za-z0-9_.-]{1,64}/statuses)/(?P<id>[0-9]{1,20})/?"
)
_HEAD_BYTES = 65_536
# The element the web app mounts on, and the JSON it starts from: in every page a Mastodon server renders.
_APP_MARKERS = (
    re.compile(rb"""<div[^>]{0,100}\sid=["']mastodon["']"""),
    re.compile(rb"""<script[^>]{0,100}\sid=["']initial-state["']"""),
)


@dataclass(frozen=True)
class PostLink:
    origin: str  # the server, "https://mastodon.social"
    status_id: str


def post_of(url: str) -> PostLink | None:
    """Pure: the post a Mastodon post address shows, on any server; None for any other path."""
    parsed = on_hosts(url, any_host)
    match = _POST_PATH.fullmatch(parsed.path) if parsed is not None else None
    if parsed is None or match is None:
        return None
    return PostLink(origin_of(parsed), match["id"])


def says_mastodon(page: FetchedPage) -> bool:
    """Pure: the page is HTML in which Mastodon's web app mounts."""
    head = page_head(page, _HEAD_BYTES)
    return head is not None and all(marker.search(head) for marker in _APP_MARKERS)


class MastodonResolver:
    """Implements ``domain.ports.FetchedPageResolverPort``: a public post on any Mastodon server."""

    site = "the Mastodon server's API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def recognises(self, page: FetchedPage) -> bool:
        return post_of(page.url) is not None and says_mastodon(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        link = post_of(page.url)
        if link is None:
            raise SiteUnavailable("not a post URL")
        api = f"{link.origin}/api/v1/statuses/{link.status_id}"
        post = obj(await call_json(self._caller, api))
        if not text(post.get("id")):
            raise SiteUnavailable("its answer had no post")
        context = obj(await call_json(self._caller, f"{api}/context"))
        ancestors, descendants = objs(context.get("ancestors")), objs(context.get("descendants"))
        thread = await anyio.to_thread.run_sync(thread_markdown, post, ancestors, descendants, link.origin)
        return ResolvedPage(page.url, thread.markdown, self.site, truncated=thread.note is not None, note=thread.note)
