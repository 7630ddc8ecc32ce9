"""What the provider chain and the answer cache cost per call, with providers that answer at once.

1. ``ProviderChain.search`` with one fake provider and hedging off (nothing can be hedged: the
   attempt is awaited directly), and with two providers and hedging on (the first attempt races
   as a task against the hedge timer). Median microseconds per call.
2. ``MemoryCache``: a hit on a 10-result outcome, and a store into a full cache of 100 and of
   10,000 entries (each store also expires what is due). Median microseconds per operation.

No I/O: the providers are in-process fakes. ``--code PATH`` imports searchrelay from another
checkout (for before/after figures; the fake speaks both the plan/send and the older search API).
Prints figures, asserts nothing.

Usage: python -m bench.chain [--calls 5000] [--code PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class InstantProvider:
    """Answers at once with three results; speaks both port shapes."""

    capabilities = frozenset()  # the older port read this; no filters are asked for here

    def __init__(self, name: str) -> None:
        from domain.models import ProviderAnswer, WebSearchResult

        self.name = name
        self._answer = ProviderAnswer(
            results=[WebSearchResult(title=f"t{i}", link=f"https://{name}.example/{i}", snippet="s") for i in range(3)]
        )

    def plan(self, request: Any) -> Any:
        from domain.planning import WireRequest

        return WireRequest("POST", f"https://{self.name}.example/search", json={"q": request.query})

    async def send(self, wire: Any) -> Any:
        return self._answer

    async def search(self, request: Any) -> Any:
        return self._answer


async def chain_micros(providers: int, hedge_cap: float, calls: int) -> float:
    from adapters.clock import SystemClock
    from application.provider_chain import ProviderChain
    from application.provider_health import HedgePolicy, ProviderHealth
    from domain.models import SearchRequest
    from domain.redaction import Redactor

    clock = SystemClock()
    chain = ProviderChain(
        [InstantProvider(f"p{i}") for i in range(providers)],
        clock=clock,
        redactor=Redactor(()),
        health=ProviderHealth(clock, hedge_policy=HedgePolicy(cap_seconds=hedge_cap)),
        attempt_timeout=10,
        deadline=20,
    )
    request = SearchRequest(query="bench")
    timings = []
    for i in range(calls + 200):
        started = time.perf_counter()
        await chain.search(request)
        if i >= 200:  # warm-up excluded
            timings.append(time.perf_counter() - started)
    return statistics.median(timings) * 1e6


def outcome(query: str) -> Any:
    from domain.models import SearchOutcome

    results = [{"title": f"t{i}", "link": f"https://r.example/{i}", "snippet": "s" * 160} for i in range(10)]
    attempts = [{"provider": "serper", "outcome": "ok", "detail": "10 results in 300 ms"}]
    return SearchOutcome.model_validate(
        {"query": query, "provider": "serper", "results": results, "attempts": attempts, "took_ms": 300.0}
    )


async def cache_micros(entries: int, operations: int) -> tuple[float, float]:
    from adapters.cache.memory import MemoryCache
    from adapters.clock import SystemClock

    cache: Any = MemoryCache(SystemClock(), ttl_seconds=900, max_entries=entries)
    value = outcome("bench")
    for i in range(entries):
        await cache.set(f"k{i}", value)
    hits, stores = [], []
    for i in range(operations):
        started = time.perf_counter()
        await cache.get(f"k{entries - 1}")
        hits.append(time.perf_counter() - started)
        started = time.perf_counter()
        await cache.set(f"new{i}", value)  # the cache is full: each store evicts one
        stores.append(time.perf_counter() - started)
    return statistics.median(hits) * 1e6, statistics.median(stores) * 1e6


async def main(calls: int) -> None:
    fast = await chain_micros(1, 0.0, calls)
    alone_last = await chain_micros(1, 2.5, calls)
    racing = await chain_micros(2, 2.5, calls)
    print(f"chain, 1 provider, hedging off:            {fast:7.1f} us per call (median of {calls})")
    print(f"chain, 1 provider, hedging on:             {alone_last:7.1f} us per call")
    print(f"chain, 2 providers, hedging on (racing):   {racing:7.1f} us per call")
    for entries in (100, 10_000):
        hit, store = await cache_micros(entries, min(calls, 5000))
        print(f"cache of {entries:>6} entries: hit {hit:6.1f} us, store when full {store:7.1f} us")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--code", type=Path, default=ROOT, help="the searchrelay checkout to measure")
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    asyncio.run(main(args.calls))
