"""The Wayback Machine's latest copy of a page its site would not serve: a bot check, a sign-in
page, an error in its place (``domain.ports.ArchivedCopyPort``).

The archive's index (the CDX server) is asked for the page's newest captures that were answered
with 200, newest first; each is read as archived (``wayback.read_capture``: the ``id_`` form,
without the archive's toolbar) until one is a page rather than a bot check of its own. The index
sometimes answers a server with nothing at all; the capture nearest to now is then asked for
directly, which the archive redirects to.

When the newest copies read are no page either, the site has likely answered so for a while (a
domain parked for years, a bot check kept up): the index is asked once more, for one capture a
year from before the older of them, and those are read newest first, then halfway back, then a
quarter of the way, until one is a page. What answers in a page's place came after the page, so
the years it spans are a suffix of the list, and three reads find a page from before them when
they are seven of the ten years asked or fewer.
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
    NoPageEither,
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
# Years asked for once the newest copies are no page either, and how many of them are read.
_YEARS = 10
_YEARS_TRIED = 3
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
        indexed = await self._indexed(_newest(url))
        if indexed is not None and not indexed:
            raise SiteUnavailable(_NO_COPY)
        # The index said nothing: the archive's own nearest capture.
        tried = indexed[:_TRIED] if indexed else [self._now().astimezone(UTC).strftime("%Y%m%d%H%M%S")]
        found, reason, in_place = await self._first_page(url, tried, _NO_COPY)
        if found is not None:
            return found
        if in_place and indexed:
            before = int(min(tried)[:4]) - 1
            years = _one_a_year(await self._indexed(_yearly(url, before=before)) or [], before)
            found, reason, _ = await self._first_page(url, _halving(years), reason)
            if found is not None:
                return found
        raise SiteUnavailable(reason)

    async def holds_site(self, domain: str) -> bool | None:
        # The index's captures of the domain and every host under it: one is enough. A failed
        # answer is no evidence either way.
        stamps = await self._indexed(
            {"url": domain, "matchType": "domain", "output": "json", "fl": "timestamp", "limit": "1"}
        )
        return None if stamps is None else bool(stamps)

    async def _first_page(self, url: str, stamps: list[str], reason: str) -> tuple[ResolvedPage | None, str, bool]:
        """The first of ``stamps`` read as a page; else the last reason, and whether every copy read
        was no page either (a check, a sign-in page, a lander in the page's place)."""
        in_place = bool(stamps)
        for stamp in stamps:
            try:
                archived = await read_capture(self._caller, self._extraction, self._archive_url, Capture(stamp, url))
            except NoPageEither as refused:
                reason = f"the Wayback Machine's copy could not be read ({refused.reason})"
                continue
            except SiteUnavailable as failed:
                in_place = False
                # Asked for the nearest capture, the archive answers 404 when it has none.
                missing = failed.reason.startswith("HTTP 404")
                reason = _NO_COPY if missing else f"the Wayback Machine's copy could not be read ({failed.reason})"
                continue
            if archived.markdown.strip():
                return _copy(url, archived), reason, in_place
            in_place = False
            reason = "the Wayback Machine's copy has no readable text"
        return None, reason, in_place

    async def _indexed(self, query: dict[str, str]) -> list[str] | None:
        """The captures' timestamps the index names for ``query``, newest first; None when the index
        gave no answer to read."""
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


def _captures_of(url: str) -> dict[str, str]:
    return {"url": url, "output": "json", "fl": "timestamp,statuscode", "filter": "statuscode:200"}


def _newest(url: str) -> dict[str, str]:
    return {**_captures_of(url), "limit": f"-{_ASKED}", "fastLatest": "true"}


def _yearly(url: str, *, before: int) -> dict[str, str]:
    """One capture a year (the index collapses adjacent captures of the same year) up to the end of
    the year ``before``, the newest ``_YEARS`` of them."""
    return {**_captures_of(url), "collapse": "timestamp:4", "to": str(before), "limit": f"-{_YEARS}"}


def _one_a_year(stamps: list[str], before: int) -> list[str]:
    """The newest capture of each year up to ``before``, oldest first: the index is trusted neither
    to collapse nor to keep to ``to``, and what was read already is never read again."""
    newest: dict[str, str] = {}
    for stamp in stamps:
        year = stamp[:4]
        if int(year) <= before and stamp > newest.get(year, ""):
            newest[year] = stamp
    return sorted(newest.values())


def _halving(years: list[str]) -> list[str]:
    """Oldest-first ``years`` in the order they are read: the newest, then halfway back, then a
    quarter of the way, ``_YEARS_TRIED`` at most."""
    order: list[str] = []
    index = len(years) - 1
    while index >= 0 and len(order) < _YEARS_TRIED:
        if years[index] not in order:
            order.append(years[index])
        index = index // 2 if index else -1
    return order


def _copy(url: str, archived: ArchivedPage) -> ResolvedPage:
    when = captured_when(archived.stamp)
    return ResolvedPage(url, archived.markdown, SOURCE, truncated=archived.truncated, note=f"captured {when}")


def _is_stamp(value: str) -> bool:
    return len(value) == 14 and value.isascii() and value.isdigit()
