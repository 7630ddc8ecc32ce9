"""GitLab issues, merge requests and files, on gitlab.com and any self-managed GitLab, through its REST API (v4).

A GitLab issue page is a script shell: its title, description and comments arrive by script, so
generic extraction gets a sign-in banner and a sidebar. Every GitLab serves the same REST API on
its own origin, readable without a token for public projects: ``/api/v4/projects/{path}/issues/
{iid}`` and its ``/notes``. gitlab.com is claimed by URL before any fetch; any other host is
recognised once fetched, by GitLab's address form (``/-/issues/N``) and its ``og:site_name``.
A file's page (``/-/blob/{ref}/{path}``) draws the file by script too; the same host serves it
at ``/-/raw/{ref}/{path}``, read as a GitHub blob is (a notebook as its cells, code fenced).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote

import anyio
import httpx

from adapters.json_fields import number, obj, objs
from adapters.pages.fetch_scope import origin as fetch_origin
from adapters.sites.api_calls import GuardedCaller, call_file, call_json, call_json_answer
from adapters.sites.github_files import file_markdown
from adapters.sites.github_paging import PAGE_SIZE, Listing, ListPage, complete
from adapters.sites.gitlab_threads import thread_markdown
from adapters.sites.page_marks import meta_tag, page_head
from adapters.sites.urls import any_host, on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

Kind = Literal["issues", "merge_requests", "blob"]
_CLAIMED_HOSTS = frozenset({"gitlab.com", "www.gitlab.com"})
# /{group}[/{subgroup}...]/{project}/-/{issues|work_items|merge_requests}/{iid}[/{tab}]
_THREAD_PATH = re.compile(
    r"/(?P<project>[A-Za-z0-9_.-]{1,255}(?:/[A-Za-z0-9_.-]{1,255}){1,19})"
    r"/-/(?P<kind>issues(?:/incident)?|work_items|merge_requests)/(?P<iid>[0-9]{1,9})(?:/[a-z_]{1,20})?/?"
)
# /{group}[/{subgroup}...]/{project}/-/blob/{ref}/{path}: a file, read from the same host's /-/raw/.
_BLOB_PATH = re.compile(
    r"/(?P<project>[A-Za-z0-9_.-]{1,255}(?:/[A-Za-z0-9_.-]{1,255}){1,19})/-/blob/(?P<ref>[^/]{1,255})/(?P<path>.{1,1000})"
)
_CLAIMED_ORIGIN = "https://gitlab.com"  # what www. and http:// addresses redirect to
_HEAD_BYTES = 32_768
_SITE_NAME = meta_tag("property", "og:site_name", r"GitLab[\"']")


@dataclass(frozen=True)
class GitlabTarget:
    origin: str  # "https://gitlab.com", or the self-managed instance's
    project: str  # "group/subgroup/project"
    kind: Kind
    iid: int = 0  # issues and merge requests
    ref: str = ""  # a blob: the branch, tag or commit (split at the first "/"), and the file's path
    path: str = ""


def gitlab_target(url: str) -> GitlabTarget | None:
    """Pure: the issue, merge request or file a GitLab URL shows, on any host; None for any other page."""
    parsed = on_hosts(url, any_host)
    match = _THREAD_PATH.fullmatch(parsed.path) if parsed is not None else None
    blob = _BLOB_PATH.fullmatch(parsed.path) if parsed is not None and match is None else None
    match = match or blob
    # "-" opens GitLab's own part of a path, so it is never a group's or project's name; "groups"
    # pages (a group's issue list) are not one project's.
    parts = match["project"].split("/") if parsed is not None and match is not None else []
    if parsed is None or match is None or any(part in (".", "..", "-") for part in parts) or parts[0] == "groups":
        return None
    origin = origin_of(parsed)
    if parsed.host.lower() in _CLAIMED_HOSTS:
        if parsed.port is not None:
            return None
        origin = _CLAIMED_ORIGIN
    if blob is not None:
        if any(part in (".", "..") for part in blob["path"].split("/")):
            return None
        return GitlabTarget(origin, blob["project"], "blob", ref=blob["ref"], path=blob["path"])
    kind: Kind = "merge_requests" if match["kind"] == "merge_requests" else "issues"  # work items are issues
    return GitlabTarget(origin, match["project"], kind, int(match["iid"]))


def says_gitlab(page: FetchedPage) -> bool:
    """Pure: the page is HTML whose head names GitLab as its site (``og:site_name``)."""
    head = page_head(page, _HEAD_BYTES)
    return head is not None and any(pattern.search(head) for pattern in _SITE_NAME)


class GitlabResolver:
    """Implements ``SiteResolverPort`` (gitlab.com, by URL) and ``FetchedPageResolverPort`` (any other GitLab)."""

    site = "the GitLab API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def handles(self, url: str) -> bool:
        return gitlab_target(url) is not None and _claimed(url)

    def recognises(self, page: FetchedPage) -> bool:
        return gitlab_target(page.url) is not None and not _claimed(page.url) and says_gitlab(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        return await self.read(page.url)

    async def read(self, url: str) -> ResolvedPage:
        target = gitlab_target(url)
        if target is None:
            raise SiteUnavailable("not an issue, merge request or file URL")
        if target.kind == "blob":
            return ResolvedPage(url, await self._blob(target), "GitLab's raw file address")
        api = f"{target.origin}/api/v4/projects/{quote(target.project, safe='')}/{target.kind}/{target.iid}"
        subject = obj(await call_json(self._caller, api))
        if number(subject.get("iid")) is None:
            raise SiteUnavailable("its answer had no issue or merge request")
        notes = await self._notes(api, target.origin)
        # GitLab's own event notes are not comments: they are neither shown nor counted.
        said = [note for note in notes.items if note.get("system") is not True]
        cut = None
        if notes.stopped is not None:  # no link to "the rest": the page itself would read the same
            cut = f"Showing the first {len(said):,} comment{'s' if len(said) != 1 else ''} ({notes.stopped})"
        markdown = await anyio.to_thread.run_sync(thread_markdown, target.kind, subject, said, cut)
        return ResolvedPage(url, markdown, self.site, truncated=cut is not None, note=cut)

    async def _blob(self, target: GitlabTarget) -> str:
        raw = f"{target.origin}/{target.project}/-/raw/{quote(target.ref, safe='')}/{quote(target.path)}"
        answer = await call_file(self._caller, raw)
        if answer.is_html:  # a private project's sign-in page
            raise SiteUnavailable("GitLab answered with a web page, not the file (a private project?)")
        title = f"{target.project} @ {target.ref}: {target.path}"
        return await anyio.to_thread.run_sync(
            lambda: file_markdown(title, target.path, answer.body, cut=answer.truncated)
        )

    async def _notes(self, api: str, origin: str) -> Listing:
        first = await self._page(f"{api}/notes?sort=asc&order_by=created_at&per_page={PAGE_SIZE}")

        async def later(next_url: str) -> ListPage:
            # A next link is followed on the instance's own origin only.
            if fetch_origin(httpx.URL(next_url)) != fetch_origin(httpx.URL(origin)):
                raise SiteUnavailable("its link led away from the API's host, so it was not followed")
            return await self._page(next_url)

        return await complete(first, later)

    async def _page(self, url: str) -> ListPage:
        answer = await call_json_answer(self._caller, url)
        return ListPage(objs(answer.data), answer.next_url)


def _claimed(url: str) -> bool:
    """gitlab.com (by URL, before any fetch) rather than another instance (by its page)."""
    return on_hosts(url, _CLAIMED_HOSTS.__contains__) is not None
