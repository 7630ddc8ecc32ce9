"""Jira issues, on Atlassian's cloud and on any self-hosted Jira (OpenJDK's, Apache's, Red Hat's...), through
its REST API (v2).

A Jira issue page is an application: Jira Cloud's is a script shell, a self-hosted Jira's a page
of menus, panels and tabs around a description and a comment list that loads in parts. Every Jira
serves the same REST API under its own base address (the part before ``/browse/``), readable
without an account for public projects: ``/rest/api/2/issue/{key}`` with ``expand=renderedFields``
(the description as the page shows it, in HTML) and ``/rest/api/2/issue/{key}/comment`` with
``expand=renderedBody``, 100 comments a call by ``startAt``. Cloud sites (``*.atlassian.net``)
are claimed by URL before any fetch; any other host is recognised once fetched, by Jira's issue
address and the page's head naming Jira.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import anyio

from adapters.json_fields import number, obj, objs, text
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.github_paging import PAGE_SIZE, Listing, ListPage, complete, cut_note
from adapters.sites.jira_issues import issue_markdown
from adapters.sites.page_marks import meta_tag, page_head
from adapters.sites.urls import any_host, on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

#: The fields asked for: what the issue page shows, not the site's custom fields.
FIELDS = (
    "summary,issuetype,status,resolution,priority,reporter,assignee,created,updated,resolutiondate,labels,"
    "components,versions,fixVersions,description,environment,issuelinks,subtasks,parent,votes,watches,attachment"
)
_KEY = r"(?P<key>[A-Z][A-Z0-9_]{0,49}-[1-9][0-9]{0,9})"
# {context path}/browse/{KEY} (the usual link) or {context path}/projects/{PROJECT}/issues/{KEY}
_ISSUE_PATH = re.compile(
    rf"(?P<base>(?:/[A-Za-z0-9_.~-]{{1,100}}){{0,5}}?)/(?:browse|projects/[A-Z][A-Z0-9_]{{0,49}}/issues)/{_KEY}/?"
)
_HEAD_BYTES = 65_536
# A self-hosted Jira names itself in its head (application-name, "JIRA") or its body's id.
_NAMED = (*meta_tag("name", "application-name", r"JIRA[\"']"), re.compile(rb"<body\s[^>]{0,200}?id=[\"']jira[\"']"))


@dataclass(frozen=True)
class JiraTarget:
    base: str  # "https://bugs.openjdk.org", "https://issues.apache.org/jira"
    key: str  # "JDK-8300000"


def jira_target(url: str) -> JiraTarget | None:
    """Pure: the issue a Jira issue URL shows, on any host; None for anything else."""
    parsed = on_hosts(url, any_host)
    match = _ISSUE_PATH.fullmatch(parsed.path) if parsed is not None else None
    if parsed is None or match is None or any(part in (".", "..") for part in match["base"].split("/")):
        return None
    return JiraTarget(origin_of(parsed) + match["base"], match["key"])


def says_jira(page: FetchedPage) -> bool:
    """Pure: the page is HTML whose head says Jira made it."""
    head = page_head(page, _HEAD_BYTES)
    return head is not None and any(pattern.search(head) for pattern in _NAMED)


class JiraResolver:
    """Implements ``SiteResolverPort`` (Atlassian's cloud, by URL) and ``FetchedPageResolverPort`` (any other Jira)."""

    site = "the Jira REST API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def handles(self, url: str) -> bool:
        return jira_target(url) is not None and _claimed(url)

    def recognises(self, page: FetchedPage) -> bool:
        return jira_target(page.url) is not None and not _claimed(page.url) and says_jira(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        return await self.read(page.url)

    async def read(self, url: str) -> ResolvedPage:
        target = jira_target(url)
        if target is None:
            raise SiteUnavailable("not a Jira issue URL")
        api = f"{target.base}/rest/api/2/issue/{target.key}"
        issue = obj(await call_json(self._caller, with_query(api, {"fields": FIELDS, "expand": "renderedFields"})))
        if not text(issue.get("key")) or not obj(issue, "fields"):
            raise SiteUnavailable("its answer had no issue")
        comments, totals = f"{api}/comment", list[int | None]([None])

        async def page(start: int) -> ListPage:
            """One page of comments; its ``next`` is where the next page starts, while there is one."""
            query = {
                "startAt": str(start),
                "maxResults": str(PAGE_SIZE),
                "orderBy": "created",
                "expand": "renderedBody",
            }
            answer = obj(await call_json(self._caller, with_query(comments, query)))
            said, totals[0] = objs(answer.get("comments")), number(answer.get("total"))
            following = start + len(said)
            more = bool(said) and totals[0] is not None and following < totals[0]
            return ListPage(said, str(following) if more else None)

        try:
            listing = await complete(await page(0), lambda following: page(int(following)))
        except SiteUnavailable as failed:  # the issue is still worth reading without its comments
            listing = Listing([], f"they could not be read: {failed.reason}")
        page_url = f"{target.base}/browse/{target.key}"  # the key asked: the answer's own could be anything
        cut = cut_note(listing, "comments", totals[0], page_url)
        markdown = await anyio.to_thread.run_sync(
            lambda: issue_markdown(issue, listing.items, totals[0], target.base, cut)
        )
        return ResolvedPage(page_url, markdown, self.site, truncated=cut is not None, note=cut)


def _claimed(url: str) -> bool:
    """Atlassian's cloud (by URL, before any fetch) rather than a self-hosted Jira (by its page)."""
    return on_hosts(url, lambda host: host.endswith(".atlassian.net")) is not None
