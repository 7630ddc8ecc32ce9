"""Discourse forums on any domain, read through the forum's own JSON: every post, its author, date and likes.

A Discourse topic is recognised from the fetched page, not from its host: thousands of forums
run Discourse under their own names (community.home-assistant.io, discuss.python.org,
users.rust-lang.org...), and the page says so in ``<meta name="generator" content="Discourse
...">``. Its HTML is often a script shell with no posts in it at all (or the first posts in a
``<noscript>`` crawler view); the same forum answers ``/t/{id}.json`` with the posts' rendered
HTML, which is read here, with ``/t/{id}/posts.json?post_ids[]=...`` for the posts past the
first chunk.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any

import anyio
import httpx

from adapters.json_fields import number, obj, objs
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.discourse_posts import Topic, topic_markdown
from adapters.sites.page_marks import meta_tag, page_head
from adapters.sites.urls import any_host, on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

# The generator tag sits near the top of the head; a page that does not name it in this many
# bytes is not read as Discourse.
_HEAD_BYTES = 32_768
_GENERATOR = meta_tag("name", "generator", r"Discourse\b")
# [/prefix]/t/{id}[/{post}] or [/prefix]/t/{slug}/{id}[/{post}]: a numeric first part is the
# topic's id, as Discourse's own routes read it (its slugs are never all digits). The prefix (a
# forum installed in a sub-folder) goes into the API's address, so it is plain path characters only.
_TOPIC_PATH = re.compile(
    r"""(?P<prefix>(?:/[A-Za-z0-9._~-]+){0,3}?)/t/
        (?: (?P<bare>[0-9]{1,12})(?:/(?P<bare_post>[0-9]{1,9}))?
          | [^/]+/(?P<id>[0-9]{1,12})(?:/(?P<post>[0-9]{1,9}))? )/?""",
    re.VERBOSE,
)
_PRELOADED = re.compile(rb'\sdata-preloaded="([^"]+)"')
POSTS_PER_CALL = 20  # what Discourse itself sends in a chunk
MAX_POSTS = 100  # at most this many posts from the start of a topic (plus a linked post's chunk)


@dataclass(frozen=True)
class TopicLink:
    site: str  # scheme, host and any sub-folder the forum is installed under, e.g. "https://x.org/forum"
    topic_id: int
    post_number: int | None  # the post the URL points at, if any


def topic_of(url: str) -> TopicLink | None:
    """Pure: the topic (and post) a Discourse topic URL links to; None for any other path."""
    parsed = on_hosts(url, any_host)
    match = _TOPIC_PATH.fullmatch(parsed.path) if parsed is not None else None
    if parsed is None or match is None:
        return None
    topic, post = (match["bare"], match["bare_post"]) if match["bare"] else (match["id"], match["post"])
    return TopicLink(f"{origin_of(parsed)}{match['prefix']}", int(topic), int(post) if post else None)


def says_discourse(page: FetchedPage) -> bool:
    """Pure: the page is HTML whose head names Discourse as its generator."""
    head = page_head(page, _HEAD_BYTES)
    return head is not None and any(pattern.search(head) for pattern in _GENERATOR)


class DiscourseResolver:
    """Implements ``domain.ports.FetchedPageResolverPort``: a topic page of any Discourse forum."""

    site = "the forum's Discourse API"

    def __init__(self, caller: GuardedCaller, *, max_posts: int = MAX_POSTS) -> None:
        self._caller = caller
        self._max_posts = max_posts

    def recognises(self, page: FetchedPage) -> bool:
        return topic_of(page.url) is not None and says_discourse(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        link = topic_of(page.url)
        if link is None:
            raise SiteUnavailable("not a topic URL")
        # The forum usually sends the topic's first answer inside the page already; only a bare
        # shell (or a page whose copy does not parse) costs the call.
        sent = await anyio.to_thread.run_sync(preloaded_topic, page.body, link.topic_id)
        first = sent or obj(await call_json(self._caller, f"{link.site}/t/{link.topic_id}.json"))
        stream = [i for n in _list(obj(first, "post_stream").get("stream")) if (i := number(n)) is not None]
        posts = {i: p for p in objs(obj(first, "post_stream").get("posts")) if (i := number(p.get("id"))) is not None}
        if not posts:
            raise SiteUnavailable("its answer had no posts")
        begin, window, linked_failed = await self._window(link, stream, posts)
        # The window's posts not yet read are asked for in order; a call that fails ends the
        # reading there, and the posts read so far are the page (the note says why).
        reach, stopped = len(window), None
        wanted = [i for i in window if i not in posts]
        for start in range(0, len(wanted), POSTS_PER_CALL):
            ids = wanted[start : start + POSTS_PER_CALL]
            try:
                chunk = await self._posts(link, ids)
            except SiteUnavailable as refused:
                reach, stopped = window.index(ids[0]), f"the next could not be read: {refused.reason}"
                break
            posts.update((i, p) for p in chunk if (i := number(p.get("id"))) is not None)
        read = [posts[i] for i in window[:reach] if i in posts]
        later = begin + reach < len(stream)  # by place in the stream: post numbers skip deleted posts
        if not stream:  # a topic too long for Discourse to list its ids: the chunk it sent
            read = sorted((p for p in posts.values() if _number_of(p) >= (link.post_number or 0)), key=_number_of)
            read = read or sorted(posts.values(), key=_number_of)
            later = _number_of(read[-1]) < (
                number(first.get("highest_post_number")) or number(first.get("posts_count")) or 0
            )
        if not read:
            raise SiteUnavailable(stopped or "its answers held none of the posts asked for")
        opening = await self._opening(link, stream, posts, read)
        topic = Topic(
            first,
            read,
            opening=opening,
            total=len(stream) or number(first.get("posts_count")) or len(read),
            topic_url=f"{link.site}/t/{link.topic_id}",
            link_post=link.post_number,
            linked_failed=linked_failed,
            stopped=stopped,
            later=later,
        )
        markdown = await anyio.to_thread.run_sync(topic_markdown, topic, page.url)
        note = topic.cut_note()
        return ResolvedPage(page.url, markdown, self.site, truncated=note is not None, note=note)

    async def _window(
        self, link: TopicLink, stream: list[int], posts: dict[int, dict[str, Any]]
    ) -> tuple[int, list[int], str | None]:
        """Where the window starts in the stream, the ids of its posts, and why it is not where the link asked.

        A link to a post (an agent paging on with the note's address, a search hit deep in a
        thread) starts the window at that post, as Discourse itself opens it; otherwise it is the
        topic's first ``max_posts``. The linked post's chunk comes from the page's own copy of the
        topic when it is there, else from ``/t/{id}/{post}.json``.
        """
        start = 0, stream[: self._max_posts]
        if link.post_number is None or link.post_number <= 1:
            return (*start, None)
        chunk = [p for p in posts.values() if _number_of(p) >= link.post_number]
        if not chunk:
            try:
                near = await call_json(self._caller, f"{link.site}/t/{link.topic_id}/{link.post_number}.json")
            except SiteUnavailable as failed:
                return (*start, failed.reason)
            chunk = [p for p in objs(obj(near, "post_stream").get("posts")) if _number_of(p) >= link.post_number]
            posts.update((i, p) for p in chunk if (i := number(p.get("id"))) is not None)
        if not chunk:
            return (*start, f"the topic has no post #{link.post_number}")
        ids = [number(p.get("id")) for p in sorted(chunk, key=_number_of)]
        begin = next((stream.index(i) for i in ids if i in stream), None)
        if begin is None:
            return (*start, None) if stream else (0, [], None)
        return begin, stream[begin : begin + self._max_posts], None

    async def _opening(
        self, link: TopicLink, stream: list[int], posts: dict[int, dict[str, Any]], read: list[dict[str, Any]]
    ) -> dict[str, Any] | None:
        """The topic's first post, shown above a window that starts later (None when the window starts with it).

        It costs a call only when neither the page nor the window held it; a failure costs only it.
        """
        first_id = stream[0] if stream else None
        if first_id is None or number(read[0].get("id")) == first_id:
            return None
        if first_id not in posts:
            try:
                posts.update(
                    (i, p) for p in await self._posts(link, [first_id]) if (i := number(p.get("id"))) is not None
                )
            except SiteUnavailable:
                return None
        return posts.get(first_id)

    async def _posts(self, link: TopicLink, ids: list[int]) -> list[dict[str, Any]]:
        url = str(httpx.URL(f"{link.site}/t/{link.topic_id}/posts.json", params=[("post_ids[]", str(i)) for i in ids]))
        return objs(obj(await call_json(self._caller, url), "post_stream").get("posts"))


def preloaded_topic(body: bytes, topic_id: int) -> dict[str, Any] | None:
    """Pure: the topic's JSON as the page carries it for its scripts (``data-preloaded``), if it does.

    Discourse puts the answer ``/t/{id}.json`` would give, JSON inside a JSON string inside an
    HTML attribute, in every full page it renders; a bare shell has the attribute empty.
    """
    found = _PRELOADED.search(body)
    if found is None:
        return None
    try:
        store = json.loads(html.unescape(found.group(1).decode("utf-8", errors="replace")))
        topic = json.loads(store[f"topic_{topic_id}"]) if isinstance(store, dict) else None
    except (ValueError, RecursionError, KeyError, TypeError):
        return None
    return topic if objs(obj(topic, "post_stream").get("posts")) else None


def _number_of(post: dict[str, Any]) -> int:
    return number(post.get("post_number")) or 0


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
