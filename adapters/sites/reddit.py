"""Reddit threads through Reddit's JSON view of the same address: the post and its comment tree.

Every Reddit page has a JSON twin (the path plus ``.json``): the post and the comments Reddit
sends on a first load, nested, each with author, score and date, bodies as their authors wrote
them in Markdown (``raw_json=1`` keeps ``&``, ``<`` and ``>`` unescaped). The HTML page is a web
app whose comments load as they scroll; old.reddit.com's is tables of chrome.
"""

from __future__ import annotations

import re

import anyio

from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.reddit_comments import thread_markdown
from adapters.sites.urls import on_hosts
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_SITE_URL = "https://www.reddit.com"
_HOSTS = frozenset(
    {"reddit.com", "www.reddit.com", "old.reddit.com", "new.reddit.com", "np.reddit.com", "m.reddit.com"}
)
# [/r/{sub} | /user/{name} | /u/{name}]/comments/{post}[/{slug}[/{comment}]]
_THREAD_PATH = re.compile(
    r"(?P<owner>/(?:r|u|user)/[A-Za-z0-9_-]{1,50})?/comments/(?P<post>[a-z0-9]{1,12})"
    r"(?:/(?P<slug>[^/]{0,300})(?:/(?P<comment>[a-z0-9]{1,12}))?)?/?"
)
_PLAIN_SLUG = re.compile(r"[A-Za-z0-9_]{1,300}")
_SHORT_PATH = re.compile(r"/(?P<post>[a-z0-9]{1,12})/?")  # redd.it/{post}
# The app's share links, /r/{sub}/s/{id}: a redirect to the thread, whose address only Reddit knows.
_SHARE_PATH = re.compile(r"/r/[A-Za-z0-9_]{1,50}/s/[A-Za-z0-9]{1,20}/?")
COMMENTS_ASKED = "500"  # Reddit sends at most about this many on a first load; the rest are "more" stubs


def thread_path(url: str) -> str | None:
    """Pure: the thread's path on Reddit (``/r/sub/comments/id[/slug/comment]``) for a thread URL, else None.

    The path is rebuilt from its parts, never copied: a slug is only a label (Reddit ignores it),
    so one that is not plain letters, digits and underscores becomes ``_``, and nothing a URL
    decodes to (``..``, a query, a line break) can reach the address asked.
    """
    short = on_hosts(url, lambda host: host == "redd.it")
    if short is not None:
        match = _SHORT_PATH.fullmatch(short.path)
        return f"/comments/{match['post']}" if match else None
    parsed = on_hosts(url, lambda host: host in _HOSTS)
    match = _THREAD_PATH.fullmatch(parsed.path) if parsed is not None else None
    if match is None:
        return None
    path = f"{match['owner'] or ''}/comments/{match['post']}"
    if match["comment"]:
        slug = match["slug"] if _PLAIN_SLUG.fullmatch(match["slug"] or "") else "_"
        path += f"/{slug}/{match['comment']}"
    elif match["slug"] and _PLAIN_SLUG.fullmatch(match["slug"]):
        path += f"/{match['slug']}"
    return path


def share_link(url: str) -> bool:
    """Pure: ``url`` is one of the Reddit app's share links (``/r/{sub}/s/{id}``)."""
    parsed = on_hosts(url, lambda host: host in _HOSTS)
    return parsed is not None and _SHARE_PATH.fullmatch(parsed.path) is not None


class RedditResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Reddit's JSON view"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return thread_path(url) is not None or share_link(url)

    async def read(self, url: str) -> ResolvedPage:
        path = thread_path(url) if not share_link(url) else await self._shared_thread(url)
        if path is None:
            raise SiteUnavailable("not a thread URL")
        query = {"raw_json": "1", "limit": COMMENTS_ASKED}
        data = await call_json(self._caller, with_query(f"{self._site_url}{path}.json", query))
        thread = await anyio.to_thread.run_sync(thread_markdown, data, f"{self._site_url}{path}")
        if thread is None:
            raise SiteUnavailable("its answer had no post")
        return ResolvedPage(url, thread.markdown, self.site, truncated=thread.note is not None, note=thread.note)

    async def _shared_thread(self, url: str) -> str:
        """The thread a share link redirects to (whatever the thread's own page then answers)."""
        try:
            landed = await self._caller.call(url)
        except PageUnavailable as failed:
            raise SiteUnavailable(f"its share link could not be followed ({failed.reason})") from None
        path = thread_path(landed.url)
        if path is None:
            raise SiteUnavailable("its share link did not lead to a thread")
        return path
