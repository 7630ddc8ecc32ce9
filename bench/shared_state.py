"""Shared state in Redis, measured at the use case: what a hit costs, and one upstream call for many replicas.

1. Cache hit latency (``WebSearch.run``, in-process), memory and Redis: one call fills the
   cache, then ``--hits`` identical calls are timed one by one; p50 and p99. With Redis every hit
   is a GET and a JSON parse of the answer (10 results).
2. ``--concurrent`` identical cold calls at once, split over two containers (two replicas in one
   process, each with its own single flight) sharing one Redis, the fake Serper answering after
   0.2 s: how many requests reach it (goal 1) and how many calls succeeded.
3. The same after Redis is killed: every call still succeeds (each replica falls back to its own
   state, so the goal is then one upstream call per replica).

A real redis-server started on 127.0.0.1 on a free port in a temporary folder; Serper played by a
``FaultProvider`` on 127.0.0.1. Prints figures, asserts nothing.

Usage: python -m bench.shared_state [--hits 5000] [--concurrent 200]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.cache import percentile
from domain.models import SearchRequest
from entrypoints.container import Services, build_container, running
from entrypoints.settings import Settings
from tests.support.fake_provider import serper_reply
from tests.support.fault_server import FaultProvider
from tests.support.redis_server import RedisServer


def settings(serper: FaultProvider, redis: RedisServer | None) -> Settings:
    values: dict[str, Any] = {"SERPER_API_KEY": "bench-serper-key", "SERPER_BASE_URL": serper.url}
    if redis is not None:
        values["SEARCHRELAY_REDIS_URL"] = redis.url
    return Settings.from_values(values)


async def hit_latencies(serper: FaultProvider, redis: RedisServer | None, hits: int) -> list[float]:
    async with running(build_container(settings(serper, redis))) as services:
        await services.web_search.run(SearchRequest(query=f"hits {redis is not None}"))
        timings = []
        for _ in range(hits):
            started = time.perf_counter()
            outcome = await services.web_search.run(SearchRequest(query=f"hits {redis is not None}"))
            timings.append(time.perf_counter() - started)
            if not outcome.cached:
                raise SystemExit("a hit was expected")
        return timings


async def two_replicas(
    serper: FaultProvider, redis: RedisServer, calls: int, query: str, kill_first: bool = False
) -> tuple[int, int, float]:
    async with AsyncExitStack() as stack:
        replicas: list[Services] = [
            await stack.enter_async_context(running(build_container(settings(serper, redis)))) for _ in range(2)
        ]
        if kill_first:
            redis.kill()
        before = serper.count
        started = time.perf_counter()
        outcomes = await asyncio.gather(
            *(replicas[i % 2].web_search.run(SearchRequest(query=query)) for i in range(calls)),
            return_exceptions=True,
        )
        took = time.perf_counter() - started
    succeeded = sum(1 for o in outcomes if not isinstance(o, BaseException))
    return serper.count - before, succeeded, took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hits", type=int, default=5000)
    parser.add_argument("--concurrent", type=int, default=200)
    args = parser.parse_args()
    if shutil.which("redis-server") is None:
        raise SystemExit("redis-server is not installed (Debian package redis-server)")

    serper = FaultProvider().start()
    with tempfile.TemporaryDirectory() as folder:
        redis = RedisServer(Path(folder)).start()
        try:
            serper.answer(serper_reply(10))
            memory = asyncio.run(hit_latencies(serper, None, args.hits))
            shared = asyncio.run(hit_latencies(serper, redis, args.hits))
            serper.answer(replace(serper_reply(10), delay=0.2))
            cold = asyncio.run(two_replicas(serper, redis, args.concurrent, "everyone asks this"))
            down = asyncio.run(two_replicas(serper, redis, args.concurrent, "asked with redis gone", kill_first=True))
        finally:
            redis.kill()
            serper.stop()

    print("cache hits at the use case (WebSearch.run), in-process, 10 results an answer")
    for label, timings in (("memory", memory), ("redis ", shared)):
        p50, p99 = statistics.median(timings) * 1000, percentile(timings, 0.99) * 1000
        print(f"  {label}: hit p50 {p50:.3f} ms, p99 {p99:.3f} ms ({len(timings)} hits)")
    print(f"{args.concurrent} concurrent identical cold calls over two replicas, upstream answering after 200 ms")
    for label, (upstream, ok, took) in (("redis up  ", cold), ("redis down", down)):
        goal = "goal 1" if label.startswith("redis up") else "goal <= 2: one per replica"
        outcome = f"{ok}/{args.concurrent} succeeded in {took * 1000:.0f} ms"
        print(f"  {label}: upstream requests {upstream} ({goal}); {outcome}")


if __name__ == "__main__":
    main()
