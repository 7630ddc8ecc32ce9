"""The search cache and single flight, measured at the use case (``container.web_search().run``).

1. Cache hit latency: one call fills the cache, then ``--hits`` identical calls (the query in other
   case and spacing, which normalizes to the same key) are timed one by one; p50 and p99.
   Goal: p50 <= 0.2 ms.
2. ``--concurrent`` identical cold calls at once, the fake Serper answering after 0.2 s: how many
   requests reach it. With the cache on, and with the cache off (single flight alone has to hold
   the line). Goal: 1.

The real container, with Serper played by a ``FaultProvider`` server on 127.0.0.1
(tests/support/fault_server.py). Prints figures, asserts nothing.

Usage: python bench/cache.py [--hits 20000] [--concurrent 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.web_search import WebSearch  # noqa: E402
from domain.models import SearchRequest  # noqa: E402
from entrypoints.container import Container, build_container, running  # noqa: E402
from entrypoints.settings import Settings  # noqa: E402
from tests.support.fake_provider import serper_reply  # noqa: E402
from tests.support.fault_server import FaultProvider  # noqa: E402


def container(serper: FaultProvider, **env: Any) -> Container:
    values = {"SERPER_API_KEY": "bench-serper-key", "SERPER_BASE_URL": serper.url, **env}
    return build_container(Settings.from_values(values))


async def hit_latencies(serper: FaultProvider, hits: int) -> tuple[list[float], int]:
    async with running(container(serper)) as services:
        return await _hits(services.web_search, serper, hits)


async def _hits(web_search: WebSearch, serper: FaultProvider, hits: int) -> tuple[list[float], int]:
    await web_search.run(SearchRequest(query="Model Context Protocol"))
    before = serper.count
    timings = []
    for i in range(hits):
        request = SearchRequest(query="  model context PROTOCOL " if i % 2 else "Model Context Protocol")
        started = time.perf_counter()
        outcome = await web_search.run(request)
        timings.append(time.perf_counter() - started)
        if not outcome.cached:
            raise SystemExit("a hit was expected")
    return timings, serper.count - before


async def concurrent_cold(serper: FaultProvider, calls: int, ttl: float) -> tuple[int, int, float]:
    async with running(container(serper, SEARCHRELAY_CACHE_TTL_SECONDS=ttl)) as services:
        return await _concurrent(services.web_search, serper, calls)


async def _concurrent(web_search: WebSearch, serper: FaultProvider, calls: int) -> tuple[int, int, float]:
    before = serper.count
    started = time.perf_counter()
    outcomes = await asyncio.gather(
        *(web_search.run(SearchRequest(query="everyone asks this")) for _ in range(calls)), return_exceptions=True
    )
    took = time.perf_counter() - started
    succeeded = sum(1 for o in outcomes if not isinstance(o, BaseException))
    return serper.count - before, succeeded, took


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hits", type=int, default=20_000)
    parser.add_argument("--concurrent", type=int, default=1000)
    args = parser.parse_args()

    serper = FaultProvider().start()
    try:
        serper.answer(serper_reply(10))
        timings, upstream_during_hits = asyncio.run(hit_latencies(serper, args.hits))
        serper.answer(replace(serper_reply(10), delay=0.2))
        with_cache = asyncio.run(concurrent_cold(serper, args.concurrent, ttl=900))
        without_cache = asyncio.run(concurrent_cold(serper, args.concurrent, ttl=0))
    finally:
        serper.stop()

    p50, p99 = statistics.median(timings) * 1000, percentile(timings, 0.99) * 1000
    print("cache hits at the use case (WebSearch.run), in-process")
    print(f"  hits timed                          {args.hits}")
    print(f"  hit latency p50                     {p50:.4f} ms   (goal <= 0.2 ms)")
    print(f"  hit latency p99                     {p99:.4f} ms")
    print(f"  upstream requests during the hits   {upstream_during_hits}   (goal 0)")
    print(f"{args.concurrent} concurrent identical cold calls, upstream answering after 200 ms")
    for label, (upstream, ok, took) in (("cache on ", with_cache), ("cache off", without_cache)):
        print(
            f"  {label}: upstream requests        {upstream}   (goal 1); "
            f"{ok}/{args.concurrent} succeeded in {took * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
