"""How long rendering a JavaScript page takes: the browser's cold start, then warm pages.

A page server on 127.0.0.1 serves the shell the tests use (an empty ``<div id="root">`` that
``/app.js`` fills from ``/data.json``). Measured:

  * cold: the first render, Chromium started on demand (launch + context + page + script + DOM);
  * warm: the next ``--runs`` renders on the running browser (a fresh context each), median / p90;
  * through web_fetch (the real container, SEARCHRELAY_BROWSER=auto): the first call (fetch,
    extraction, shell verdict, cold browser, extraction again) and the median of the warm ones
    (each a new URL, so the page cache does not answer).

Usage: python -m bench.browser [--runs 10] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.browser.chromium import ChromiumProcess  # noqa: E402
from adapters.browser.renderer import ChromiumRenderer  # noqa: E402
from adapters.pages.fetcher import SafePageFetcher  # noqa: E402
from entrypoints.container import build_container, running  # noqa: E402
from entrypoints.settings import Settings  # noqa: E402
from tests.support.page_server import PageServer  # noqa: E402
from tests.support.script_pages import SCRIPT_ONLY_TEXT, add_script_app  # noqa: E402


async def renderer_figures(server: PageServer, chromium: str, runs: int) -> tuple[float, list[float]]:
    process = ChromiumProcess(chromium)
    try:
        async with httpx.AsyncClient(trust_env=False, follow_redirects=False) as client:
            fetcher = SafePageFetcher(client, allow_private_networks=True)
            renderer = ChromiumRenderer(process, fetcher, timeout_seconds=60)
            page = await fetcher.fetch(server.url("/app"))
            timings = []
            for _ in range(runs + 1):
                started = time.perf_counter()
                rendered = await renderer.render(page)
                timings.append(time.perf_counter() - started)
                assert SCRIPT_ONLY_TEXT in rendered.body.decode(), "the script's text is missing"
            return timings[0], timings[1:]
    finally:
        await process.aclose()


async def web_fetch_figures(server: PageServer, chromium: str, runs: int) -> tuple[float, list[float]]:
    settings = Settings.from_values(
        {
            "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "true",
            "SEARCHRELAY_BROWSER": "auto",
            "SEARCHRELAY_BROWSER_PATH": chromium,
            "SEARCHRELAY_PAGE_TIMEOUT_SECONDS": "30",
            "SEARCHRELAY_DEADLINE_SECONDS": "60",
        }
    )
    async with running(build_container(settings)) as services:
        timings = []
        for run in range(runs + 1):
            started = time.perf_counter()
            page = await services.fetch_page.read(server.url(f"/app?run={run}"))
            timings.append(time.perf_counter() - started)
            assert SCRIPT_ONLY_TEXT in page.markdown, "the script's text is missing"
        return timings[0], timings[1:]


def line(label: str, cold: float, warm: list[float]) -> str:
    ordered = sorted(warm)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    median = statistics.median(warm)
    return f"{label}: cold {cold * 1000:.0f} ms; warm median {median * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    with PageServer({}) as server:
        add_script_app(server)
        print(line("renderer (Chromium started on demand)", *await renderer_figures(server, args.chromium, args.runs)))
        print(line("web_fetch (SEARCHRELAY_BROWSER=auto)", *await web_fetch_figures(server, args.chromium, args.runs)))


if __name__ == "__main__":
    asyncio.run(main())
