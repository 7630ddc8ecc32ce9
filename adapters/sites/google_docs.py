"""Google Docs, Sheets and Slides shared with anyone who has the link, through Google's export links.

Such a link (``docs.google.com/document/d/{id}/edit``) opens an application that draws the file
with its scripts: the fetched page has no text of the document in it, so it was read as a
JavaScript shell (refused, or rendered in a browser at the cost of seconds). The same file is
offered for download by its export link, which any reader of the shared file may use: a document
as Markdown (``export?format=md``: its headings, lists, tables and links; plain text where the
server refuses that format), a sheet as CSV (the tab
the link names by ``gid``, else the first), a presentation as plain text. A file that is not
shared publicly is answered by Google's sign-in page: that is said, and the page is then read the
generic way (which fails the same way, and says so). A published copy (``/d/e/{id}/pub``) is an
ordinary web page and is read as one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qs, urlsplit

from adapters.pages.fences import fenced
from adapters.sites.api_calls import GuardedCaller, status_reason
from adapters.sites.urls import on_hosts
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

DEFAULT_SITE_URL = "https://docs.google.com"
Kind = Literal["document", "spreadsheets", "presentation"]
_PATH = re.compile(r"/(document|spreadsheets|presentation)(?:/u/\d{1,2})?/d/([A-Za-z0-9_-]{20,200})(?:/|$)")
_GID = re.compile(r"(?:^|[&#?])gid=(\d{1,12})")
_SIGN_IN_HOSTS = ("accounts.google.com",)
_NAMES: dict[Kind, str] = {"document": "document", "spreadsheets": "spreadsheet", "presentation": "presentation"}


@dataclass(frozen=True)
class GoogleFile:
    kind: Kind
    file_id: str
    tab: str | None = None  # a sheet's gid


def file_of(url: str) -> GoogleFile | None:
    """Pure: the file a docs.google.com link opens (not a published copy), or None."""
    parsed = on_hosts(url, lambda host: host == "docs.google.com")
    if parsed is None:
        return None
    found = _PATH.match(parsed.path)
    if found is None:
        return None
    kind: Kind = found.group(1)  # type: ignore[assignment]  # the pattern's three names
    parts = urlsplit(url)
    tab = parse_qs(parts.query).get("gid", [None])[0] or _first_gid(parts.fragment)
    return GoogleFile(kind, found.group(2), tab if kind == "spreadsheets" and tab and tab.isdigit() else None)


def _first_gid(fragment: str) -> str | None:
    found = _GID.search(fragment)
    return found.group(1) if found else None


class GoogleDocsResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Google's export link"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return file_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        file = file_of(url)
        if file is None:
            raise SiteUnavailable("not a Google Docs, Sheets or Slides link")
        answer = await self._exported(self.export_url(file))
        if file.kind == "document" and answer.status == 400:  # an export format the server does not offer
            answer = await self._exported(self.export_url(file).replace("format=md", "format=txt"))
        if urlsplit(answer.url).hostname in _SIGN_IN_HOSTS or answer.status in (401, 403):
            raise SiteUnavailable(f"the {_NAMES[file.kind]} is not shared publicly: Google asks to sign in")
        if answer.status == 404:
            raise SiteUnavailable(f"no such {_NAMES[file.kind]}, or it is not shared")
        if not 200 <= answer.status < 300:
            raise SiteUnavailable(status_reason(answer.status, None))
        if answer.content_type in ("text/html", "application/xhtml+xml"):
            raise SiteUnavailable(f"Google answered with a web page, not the {_NAMES[file.kind]}'s text")
        text = answer.body.decode("utf-8", errors="replace").lstrip("\ufeff").strip()
        if not text:
            raise SiteUnavailable(f"the {_NAMES[file.kind]} is empty")
        if file.kind == "spreadsheets":
            text = fenced(text, "csv")
        note = "Its end is missing: the file was larger than the download cap." if answer.truncated else None
        return ResolvedPage(url, text + "\n", self.site, truncated=answer.truncated, note=note)

    async def _exported(self, url: str) -> FetchedPage:
        try:
            return await self._caller.call(url)
        except PageUnavailable as failed:
            raise SiteUnavailable(failed.reason) from None

    def export_url(self, file: GoogleFile) -> str:
        base = f"{self._site_url}/{file.kind}/d/{file.file_id}"
        if file.kind == "document":
            return f"{base}/export?format=md"
        if file.kind == "spreadsheets":
            return f"{base}/export?format=csv" + (f"&gid={file.tab}" if file.tab else "")
        return f"{base}/export/txt"
