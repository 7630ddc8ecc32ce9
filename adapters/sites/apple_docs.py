"""Apple's developer documentation through the JSON its pages are drawn from.

``developer.apple.com/documentation/...`` is a single-page application (DocC's renderer): the page
as fetched holds a "This page requires JavaScript" notice and none of the documentation, so it was
read as a script shell (refused, or rendered in a browser at the cost of seconds). Each page's
content is one render JSON document at ``/tutorials/data/documentation/{path}.json``, the path in
lower case with ``(``, ``)`` and ``:`` escaped (a method's page, ``init(frame:)``); it is read here
and written by ``docc_render``: the declaration, the discussion, parameters, the members by task
with their one-line summaries, relationships and related pages.
"""

from __future__ import annotations

from urllib.parse import parse_qs, quote

import anyio

from adapters.json_fields import obj, text
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.docc_render import DoccPage
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_SITE_URL = "https://developer.apple.com"
_HOSTS = frozenset({"developer.apple.com"})


def documentation_path(url: str) -> str | None:
    """Pure: ``/documentation/{framework}[/...]`` in lower case for an Apple documentation page; else None."""
    parsed = on_hosts(url, _HOSTS.__contains__)
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if len(parts) < 2 or parts[0] != "documentation" or len(parsed.path) > 1_000:
        return None
    return "/" + "/".join(part.lower() for part in parts)


class AppleDocsResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Apple's documentation data"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return documentation_path(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        path = documentation_path(url)
        if path is None:
            raise SiteUnavailable("not an Apple documentation URL")
        data = await call_json(self._caller, self.data_url(path))
        if not isinstance(data, dict) or not text(obj(data, "metadata").get("title")):
            raise SiteUnavailable("its answer had no documentation page")
        markdown = await anyio.to_thread.run_sync(lambda: DoccPage(data, self._site_url).markdown())
        note = None
        if "objc" in parse_qs(url.partition("?")[2].partition("#")[0]).get("language", []):
            note = "Shown with its Swift declarations; the Objective-C variant of the page is not read."
        return ResolvedPage(f"{self._site_url}{path}", markdown, self.site, note=note)

    def data_url(self, path: str) -> str:
        return f"{self._site_url}/tutorials/data{quote(path, safe='/-_.~')}.json"
