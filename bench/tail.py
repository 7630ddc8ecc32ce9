"""Tail latency when the primary provider hangs: hedging cold and warm, no hedging, an open breaker.

Drives the real container through the in-process MCP client (``mcp.Client(build_server(...))``),
so every figure includes the whole server path; that path costs about a millisecond, which is
noise beside the seconds measured here. Serper and Tavily are ``FaultProvider`` servers on
127.0.0.1 (tests/support/fault_server.py, a ``FakeProvider`` with TCP_NODELAY): the primary
(Serper) hangs, the secondary (Tavily) answers after 50 ms. Settings are the defaults (hedge
cap 2.5 s, hedge floor 1 s, attempt timeout 10 s, deadline 20 s, breaker: 3 failures, 30 s
cooldown) except the cache, which is off so that every call goes upstream.

1. hedging, cold: no latency samples for the primary yet, so the cap (2.5 s) is the hedge delay.
2. hedging, warm: after 20 fast primary calls the p95 is known; clamped to the 1 s floor.
3. no hedging (SEARCHRELAY_HEDGE_AFTER_SECONDS=0): the attempt timeout runs out, then the fallback.
4. the primary answers 503 for good: once its breaker opens, a call costs what a call to the
   secondary alone costs (a container configured with Tavily only).

Each scenario gets a fresh container (fresh breakers and latency windows), its object graph built
before the clock starts (the container builds it on the first call otherwise: ~60 ms, mostly two
TLS contexts), and one throw-away call first warms the process (on its first tool call the MCP
client imports jsonschema to check structured output, ~0.1 s). Both are start-up costs, not what
the scenarios measure.

Prints figures, asserts nothing. Usage: python bench/tail.py [--calls 3] [--breaker-calls 40]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mcp import Client  # noqa: E402

from entrypoints.container import build_container  # noqa: E402
from entrypoints.mcp_server import build_server  # noqa: E402
from entrypoints.settings import Settings  # noqa: E402
from tests.support.fake_provider import FakeProvider, Reply, json_reply, serper_reply, tavily_reply  # noqa: E402
from tests.support.fault_server import FaultProvider  # noqa: E402

SECONDARY_DELAY = 0.05
PEER_HEDGED = 2.7  # seconds: the best peer that hedges, answering with a hung primary


def relay(serper: FakeProvider, tavily: FakeProvider, **env: Any) -> Client:
    values: dict[str, Any] = {
        "SERPER_API_KEY": "bench-serper-key",
        "TAVILY_API_KEY": "bench-tavily-key",
        "SERPER_BASE_URL": serper.url,
        "TAVILY_BASE_URL": tavily.url,
        "SEARCHRELAY_CACHE_TTL_SECONDS": 0,
        **env,
    }
    # The server's lifespan builds the object graph when the client connects, not in a timed call.
    return Client(build_server(build_container(Settings.from_values(values))))


async def timed(client: Client, query: str, expect: str) -> float:
    started = time.perf_counter()
    result = await client.call_tool("web_search", {"query": query})
    took = time.perf_counter() - started
    provider = (result.structured_content or {}).get("provider")
    if result.is_error or provider != expect:
        raise SystemExit(f"unexpected answer for {query!r}: {provider!r} {result.content}")
    return took


async def hung_primary(serper: FakeProvider, tavily: FakeProvider, calls: int, *, warm: int, **env: Any) -> list[float]:
    async with relay(serper, tavily, **env) as client:
        serper.answer(serper_reply(3))
        for i in range(warm):
            await timed(client, f"warm-up {i}", "serper")
        serper.answer(Reply(fault="hang"))
        return [await timed(client, f"hung primary {i}", "tavily") for i in range(calls)]


async def warm_process(serper: FakeProvider, tavily: FakeProvider) -> None:
    """One throw-away call on its own container (secondary only): the process's first tool call."""
    async with relay(serper, tavily, SEARCHRELAY_PROVIDERS="tavily") as client:
        await timed(client, "warm the process", "tavily")


async def breaker_open(serper: FakeProvider, tavily: FakeProvider, calls: int) -> tuple[list[float], list[float]]:
    serper.answer(json_reply(503, {"message": "Service Unavailable"}))
    async with relay(serper, tavily) as client:
        for i in range(3):  # three 503s in a row open the breaker
            await timed(client, f"tripping {i}", "tavily")
        before = serper.count
        open_calls = [await timed(client, f"breaker open {i}", "tavily") for i in range(calls)]
        if serper.count != before:
            raise SystemExit("the primary was called while its breaker was open")
    async with relay(serper, tavily, SEARCHRELAY_PROVIDERS="tavily") as client:
        alone = [await timed(client, f"secondary only {i}", "tavily") for i in range(calls)]
    return open_calls, alone


def row(label: str, seconds: list[float], goal: str) -> str:
    median, worst = statistics.median(seconds), max(seconds)
    return f"{label:<44} {median:>9.3f} s {worst:>9.3f} s   {goal}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=3, help="calls per hung-primary scenario")
    parser.add_argument("--breaker-calls", type=int, default=40)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)  # the chain's per-failure warnings are expected here

    serper, tavily = FaultProvider().start(), FaultProvider().start()
    tavily.answer(replace(tavily_reply(3), delay=SECONDARY_DELAY))
    try:
        asyncio.run(warm_process(serper, tavily))
        cold = asyncio.run(hung_primary(serper, tavily, args.calls, warm=0))
        warm = asyncio.run(hung_primary(serper, tavily, args.calls, warm=20))
        unhedged = asyncio.run(hung_primary(serper, tavily, 1, warm=0, SEARCHRELAY_HEDGE_AFTER_SECONDS=0))
        opened, alone = asyncio.run(breaker_open(serper, tavily, args.breaker_calls))
    finally:
        serper.stop()
        tavily.stop()

    print(f"primary hangs, secondary answers in {SECONDARY_DELAY * 1000:.0f} ms; in-process MCP client, cache off")
    print(f"{'scenario':<44} {'median':>11} {'worst':>11}   goal")
    print(row(f"hedging cold (cap 2.5 s), {args.calls} calls", cold, "<= 2.700 s (cap + 0.2 s)"))
    print(row(f"hedging warm (p95 -> 1 s floor), {args.calls} calls", warm, "<= 1.200 s"))
    print(row("no hedging (attempt timeout 10 s), 1 call", unhedged, "deadline-bound: ~10 s + 50 ms"))
    print(row(f"primary 503 for good, breaker open, {args.breaker_calls} calls", opened, ""))
    print(row(f"secondary only, {args.breaker_calls} calls", alone, ""))
    gap_ms = (statistics.median(opened) - statistics.median(alone)) * 1000
    print(f"{'breaker open minus secondary only (median)':<44} {gap_ms:>8.2f} ms {'':>11}   within 10 ms")
    print(f"peer comparison: the best peer that hedges answers a hung primary in {PEER_HEDGED:.1f} s")


if __name__ == "__main__":
    main()
