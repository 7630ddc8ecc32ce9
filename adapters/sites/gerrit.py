"""Gerrit code reviews (Go's, Chromium's, Android's, OpenStack's, Qt's, Wikimedia's...) through Gerrit's REST API.

A change's page is Gerrit's web app: its HTML is a mount point (``<gr-app>``) and a script, with
none of the change in it. Every Gerrit serves the same REST API under its base address, without
an account for public projects: ``/changes/{number}`` with the options that bring the current
patch set's commit and files, the review messages and the votes. Its answers open with ``)]}'``
on a line of their own (a guard against their being run as a script), which ``api_calls`` takes
off before parsing.
The well-known Gerrits are claimed by URL; any other is recognised once fetched, by its app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import anyio

from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.gerrit_changes import change_markdown
from adapters.sites.page_marks import page_head
from adapters.sites.urls import any_host, on_hosts, origin_of, served_base
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

#: What the change is asked with (Gerrit's ``o=`` options).
OPTIONS = ("CURRENT_REVISION", "CURRENT_COMMIT", "CURRENT_FILES", "MESSAGES", "DETAILED_LABELS", "DETAILED_ACCOUNTS")
#: Gerrits known by their host, claimed before any fetch: {host: the base path Gerrit is served under}.
KNOWN = {"review.opendev.org": "", "codereview.qt-project.org": "", "gerrit.wikimedia.org": "/r",
         "review.gerrithub.io": ""}  # fmt: skip
_GOOGLESOURCE = re.compile(r"[a-z0-9-]{1,60}-review\.googlesource\.com")
# {base}/c/{project}/+/{number}[/{patch set}[/{file}]] or {base}/c/{number}
_CHANGE_PATH = re.compile(
    r"(?P<base>(?:/[A-Za-z0-9_.~-]{1,60}){0,3}?)/c/(?:[A-Za-z0-9_.~/-]{1,300}/\+/)?(?P<number>[1-9][0-9]{0,9})(?:/.*)?"
)
_HEAD_BYTES = 65_536
_APP = re.compile(rb"<gr-app[\s>]")


@dataclass(frozen=True)
class GerritTarget:
    base: str  # "https://go-review.googlesource.com", "https://gerrit.wikimedia.org/r"
    number: int


def gerrit_target(url: str) -> GerritTarget | None:
    """Pure: the change a Gerrit change URL shows, on any host; None for anything else."""
    parsed = on_hosts(url, any_host)
    found = _CHANGE_PATH.fullmatch(parsed.path) if parsed is not None else None
    if parsed is None or found is None:
        return None
    return GerritTarget(origin_of(parsed) + found["base"], int(found["number"]))


def says_gerrit(page: FetchedPage) -> bool:
    """Pure: the page is HTML holding Gerrit's web app (``<gr-app>``)."""
    head = page_head(page, _HEAD_BYTES)
    return head is not None and b"gr-app" in head and _APP.search(head) is not None


class GerritResolver:
    """Implements ``SiteResolverPort`` (well-known Gerrits, by URL) and ``FetchedPageResolverPort`` (any other)."""

    site = "the Gerrit REST API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def handles(self, url: str) -> bool:
        return gerrit_target(url) is not None and _claimed(url)

    def recognises(self, page: FetchedPage) -> bool:
        return gerrit_target(page.url) is not None and not _claimed(page.url) and says_gerrit(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        return await self.read(page.url)

    async def read(self, url: str) -> ResolvedPage:
        target = gerrit_target(url)
        if target is None:
            raise SiteUnavailable("not a Gerrit change URL")
        address = f"{target.base}/changes/{target.number}?" + "&".join(f"o={option}" for option in OPTIONS)
        change = await call_json(self._caller, address)
        if not isinstance(change, dict) or not isinstance(change.get("_number"), int):
            raise SiteUnavailable("its answer had no change")
        markdown = await anyio.to_thread.run_sync(lambda: change_markdown(change, url))
        return ResolvedPage(f"{target.base}/c/{target.number}", markdown, self.site)


def _claimed(url: str) -> bool:
    """A Gerrit known by its host (and the path it is served under), claimed before any fetch."""
    target = gerrit_target(url)
    return target is not None and target.base == served_base(url, KNOWN, family=_GOOGLESOURCE)
