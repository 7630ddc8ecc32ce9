"""Every request a rendered page makes, answered by the guarded fetcher or refused.

Chromium never fetches anything itself: each request (the document, scripts, styles, images,
frames, fetch/XHR) is intercepted and fulfilled with a response our own ``PageFetcherPort``
fetched, so the SSRF guard vets every host and every address it resolves to and the connection
goes to the vetted address (no gap for a DNS answer to change in between). What the fetcher
refuses is aborted. Redirects are followed by the fetcher, each hop vetted, and only the final
response is handed over: Playwright does not route the request Chromium makes to follow a
redirect, so Chromium must never see one. WebSockets are closed unopened; requests other than GET
are refused (the fetcher only replays GETs). A page's requests share one byte and one count budget.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from adapters.bounded_body import megabytes
from domain.errors import PageUnavailable
from domain.pages import FetchedPage
from domain.ports import PageFetcherPort
from domain.redaction import without_userinfo

if TYPE_CHECKING:
    from playwright.async_api import Route, WebSocketRoute

logger = logging.getLogger(__name__)


class RequestGate:
    """The requests of one rendered page; ``document`` answers the first load of its own URL."""

    def __init__(
        self, document: FetchedPage, fetcher: PageFetcherPort, *, max_total_bytes: int, max_requests: int
    ) -> None:
        self._fetcher = fetcher
        self._max_total_bytes = max_total_bytes
        self._max_requests = max_requests
        # The page itself, already fetched: its first load is answered with these bytes.
        self._ready: dict[str, FetchedPage] = {_key(document.url): document}
        self._bytes = len(document.body)
        self._requests = 0
        self._running: set[asyncio.Task[object]] = set()

    async def handle(self, route: Route) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            await self._answer(route)
        except asyncio.CancelledError:
            raise
        except Exception:  # the page closed under us (deadline, crash): nothing left to answer
            logger.debug("a browser request was left unanswered", exc_info=True)
        finally:
            if task is not None:
                self._running.discard(task)

    async def refuse_socket(self, socket: WebSocketRoute) -> None:
        logger.info("blocked a browser request to %s: WebSockets are not opened", without_userinfo(socket.url))
        await socket.close(code=1008, reason="blocked")

    def cancel_pending(self) -> None:
        """Stops fetches still running for a page that is gone."""
        for task in self._running:
            task.cancel()

    async def _answer(self, route: Route) -> None:
        request = route.request
        url = request.url
        if request.method not in ("GET", "HEAD"):
            return await self._refuse(route, url, f"{request.method} requests are not sent")
        ready = self._ready.pop(_key(url), None)
        if ready is None:
            self._requests += 1
            if self._requests > self._max_requests:
                return await self._refuse(route, url, f"more than {self._max_requests} requests")
            try:
                ready = await self._fetcher.fetch(url)
            except PageUnavailable as refused:
                return await self._refuse(route, url, refused.reason)
            if self._bytes + len(ready.body) > self._max_total_bytes:
                limit = megabytes(self._max_total_bytes)
                return await self._refuse(route, url, f"it would take the page's requests past the {limit} limit")
            # The fetcher followed any redirect, each hop vetted; Chromium is never handed a 3xx,
            # because the request it would make to follow one is not passed to route handlers.
            self._bytes += len(ready.body)
        content_type = ready.content_type + (f"; charset={ready.charset}" if ready.charset else "")
        await route.fulfill(status=ready.status, headers={"Content-Type": content_type}, body=ready.body)

    async def _refuse(self, route: Route, url: str, reason: str) -> None:
        logger.info("blocked a browser request to %s: %s", without_userinfo(url), reason)
        await route.abort("blockedbyclient")


def _key(url: str) -> str:
    """A URL as Chromium will ask for it: no fragment, and "/" for an empty path."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))
