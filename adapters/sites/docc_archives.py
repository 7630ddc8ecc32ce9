"""Documentation built with DocC and hosted anywhere (Swift packages' documentation), read from its render JSON.

DocC publishes a package's documentation as an archive of JSON documents and one single-page
application that draws them: every page as fetched is the same shell ("This page requires
JavaScript" and an empty ``<div id="app">``), found on GitHub Pages, on the Swift Package Index
and on projects' own sites. The shell names the archive's root in ``<script>var baseUrl =
"/{hosting base path}/"</script>``; the page at ``{root}documentation/{path}`` is drawn from
``{root}data/documentation/{path}.json`` (lower case), which is read here and written by
``docc_render`` as Apple's own pages are (``apple_docs``). Recognised from the fetched page, not
from the host.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import anyio

from adapters.json_fields import obj, text
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.docc_render import DoccPage
from adapters.sites.page_marks import page_head
from adapters.sites.urls import any_host, on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

# The renderer's shell is small: its base-path script sits in the head's first few kilobytes.
_HEAD_BYTES = 32_768
_BASE_URL = re.compile(
    rb"""<script>\s{0,10}var\s+baseUrl\s{0,10}=\s{0,10}["'](/[^"'<>\s]{0,300})["']\s{0,10};?\s{0,10}</script>"""
)


def archive_page(page: FetchedPage) -> tuple[str, str] | None:
    """Pure: (the archive's root, "https://host/base/", and the page's path under it,
    "documentation/module/symbol") for a DocC shell; None for any other page."""
    head = page_head(page, _HEAD_BYTES)
    found = _BASE_URL.search(head) if head is not None else None
    parsed = on_hosts(page.url, any_host)
    if found is None or parsed is None:
        return None
    base = found.group(1).decode("ascii", errors="replace")
    base = base if base.endswith("/") else base + "/"
    if not parsed.path.startswith(base):
        return None
    rest = parsed.path[len(base) :].removesuffix("/index.html").strip("/")
    if not rest.startswith("documentation/") or len(rest) > 1_000:
        return None
    return f"{origin_of(parsed)}{base}", rest.lower()


class DoccArchiveResolver:
    """Implements ``domain.ports.FetchedPageResolverPort``: a page of a DocC archive on any host."""

    site = "the documentation's DocC data"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def recognises(self, page: FetchedPage) -> bool:
        return archive_page(page) is not None

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        found = archive_page(page)
        if found is None:
            raise SiteUnavailable("not a page of DocC documentation")
        root, path = found
        data = await call_json(self._caller, f"{root}data/{quote(path, safe='/-_.~')}.json")
        if not isinstance(data, dict) or not text(obj(data, "metadata").get("title")):
            raise SiteUnavailable("its answer had no documentation page")
        markdown = await anyio.to_thread.run_sync(lambda: DoccPage(data, root.rstrip("/")).markdown())
        return ResolvedPage(page.url, markdown, self.site)
