"""ChromiumRenderer: a fetched JavaScript shell, rendered in headless Chromium, back as the HTML its scripts built.

Bounded in every direction: at most ``pages`` renders at once on the one browser process, each
in a fresh context (no cookies, storage or cache from any other page; no persistent profile;
downloads refused; service workers blocked), under one deadline, with its requests answered by
``RequestGate`` under a byte and a request budget. A browser that crashed is started again on
the next render (``ChromiumProcess``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import anyio

from adapters.browser.chromium import BrowserUnavailable, ChromiumProcess
from adapters.browser.request_gate import RequestGate
from adapters.pages.fetcher import DEFAULT_USER_AGENT
from domain.errors import PageUnavailable
from domain.pages import FetchedPage
from domain.ports import PageFetcherPort
from domain.redaction import without_userinfo

if TYPE_CHECKING:
    from playwright.async_api import Page

logger = logging.getLogger(__name__)

#: After the load event, how long scripts may keep fetching before the DOM is taken as it is.
SETTLE_SECONDS = 2.0
_CLOSE_SECONDS = 5.0


class ChromiumRenderer:
    """Implements ``domain.ports.PageRendererPort`` with one shared ``ChromiumProcess``."""

    def __init__(
        self,
        process: ChromiumProcess,
        fetcher: PageFetcherPort,
        *,
        pages: int = 2,
        timeout_seconds: float = 15.0,
        max_total_bytes: int = 20_000_000,
        max_requests: int = 200,
    ) -> None:
        self._process = process
        self._fetcher = fetcher
        self._slots = anyio.Semaphore(pages)
        self._timeout_seconds = timeout_seconds
        self._max_total_bytes = max_total_bytes
        self._max_requests = max_requests

    async def render(self, page: FetchedPage) -> FetchedPage:
        async with self._slots:
            try:
                with anyio.fail_after(self._timeout_seconds):
                    return await self._render(page)
            except TimeoutError:
                took = f"the browser did not finish within {self._timeout_seconds:g} s"
                raise PageUnavailable(page.url, took) from None
            except BrowserUnavailable as unavailable:
                raise PageUnavailable(page.url, unavailable.reason) from None

    async def _render(self, page: FetchedPage) -> FetchedPage:
        from playwright.async_api import Error

        browser = await self._process.browser()
        gate = RequestGate(page, self._fetcher, max_total_bytes=self._max_total_bytes, max_requests=self._max_requests)
        try:
            context = await browser.new_context(
                accept_downloads=False, service_workers="block", user_agent=DEFAULT_USER_AGENT
            )
        except Error:
            logger.warning("could not open a browser context for %s", without_userinfo(page.url), exc_info=True)
            raise PageUnavailable(page.url, _stopped_or(browser.is_connected(), "could not open a page")) from None
        try:
            context.set_default_timeout(self._timeout_seconds * 1000)  # Playwright's own waits end with ours
            await context.route("**/*", gate.handle)
            await context.route_web_socket("**/*", gate.refuse_socket)
            tab = await context.new_page()
            return await self._load(tab, page)
        except Error:
            logger.warning("rendering %s failed", without_userinfo(page.url), exc_info=True)
            reason = _stopped_or(browser.is_connected(), "the page could not be loaded")
            raise PageUnavailable(page.url, reason) from None
        finally:
            gate.cancel_pending()
            with anyio.CancelScope(shield=True), anyio.move_on_after(_CLOSE_SECONDS):
                try:
                    await context.close()
                except Error:
                    logger.debug("closing a browser context failed", exc_info=True)

    async def _load(self, tab: Page, page: FetchedPage) -> FetchedPage:
        await tab.goto(page.url, wait_until="load")
        with anyio.move_on_after(SETTLE_SECONDS):
            # Pages that poll or stream never go quiet; what the scripts built so far is what counts.
            await tab.wait_for_load_state("networkidle")
        html = (await tab.content()).encode("utf-8")
        truncated = len(html) > self._max_total_bytes
        return FetchedPage(
            url=tab.url,
            status=page.status,
            content_type="text/html",
            charset="utf-8",
            body=html[: self._max_total_bytes],
            truncated=truncated or page.truncated,
            public=page.public,  # the asked page's own standing: its scripts' requests pass the guard one by one
        )


def _stopped_or(connected: bool, reason: str) -> str:
    return reason if connected else "the browser stopped (crashed or killed); it starts again for the next page"
