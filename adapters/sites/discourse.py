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

from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.discourse_posts import Topic, topic_markdown
from adapters.sites.fields import number, obj, objs
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

# The generator tag sits near the top of the head; a page that does not name it in this many
# bytes is not read as Discourse (and no regex ever runs over a whole page).
_HEAD_BYTES = 32_768
_GENERATOR = (
    re.compile(rb"""<meta\s[^>]{0,200}?name=["']generator["'][^>]{0,200}?content=["']Discourse\b""", re.IGNORECASE),
    re.compile(rb"""<meta\s[^>]{0,200}?content=["']Discourse\b[^>]{0,300}?name=["']generator["']""", re.IGNORECASE),
)
# [/prefix]/t/{id}[/{post}] or [/prefix]/t/{slug}/{id}[/{post}]: a numeric first part is the
# topic's id, as Discourse's own routes read it (its slugs are never all digits). The prefix (a
# forum installed in a sub-folder) goes into the API's address, so it is plain path characters only.
_TOPIC_PATH = re.compile(
    r"""^(?P<prefix>(?:/[\w.~-]+){0,3}?)/t/
        (?: (?P<bare>\d{1,12})(?:/(?P<bare_post>\d{1,9}))?
          | [^/]+/(?P<id>\d{1,12})(?:/(?P<post>\d{1,9}))? )/?$""",
    re.VERBOSE,
)
_PRELOADED = re.compile(rb'\sdata-preloaded="([^"]+)"')
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
POSTS_PER_CALL = 20  # what Discourse itself sends in a chunk
MAX_POSTS = 100  # at most this many posts from the start of a topic (plus a linked post's chunk)


@dataclass(frozen=True)
class TopicLink:
    site: str  # scheme, host and any sub-folder the forum is installed under, e.g. "https://x.org/forum"
    topic_id: int
    post_number: int | None  # the post the URL points at, if any


def topic_of(url: str) -> TopicLink | None:
    """Pure: the topic (and post) a Discourse topic URL links to; None for any other path."""
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL:
        return None
    match = _TOPIC_PATH.match(parsed.path) if parsed.scheme in ("http", "https") and parsed.host else None
    if match is None:
        return None
    port = f":{parsed.port}" if parsed.port is not None else ""
    topic, post = (match["bare"], match["bare_post"]) if match["bare"] else (match["id"], match["post"])
    return TopicLink(f"{parsed.scheme}://{parsed.host}{port}{match['prefix']}", int(topic), int(post) if post else None)


def says_discourse(page: FetchedPage) -> bool:
    """Pure: the page is HTML whose head names Discourse as its generator."""
    if page.content_type not in _HTML_TYPES:
        return False
    head = page.body[:_HEAD_BYTES]
    return any(pattern.search(head) for pattern in _GENERATOR)


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
        # Later chunks are asked for in order; one that fails ends the reading there, and the
        # posts read so far are the page (the note says where the rest is and why it is missing).
        reach, stopped = min(len(stream), self._max_posts), None
        wanted = [i for i in stream[:reach] if i not in posts]
        for start in range(0, len(wanted), POSTS_PER_CALL):
            ids = wanted[start : start + POSTS_PER_CALL]
            try:
                chunk = await self._posts(link, ids)
            except SiteUnavailable as refused:
                reach, stopped = stream.index(ids[0]), f"the next could not be read: {refused.reason}"
                break
            posts.update((i, p) for p in chunk if (i := number(p.get("id"))) is not None)
        read = [posts[i] for i in stream[:reach] if i in posts] or list(posts.values())
        linked, linked_failed = await self._linked_chunk(link, read, list(posts.values()))
        topic = Topic(first, read, linked, len(stream) or len(read), link.post_number, linked_failed, stopped)
        markdown = await anyio.to_thread.run_sync(topic_markdown, topic, page.url)
        note = topic.cut_note(page.url)
        return ResolvedPage(page.url, markdown, self.site, truncated=note is not None, note=note)

    async def _posts(self, link: TopicLink, ids: list[int]) -> list[dict[str, Any]]:
        url = str(httpx.URL(f"{link.site}/t/{link.topic_id}/posts.json", params=[("post_ids[]", str(i)) for i in ids]))
        return objs(obj(await call_json(self._caller, url), "post_stream").get("posts"))

    async def _linked_chunk(
        self, link: TopicLink, read: list[dict[str, Any]], known: list[dict[str, Any]]
    ) -> tuple[list[dict[str, Any]], str | None]:
        """The posts from the linked one on, when the URL points past the posts read from the start.

        The page's own copy of the topic is the chunk around the linked post when there is one;
        otherwise it is asked for. A failure here costs the linked chunk only (the note says so):
        the topic read from its start is still worth more than the page's shell.
        """
        last = max((_number_of(p) for p in read), default=0)
        if link.post_number is None or link.post_number <= last:
            return [], None
        chunk = [p for p in known if _number_of(p) >= link.post_number]
        if not chunk:
            try:
                near = await call_json(self._caller, f"{link.site}/t/{link.topic_id}/{link.post_number}.json")
            except SiteUnavailable as failed:
                return [], failed.reason
            chunk = [p for p in objs(obj(near, "post_stream").get("posts")) if _number_of(p) >= link.post_number]
        return sorted(chunk, key=_number_of)[:POSTS_PER_CALL], None


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
