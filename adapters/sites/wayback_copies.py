"""The Wayback Machine's latest copy of a page its site would not serve: a bot check, a sign-in
page, an error in its place (``domain.ports.ArchivedCopyPort``).

The archive's index (the CDX server) is asked for the page's newest captures that were answered
with 200, newest first; each is read as archived (``wayback.read_capture``: the ``id_`` form,
without the archive's toolbar) until one is a page rather than a bot check of its own. The index
sometimes answers a server with nothing at all; the capture nearest to now is then asked for
directly, which the archive redirects to.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.wayback import (
    DEFAULT_ARCHIVE_URL,
    ArchivedPage,
    ArchiveReader,
    Capture,
    captured_when,
    read_capture,
)
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import PageExtractionPort

SOURCE = "the Wayback Machine's copy"
# The newest captures asked of the index, and how many of them are read before giving up: a copy
# that is the site's bot check again is skipped once, not hunted through years of them.
_ASKED = 3
_TRIED = 2
_NO_COPY = "the Wayback Machine has no copy of it"


class WaybackCopies(ArchiveReader):
    """Implements ``domain.ports.ArchivedCopyPort``. ``now``: the time the nearest capture is asked for."""

    def __init__(
        self,
        caller: GuardedCaller,
        extraction: PageExtractionPort,
        *,
        archive_url: str = DEFAULT_ARCHIVE_URL,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        super().__init__(caller, extraction, archive_url=archive_url)
        self._now = now

    async def latest_copy(self, url: str) -> ResolvedPage:
        stamps = await self._indexed(url)
        if stamps is None:  # the index said nothing: the archive's own nearest capture
            stamps = [self._now().astimezone(UTC).strftime("%Y%m%d%H%M%S")]
        elif not stamps:
            raise SiteUnavailable(_NO_COPY)
        reason = _NO_COPY
        for stamp in stamps[:_TRIED]:
            try:
                archived = await read_capture(self._caller, self._extraction, self._archive_url, Capture(stamp, url))
            except SiteUnavailable as failed:
                # Asked for the nearest capture, the archive answers 404 when it has none.
                missing = failed.reason.startswith("HTTP 404")
                reason = _NO_COPY if missing else f"the Wayback Machine's copy could not be read ({failed.reason})"
                continue
            if archived.markdown.strip():
                return _copy(url, archived)
            reason = "the Wayback Machine's copy has no readable text"
        raise SiteUnavailable(reason)

    async def _indexed(self, url: str) -> list[str] | None:
        """The newest 200 captures' timestamps, newest first; None when the index gave no answer to read."""
        query = {
            "url": url,
            "output": "json",
            "fl": "timestamp,statuscode",
            "filter": "statuscode:200",
            "limit": f"-{_ASKED}",
            "fastLatest": "true",
        }
        try:
            rows = await call_json(self._caller, with_query(f"{self._archive_url}/cdx/search/cdx", query))
        except SiteUnavailable:
            return None
        if not isinstance(rows, list):
            return None
        # The first row names the fields; a row is [timestamp, statuscode], every field a string.
        stamps = [
            row[0]
            for row in rows[1:]
            if isinstance(row, list) and row and isinstance(row[0], str) and _is_stamp(row[0])
        ]
        return sorted(set(stamps), reverse=True)


def _copy(url: str, archived: ArchivedPage) -> ResolvedPage:
    when = captured_when(archived.stamp)
    return ResolvedPage(url, archived.markdown, SOURCE, truncated=archived.truncated, note=f"captured {when}")


def _is_stamp(value: str) -> bool:
    return len(value) == 14 and value.isascii() and value.isdigit()
