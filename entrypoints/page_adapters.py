"""The page-reading pieces with a lifetime: extraction workers and the browser, built from settings.

Their adapter modules are imported when the container opens them, not when it is imported; the
extraction libraries themselves are imported only by the workers' fork server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from adapters.pages.worker_preload import EXTRACTOR_PATH, LONE_EXTRACTOR_PATH, WORKER_PRELOAD
from entrypoints.settings import Settings

# Once an HTML page's draft (its fast extractors' reading) has come from the worker, the page's
# extraction gets this long in all before the draft is kept instead: no page over 2 s. The
# slowest page of both extraction corpora takes about 1.1 s on an idle machine (docs/extraction.md).
DRAFT_SECONDS = 2.0

if TYPE_CHECKING:
    from adapters.browser.chromium import ChromiumProcess
    from adapters.browser.renderer import ChromiumRenderer
    from adapters.pages.extraction_pool import ProcessExtractionPool
    from adapters.pages.fetcher import SafePageFetcher


async def extraction_workers(settings: Settings) -> AsyncIterator[ProcessExtractionPool]:
    """Worker processes that extract pages and can be killed, for as long as the container runs.

    Their fork server starts in the background at once, so the first page pays a fork rather
    than the extraction libraries' imports, and nothing a face answers first waits for it. With
    ``extraction_helpers`` each worker forks a helper process on its first page (``candidate_helper``).
    """
    from adapters.pages.extraction_pool import ProcessExtractionPool

    pool = ProcessExtractionPool(
        extractor_path(settings),
        workers=settings.extraction_workers,
        timeout_seconds=settings.page_timeout_seconds,
        draft_seconds=DRAFT_SECONDS,
        memory_limit_bytes=settings.extraction_memory_mb * 1_000_000,
        # entrypoints.main: what the `searchrelay` script (each worker runs it again) imports.
        preload=(*WORKER_PRELOAD, "entrypoints.main"),
    )
    pool.warm()
    try:
        yield pool
    finally:
        await pool.aclose()


def extractor_path(settings: Settings) -> str:
    """The extractor the workers run: with a helper process beside each (``SEARCHRELAY_EXTRACTION_HELPERS``) or not."""
    return EXTRACTOR_PATH if settings.extraction_helpers else LONE_EXTRACTOR_PATH


async def browser_process(settings: Settings) -> AsyncIterator[ChromiumProcess | None]:
    """The one Chromium (SEARCHRELAY_BROWSER=auto), or None when off. It starts on the first page
    that needs it, not here: a server that never meets a JavaScript shell never runs a browser."""
    if settings.browser == "off":
        yield None
        return
    from adapters.browser.chromium import ChromiumProcess

    process = ChromiumProcess(settings.browser_path)
    try:
        yield process
    finally:
        await process.aclose()


def chromium_renderer(
    process: ChromiumProcess | None, fetcher: SafePageFetcher, settings: Settings
) -> ChromiumRenderer | None:
    if process is None:
        return None
    from adapters.browser.renderer import ChromiumRenderer

    return ChromiumRenderer(
        process,
        fetcher,
        pages=settings.browser_pages,
        timeout_seconds=settings.browser_timeout_seconds,
        max_total_bytes=settings.browser_max_bytes,
    )
