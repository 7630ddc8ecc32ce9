"""Bugzilla bugs (Mozilla's, Red Hat's, KDE's, GCC's and sourceware's, Gentoo's, WebKit's, the kernel's, any
other) through Bugzilla's REST API.

A bug's page (``show_bug.cgi?id=N``) is a form: every field an editable control, the comments
below a sidebar, attachments, flags and a reply box, thousands of lines of chrome around a few
paragraphs. Bugzilla 5 serves the same bug as JSON under the same base address (the part before
``/show_bug.cgi``), without an account for public bugs: ``/rest/bug/{id}`` and
``/rest/bug/{id}/comment`` (every comment, the first being the description). Well-known
Bugzillas are claimed by URL before any fetch; any other is recognised once fetched, by the
bug address and its page's Bugzilla marks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import anyio

from adapters.json_fields import obj, objs
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.bugzilla_bugs import bug_markdown
from adapters.sites.page_marks import page_head
from adapters.sites.urls import any_host, on_hosts, origin_of, served_base
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

#: Bugzillas known to be Bugzillas, claimed by URL: {host: the base path their bugs live under}.
KNOWN = {
    "bugzilla.mozilla.org": "", "bugzilla.redhat.com": "", "bugs.kde.org": "", "bugs.gentoo.org": "",
    "bugs.webkit.org": "", "bugzilla.kernel.org": "", "gcc.gnu.org": "/bugzilla", "sourceware.org": "/bugzilla",
}  # fmt: skip
_BUG_PATH = re.compile(r"(?P<base>(?:/[A-Za-z0-9_.~-]{1,100}){0,5}?)/show_bug\.cgi")
_BUG_ID = re.compile(r"[1-9][0-9]{0,9}|[A-Za-z][A-Za-z0-9_.-]{0,39}")  # a number, or the bug's alias
_HEAD_BYTES = 131_072
_MARKS = re.compile(
    rb"""class=["'][^"'<>]{0,300}\bbz_bug\b|<link\s[^>]{0,300}title=["'][^"'<>]{0,60}Bugzilla""", re.IGNORECASE
)


@dataclass(frozen=True)
class BugzillaTarget:
    base: str  # "https://bugzilla.mozilla.org", "https://gcc.gnu.org/bugzilla"
    bug: str  # its number, or its alias


def bugzilla_target(url: str) -> BugzillaTarget | None:
    """Pure: the bug a ``show_bug.cgi?id=`` URL shows, on any host; None for anything else."""
    parsed = on_hosts(url, any_host)
    found = _BUG_PATH.fullmatch(parsed.path) if parsed is not None else None
    bug = parsed.params.get("id", "") if parsed is not None else ""
    if parsed is None or found is None or not _BUG_ID.fullmatch(bug):
        return None
    return BugzillaTarget(origin_of(parsed) + found["base"], bug)


def says_bugzilla(page: FetchedPage) -> bool:
    """Pure: the page is HTML whose first bytes carry Bugzilla's marks (its bug body class, its search link)."""
    head = page_head(page, _HEAD_BYTES)
    return head is not None and _MARKS.search(head) is not None


class BugzillaResolver:
    """Implements ``SiteResolverPort`` (well-known Bugzillas, by URL) and ``FetchedPageResolverPort`` (any other)."""

    site = "the Bugzilla REST API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def handles(self, url: str) -> bool:
        return bugzilla_target(url) is not None and _claimed(url)

    def recognises(self, page: FetchedPage) -> bool:
        return bugzilla_target(page.url) is not None and not _claimed(page.url) and says_bugzilla(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        return await self.read(page.url)

    async def read(self, url: str) -> ResolvedPage:
        target = bugzilla_target(url)
        if target is None:
            raise SiteUnavailable("not a Bugzilla bug URL")
        api = f"{target.base}/rest/bug/{target.bug}"
        bug = next(iter(objs(obj(await call_json(self._caller, api)).get("bugs"))), {})
        number = bug.get("id")
        if not isinstance(number, int) or isinstance(number, bool):
            raise SiteUnavailable("its answer had no bug")
        said = obj(await call_json(self._caller, f"{api}/comment"))
        comments = objs(obj(said, "bugs", str(number)).get("comments"))
        page_url = f"{target.base}/show_bug.cgi?id={number}"
        markdown = await anyio.to_thread.run_sync(lambda: bug_markdown(bug, comments, target.base))
        return ResolvedPage(page_url, markdown, self.site)


def _claimed(url: str) -> bool:
    """A Bugzilla known by its host (and the path its bugs live under), claimed before any fetch."""
    target = bugzilla_target(url)
    return target is not None and target.base == served_base(url, KNOWN)
