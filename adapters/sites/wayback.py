"""Pages archived by the Wayback Machine, read as they were captured rather than inside the archive's frame.

A capture's address (``web.archive.org/web/{timestamp}/{url}``) serves the page with the
archive's toolbar above it ("The Wayback Machine", capture counts, a calendar), its scripts, and
every link rewritten to go through the archive: the toolbar's text and the rewritten addresses
reached the agent. The same capture with ``id_`` after its timestamp is the page exactly as it
was archived. That is fetched here (through the guards, any kind of file) and read by the
extraction workers as the page at its original address, so its links are the original ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import httpx

from adapters.sites.api_calls import GuardedCaller, call_file
from adapters.sites.urls import on_hosts
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage
from domain.ports import PageExtractionPort
from domain.walls import answered_instead, sign_in_in_place

DEFAULT_ARCHIVE_URL = "https://web.archive.org"
# /web/{timestamp}[{flag}_]/{original address}; the timestamp is 1 to 14 digits (a prefix picks the nearest).
_CAPTURE = re.compile(r"/web/(?P<stamp>[0-9]{1,14})(?:[a-z]{2}_)?/(?P<original>(?:https?:/{1,2}|[a-z0-9]).{0,4000})")


@dataclass(frozen=True)
class Capture:
    stamp: str  # "20190501123456"
    original: str  # "https://example.com/page?x=1"


def capture_of(url: str) -> Capture | None:
    """Pure: the capture a Wayback Machine address shows; None for anything else (a calendar, a search)."""
    parsed = on_hosts(url, lambda host: host in ("web.archive.org", "wayback.archive.org"))
    if parsed is None:
        return None
    raw = parsed.raw_path.decode("ascii", errors="replace")
    found = _CAPTURE.fullmatch(raw)
    if found is None:
        return None
    original = found["original"]
    # The archive's own addresses collapse "https://" to "https:/"; an address without a scheme is http.
    original = re.sub(r"^(https?):/(?!/)", r"\1://", original)
    if not original.startswith(("http://", "https://")):
        original = "http://" + original
    try:
        target = httpx.URL(original)
    except httpx.InvalidURL:
        return None
    if target.scheme not in ("http", "https") or not target.host:
        return None
    return Capture(found["stamp"], original)


class ArchiveReader:
    """What reading the archive takes: the guarded caller, the extraction workers, the archive's address."""

    def __init__(
        self, caller: GuardedCaller, extraction: PageExtractionPort, *, archive_url: str = DEFAULT_ARCHIVE_URL
    ) -> None:
        self._caller = caller
        self._extraction = extraction
        self._archive_url = archive_url.rstrip("/")


class WaybackResolver(ArchiveReader):
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the Wayback Machine's capture as archived"

    def handles(self, url: str) -> bool:
        return capture_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        capture = capture_of(url)
        if capture is None:
            raise SiteUnavailable("not a Wayback Machine capture's address")
        archived = await read_capture(self._caller, self._extraction, self._archive_url, capture)
        when = captured_when(archived.stamp)
        note = f"captured {when} from {capture.original}" if when else f"captured from {capture.original}"
        return ResolvedPage(url, archived.markdown, self.site, truncated=archived.truncated, note=note)


class NoPageEither(SiteUnavailable):
    """The capture is what the site answered in the page's place: a bot check, a sign-in page, a
    parked domain's lander. Older captures may hold the page."""


@dataclass(frozen=True)
class ArchivedPage:
    stamp: str  # the capture's own time: the archive answers with the nearest to the one asked
    markdown: str
    truncated: bool


async def read_capture(
    caller: GuardedCaller, extraction: PageExtractionPort, archive_url: str, capture: Capture
) -> ArchivedPage:
    """The capture exactly as archived (``id_``), read as the page at its original address.

    Raises ``SiteUnavailable``: no such capture; ``NoPageEither``: it holds a bot check, a sign-in
    page or another answer in the page's place.
    """
    archived = await call_file(caller, f"{archive_url}/web/{capture.stamp}id_/{capture.original}")
    # The archive redirects to the nearest capture; its address names the capture's own time.
    landed = capture_of(archived.url.replace("id_/", "/", 1))
    stamp = landed.stamp if landed is not None else capture.stamp
    as_archived = FetchedPage(
        url=capture.original,
        status=archived.status,
        content_type=archived.content_type,
        charset=archived.charset,
        body=archived.body,
        truncated=archived.truncated,
    )
    # The archive keeps what the site answered, redirects followed: a capture can be the site's sign-in page.
    if landed is not None and (sent := sign_in_in_place(capture.original, landed.original)) is not None:
        raise NoPageEither(f"the capture is no page either: {sent}")
    try:
        markdown = await extraction.extract(as_archived)
    except PageUnavailable as failed:
        raise SiteUnavailable(f"the capture could not be read ({failed.reason})") from None
    if as_archived.is_html and (instead := answered_instead(capture.original, as_archived.body, markdown)):
        raise NoPageEither(f"the capture is no page either: {instead}")
    return ArchivedPage(stamp, markdown, archived.truncated)


def captured_when(stamp: str) -> str:
    """ "2019-05-01 12:34 UTC" from a capture's timestamp, as far as it goes."""
    if len(stamp) < 8:
        return stamp[:4] if len(stamp) >= 4 else ""
    day = f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]}"
    return f"{day} {stamp[8:10]}:{stamp[10:12]} UTC" if len(stamp) >= 12 else day
