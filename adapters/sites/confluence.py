"""Confluence pages, on Atlassian's cloud and on any self-hosted Confluence (Apache's, the Linux
Foundation projects'...), through its REST API.

A Confluence page on Atlassian's cloud is a script shell with no text; a self-hosted one is the
page inside a space's sidebar, a page tree, breadcrumbs, page tools, likes and a comment form.
Every Confluence serves the same REST API under its base address, readable without an account for
public spaces: ``/rest/api/content/{id}`` with ``expand=body.view,...`` (the page as Confluence
renders it, in HTML; who made it and when; its space and its place in the page tree) and
``/rest/api/content/{id}/child/comment`` (its comments, rendered, 100 a call). Cloud pages
(``*.atlassian.net/wiki/spaces/{KEY}/pages/{id}``) are claimed by URL before any fetch; any other
host is recognised once fetched, by the page id and base address Confluence writes in its head.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import anyio

from adapters.json_fields import obj, objs, text
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.confluence_pages import confluence_markdown
from adapters.sites.deadlines import before_deadline
from adapters.sites.github_paging import PAGE_SIZE, Listing, ListPage, complete, cut_note
from adapters.sites.page_marks import meta_tag, page_head
from adapters.sites.urls import on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

_EXPAND = "body.view,version,space,history,ancestors"
_COMMENTS_EXPAND = "body.view,history"
_HEAD_BYTES = 65_536
_ID = r"[1-9][0-9]{0,19}"
# /wiki/spaces/{KEY}/pages/{id}[/{title}] on the cloud; /pages/viewpage.action?pageId={id} anywhere.
_CLOUD_PAGE = re.compile(rf"/wiki/spaces/[^/]{{1,255}}/pages/(?P<id>{_ID})(?:/[^/]*)?/?")
# A page's own view on a self-hosted Confluence (its attachments, history or a diff carry its id too,
# but are not the page): /display/{KEY}/{title}, /pages/viewpage.action, /spaces/{KEY}/pages/{id}, and
# a blog post's (/display/{KEY}/{yyyy}/{mm}/{dd}/{title}, /pages/viewblogpost.action).
_PAGE_VIEW = re.compile(
    r"/(?:display/[^/]{1,255}/(?:[0-9]{4}/[0-9]{2}/[0-9]{2}/)?[^/]{1,1000}"
    r"|pages/view(?:page|blogpost)\.action|spaces/[^/]{1,255}/(?:pages|blog/[0-9/]{1,12})/[0-9]{1,20}(?:/[^/]*)?)/?$"
)
# The comments' HTML read at most, all of them together: converting runs in a thread no deadline stops.
MAX_COMMENTS_HTML = 600_000
_PAGE_ID = meta_tag("name", "ajs-page-id", rf"(?P<id>{_ID})[\"']")
_BASE_URL = meta_tag("name", "ajs-base-url", r"(?P<base>https?://[^\"'<>\s]{1,300})[\"']")
# Jira writes ajs-base-url too; a Confluence page's head says which product it is.
_CONFLUENCE = re.compile(rb"""<meta\s[^>]{0,200}?name=["'](?:confluence-base-url|ajs-space-key)["']""", re.I)


@dataclass(frozen=True)
class ConfluencePage:
    base: str  # "https://cwiki.apache.org/confluence", "https://lf-edge.atlassian.net/wiki"
    page_id: str


def cloud_page(url: str) -> ConfluencePage | None:
    """Pure: the page a cloud Confluence URL (``*.atlassian.net/wiki/...``) shows; None for anything else."""
    parsed = on_hosts(url, lambda host: host.endswith(".atlassian.net"))
    if parsed is None:
        return None
    if (found := _CLOUD_PAGE.fullmatch(parsed.path)) is not None:
        return ConfluencePage(origin_of(parsed) + "/wiki", found["id"])
    if parsed.path == "/wiki/pages/viewpage.action" and re.fullmatch(_ID, parsed.params.get("pageId", "")):
        return ConfluencePage(origin_of(parsed) + "/wiki", parsed.params["pageId"])
    return None


def page_in(page: FetchedPage) -> ConfluencePage | None:
    """Pure: the Confluence page a fetched HTML page is, from the id and base address in its head;
    None for anything else. The base must be on the page's own origin: a page cannot send the
    reader's API calls elsewhere."""
    head = page_head(page, _HEAD_BYTES)
    if head is None or _CONFLUENCE.search(head) is None:
        return None
    shown = on_hosts(page.url, lambda host: True)
    if shown is None or _PAGE_VIEW.search(shown.path) is None:
        return None
    found_id = next((found for pattern in _PAGE_ID if (found := pattern.search(head))), None)
    found_base = next((found for pattern in _BASE_URL if (found := pattern.search(head))), None)
    parsed = on_hosts(page.url, lambda host: True)
    if found_id is None or found_base is None or parsed is None:
        return None
    said = on_hosts(found_base["base"].decode("ascii", errors="replace"), lambda host: True)
    if said is None or origin_of(said) != origin_of(parsed):
        return None
    if any(part in (".", "..") for part in said.path.split("/")):
        return None
    # Rebuilt from the page's own origin and the path said: no credentials, query or fragment the head wrote.
    path = said.raw_path.decode("ascii").split("?", 1)[0].rstrip("/")  # as written: "%3F" stays in the path
    return ConfluencePage(origin_of(parsed) + path, found_id["id"].decode("ascii"))


class ConfluenceResolver:
    """Implements ``SiteResolverPort`` (Atlassian's cloud, by URL) and ``FetchedPageResolverPort`` (any other)."""

    site = "the Confluence REST API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def handles(self, url: str) -> bool:
        return cloud_page(url) is not None

    def recognises(self, page: FetchedPage) -> bool:
        # A cloud page reached through a short link or an older address is known by where it landed.
        return cloud_page(page.url) is not None or page_in(page) is not None

    async def read(self, url: str) -> ResolvedPage:
        target = cloud_page(url)
        if target is None:
            raise SiteUnavailable("not a Confluence page's address")
        return await self._read(target, url)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        target = cloud_page(page.url) or page_in(page)
        if target is None:
            raise SiteUnavailable("not a Confluence page")
        return await self._read(target, page.url)

    async def _read(self, target: ConfluencePage, url: str) -> ResolvedPage:
        api = f"{target.base}/rest/api/content/{target.page_id}"
        content = obj(await call_json(self._caller, with_query(api, {"expand": _EXPAND})))
        if not text(content.get("title")) or not isinstance(obj(content, "body", "view").get("value"), str):
            raise SiteUnavailable("its answer had no page")
        listing = await self._comments(f"{api}/child/comment")
        cut = cut_note(listing, "comments", None, url)
        markdown, body_cut = await anyio.to_thread.run_sync(
            lambda: confluence_markdown(content, listing.items, target.base, cut)
        )
        note = " ".join(said for said in (body_cut, cut) if said) or None
        return ResolvedPage(url, markdown, self.site, truncated=note is not None, note=note)

    async def _comments(self, address: str) -> Listing:
        """The page's comments, 100 a call, within the read's deadline less a reserve and one budget
        of HTML for all of them; what was read is kept when a later call fails or time runs out."""
        budget = [MAX_COMMENTS_HTML]

        async def page(start: int) -> ListPage:
            query = {"expand": _COMMENTS_EXPAND, "depth": "all", "limit": str(PAGE_SIZE), "start": str(start)}
            answer = obj(await call_json(self._caller, with_query(address, query)))
            said = objs(answer.get("results"))
            kept = []
            for comment in said:
                budget[0] -= len(text(obj(comment, "body", "view").get("value")))
                if budget[0] < 0:
                    break
                kept.append(comment)
            following = start + len(said)
            # Servers cap "limit" as they please: the next link, not the page's size, says there is more.
            more = bool(said) and len(kept) == len(said) and bool(text(obj(answer, "_links").get("next")))
            return ListPage(kept, str(following) if more else None)

        with before_deadline() as scope:
            try:
                listing = await complete(await page(0), lambda following: page(int(following)))
            except SiteUnavailable as failed:  # the page is still worth reading without its comments
                return Listing([], f"they could not be read: {failed.reason}")
            if budget[0] < 0:
                return Listing(listing.items, f"their HTML passed {MAX_COMMENTS_HTML:,} characters")
            return listing
        return Listing([], "they were not read in time" if scope.cancelled_caught else "they could not be read")
