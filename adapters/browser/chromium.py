"""One headless Chromium for the whole server: started on first need, started again after a crash.

Playwright drives the executable Debian's ``chromium`` package installs; it never downloads a
browser. The launch flags lock the browser's own networking down (no DNS of its own, a proxy
that goes nowhere, loopback included, no background or WebRTC traffic): every request a page
makes is meant to be answered by ``adapters.browser.request_gate`` through the guarded fetcher,
and these flags make sure that anything that slipped past the gate could not reach a network.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from typing import TYPE_CHECKING

import anyio

if TYPE_CHECKING:
    from playwright.async_api import Browser, Playwright

logger = logging.getLogger(__name__)

DEFAULT_EXECUTABLE = "/usr/bin/chromium"
_LAUNCH_MS = 30_000
_LOCKDOWN_ARGS = (
    "--host-resolver-rules=MAP * ~NOTFOUND",  # the browser resolves no name itself
    "--proxy-server=http://127.0.0.1:9",  # and connects nowhere itself: the discard port, which nothing answers
    "--proxy-bypass-list=<-loopback>",  # loopback included (Chromium skips the proxy for it otherwise)
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-domain-reliability",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-dev-shm-usage",  # containers often give /dev/shm 64 MB, too little for a renderer
    "--js-flags=--max-old-space-size=256",  # a page's script heap is bounded too
)


def executable_found(path: str) -> bool:
    """Whether ``path`` is a file this process may run (checked before a launch, and by `providers`)."""
    return os.path.isfile(path) and os.access(path, os.X_OK)


def playwright_installed() -> bool:
    """Whether the ``searchrelay[browser]`` extra is there: looked up, not imported."""
    return importlib.util.find_spec("playwright") is not None


class BrowserUnavailable(Exception):
    """The browser could not be started; ``reason`` is one line in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ChromiumProcess:
    """The browser process: ``browser()`` starts it when needed; ``aclose()`` stops it for good."""

    def __init__(self, executable: str = DEFAULT_EXECUTABLE) -> None:
        self._executable = executable
        self._lock = anyio.Lock()
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._closed = False
        self.launches = 0  # how many times a browser was started (a crash costs one more)

    async def browser(self) -> Browser:
        """The running browser; a browser that crashed or was killed is replaced by a new one."""
        async with self._lock:
            if self._closed:
                raise BrowserUnavailable("the server is shutting down")
            if self._browser is not None and self._browser.is_connected():
                return self._browser
            if self._browser is not None:
                logger.warning("the browser stopped (crashed or was killed); starting it again")
            await self._stop()
            self._browser = await self._launch()
            self.launches += 1
            return self._browser

    async def aclose(self) -> None:
        async with self._lock:
            self._closed = True
            await self._stop()

    async def _launch(self) -> Browser:
        if not executable_found(self._executable):
            raise BrowserUnavailable(
                f"no browser at {self._executable} (install Debian's chromium package or set SEARCHRELAY_BROWSER_PATH)"
            )
        try:
            from playwright.async_api import Error, async_playwright
        except ImportError:
            raise BrowserUnavailable("Playwright is not installed (pip install 'searchrelay[browser]')") from None
        try:
            self._playwright = await async_playwright().start()
            return await self._playwright.chromium.launch(
                executable_path=self._executable, headless=True, args=list(_LOCKDOWN_ARGS), timeout=_LAUNCH_MS
            )
        except Error:
            logger.exception("starting %s failed", self._executable)
            await self._stop()
            raise BrowserUnavailable(f"the browser at {self._executable} could not be started (logged)") from None

    async def _stop(self) -> None:
        browser, driver = self._browser, self._playwright
        self._browser = self._playwright = None
        with anyio.CancelScope(shield=True), anyio.move_on_after(10):
            # A crashed browser or driver may refuse to close politely; it is gone either way.
            if browser is not None:
                try:
                    await browser.close()
                except Exception:
                    logger.debug("closing the old browser failed", exc_info=True)
            if driver is not None:
                try:
                    await driver.stop()
                except Exception:
                    logger.debug("stopping the Playwright driver failed", exc_info=True)
