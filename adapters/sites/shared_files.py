"""Files shared by link on Google Drive and Dropbox, read as the file rather than the viewer around it.

A shared file's link opens a viewer: Drive's is drawn by scripts (the page has none of the file's
text), Dropbox's is a preview page around it. Both services give the file itself at a download
address anyone with the link may use: Drive's ``/uc?export=download&id={id}`` (a redirect to the
file), Dropbox's same link with ``dl=1``. The file is fetched there, through the same guards and
caps as a page, and read by the extraction workers as any fetched file is (a PDF, a Word, Excel
or PowerPoint document, text...). A viewer's answer in place of the file (a sign-in page: the
file is not public; Drive's "can't scan this file" page: too large) is said, and the link is then
read the generic way.
"""

from __future__ import annotations

import re

import httpx

from adapters.sites.api_calls import GuardedCaller, status_reason
from adapters.sites.urls import on_hosts
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import PageExtractionPort

_DRIVE_ID = re.compile(r"[A-Za-z0-9_-]{20,100}")
_DRIVE_FILE = re.compile(r"/file(?:/u/\d{1,2})?/d/([A-Za-z0-9_-]{20,100})(?:/(?:view|edit|preview))?/?")
_DROPBOX_FILE = re.compile(r"/(?:s/[A-Za-z0-9_-]{5,80}|scl/fi/[A-Za-z0-9_-]{5,80})/[^/]{1,300}")


def download_url(url: str) -> str | None:
    """Pure: the address of the file itself for a Drive or Dropbox file link; None for anything else."""
    parsed = on_hosts(url, lambda host: host in ("drive.google.com", "www.dropbox.com", "dropbox.com"))
    if parsed is None:
        return None
    if parsed.host.lower() == "drive.google.com":
        found = _DRIVE_FILE.fullmatch(parsed.path)
        file_id = found.group(1) if found else None
        if parsed.path in ("/open", "/uc") and _DRIVE_ID.fullmatch(parsed.params.get("id", "")):
            file_id = parsed.params["id"]
        if file_id is None:
            return None
        return str(httpx.URL("https://drive.google.com/uc", params={"export": "download", "id": file_id}))
    if not _DROPBOX_FILE.fullmatch(parsed.path):
        return None  # a folder (/sh/, /scl/fo/) comes as a zip of everything in it: not read
    return str(parsed.copy_merge_params({"dl": "1"}).copy_with(host="www.dropbox.com", fragment=None))


class SharedFileResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the file's download link"

    def __init__(self, caller: GuardedCaller, extraction: PageExtractionPort) -> None:
        self._caller = caller
        self._extraction = extraction

    def handles(self, url: str) -> bool:
        return download_url(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        target = download_url(url)
        if target is None:
            raise SiteUnavailable("not a shared file's link")
        try:
            page = await self._caller.call(target)  # any status back, redirects followed
        except PageUnavailable as failed:
            raise SiteUnavailable(failed.reason) from None
        if page.status in (401, 403):
            raise SiteUnavailable("the file is not shared publicly")
        if not 200 <= page.status < 300:
            raise SiteUnavailable(status_reason(page.status, None))
        if page.is_html:
            # The service's own page instead of the file: its sign-in page, or (Drive) the warning
            # that a large file cannot be scanned, which asks the reader to confirm.
            raise SiteUnavailable("it answered with a web page, not the file (not shared publicly, or too large)")
        try:
            markdown = await self._extraction.extract(page)
        except PageUnavailable as failed:
            raise SiteUnavailable(f"the file could not be read ({failed.reason})") from None
        if not markdown.strip():
            raise SiteUnavailable("the file has no text to read")
        return ResolvedPage(url, markdown, self.site, truncated=page.truncated)
