"""Soak: 10,000 searches through the use case against providers that fail 20% of the time.

Drives ``container.web_search().run`` (the real container, real adapters, real HTTP) with
``--workers`` concurrent callers. Serper and Tavily are ``FaultProvider`` servers
(tests/support/fault_server.py) in a child process, so that their threads and their request log
count neither against this process's CPU nor its memory. Each answers from a seeded pool in
which 20% of the replies are faults: 500/502/503, 429 (some with Retry-After: 0), a connection
reset mid-body, non-JSON, JSON of the wrong shape, an answer slower than the attempt timeout,
a hang. Error bodies echo the caller's key, as careless providers do.

Timeouts are kept short (attempt 0.25 s, deadline 1 s, hedge cap 0.15 s) so that hedging and
timeouts happen hundreds of times; the cache is off so every call goes upstream. The breakers
trip after 5 consecutive failures (cooldown 0.5 s) and Retry-After says 0: with the default of 3
and a cooldown, both providers are soon open at once, and callers that never pause then burn
through thousands of calls in microseconds each without a single request going upstream, which
soaks nothing. Breaker trips still happen, just rarely; tests/integration/test_resilience.py
proves the breakers themselves.

Printed: unhandled exceptions (anything but ``SearchFailed``; goal 0), key values found in any
output (rendered Markdown, structured JSON, error text) or any log record at DEBUG (goal 0),
RSS growth between call 1,000 and call 10,000 (goal < 20 MB), calls/s, and how the calls ended.
Asserts nothing.

Usage: python bench/soak.py [--calls 10000] [--workers 16] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SERPER_KEY = "serper-SOAK-6e5d4c3b2a190817"
TAVILY_KEY = "tvly-SOAK-0f1e2d3c4b5a6978"
KEYS = (SERPER_KEY, TAVILY_KEY)
POOL = 30_000  # replies queued per fake; past that they answer normally


# --- the child process: the fake providers ------------------------------------------------------


def serve(seed: int) -> None:
    from tests.support.fake_provider import Reply, json_reply, serper_reply, tavily_reply
    from tests.support.fault_server import FaultProvider

    def pool(name: str, key: str, rng: random.Random) -> list[Reply]:
        good = serper_reply(5) if name == "serper" else tavily_reply(5)
        faults = [
            (0.04, json_reply(500, {"message": f"internal error for key {key}"})),
            (0.01, Reply(502, b"<html>Bad Gateway</html>", "text/html")),
            (0.02, json_reply(503, {"error": "Service Unavailable"})),
            (0.03, json_reply(429, {"message": f"slow down, {key}"})),
            (0.01, json_reply(429, {"message": "Too many requests"}, headers=(("Retry-After", "0"),))),
            (0.03, replace(good, fault="reset")),
            (0.02, Reply(200, f"oops {key}".encode(), "application/json")),
            (0.01, json_reply(200, {"organic": 42, "results": 42})),
            (0.02, replace(good, delay=0.5)),  # beyond the 0.25 s attempt timeout
            (0.01, Reply(fault="hang")),
        ]
        replies = []
        for _ in range(POOL):
            roll, chosen = rng.random(), good
            for share, fault in faults:
                if roll < share:
                    chosen = fault
                    break
                roll -= share
            replies.append(chosen)
        return replies

    rng = random.Random(seed)
    servers = {}
    for name, key in (("serper", SERPER_KEY), ("tavily", TAVILY_KEY)):
        server = FaultProvider().start()
        server.answer(serper_reply(5) if name == "serper" else tavily_reply(5))
        server.then(*pool(name, key, rng))
        servers[name] = server
    print(servers["serper"].url, servers["tavily"].url, flush=True)
    sys.stdin.read()  # until the parent closes our stdin
    for server in servers.values():
        server.stop()


# --- the parent: the soak ------------------------------------------------------------------------


class LeakCounter(logging.Handler):
    """Formats every record (message and traceback) and counts those holding a key value."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.records = 0
        self.leaks = 0

    def emit(self, record: logging.LogRecord) -> None:
        text = self.format(record)
        self.records += 1
        self.leaks += any(key in text for key in KEYS)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Figures:
    took: float = 0.0
    ended: Counter[str] = field(default_factory=Counter)
    attempts: Counter[str] = field(default_factory=Counter)
    unhandled: list[str] = field(default_factory=list)
    output_leaks: int = 0
    rss: dict[int, float] = field(default_factory=dict)  # completed calls -> VmRSS in MB


async def soak(serper_url: str, tavily_url: str, calls: int, workers: int) -> Figures:
    from entrypoints.container import build_container, running
    from entrypoints.settings import Settings

    settings = Settings.from_values(
        {
            "SERPER_API_KEY": SERPER_KEY,
            "TAVILY_API_KEY": TAVILY_KEY,
            "SERPER_BASE_URL": serper_url,
            "TAVILY_BASE_URL": tavily_url,
            "SEARCHRELAY_TIMEOUT_SECONDS": 0.25,
            "SEARCHRELAY_DEADLINE_SECONDS": 1.0,
            "SEARCHRELAY_HEDGE_AFTER_SECONDS": 0.15,
            "SEARCHRELAY_HEDGE_MIN_SECONDS": 0.05,
            "SEARCHRELAY_BREAKER_FAILURES": 5,
            "SEARCHRELAY_BREAKER_COOLDOWN_SECONDS": 0.5,
            "SEARCHRELAY_BREAKER_MAX_COOLDOWN_SECONDS": 2.0,
            "SEARCHRELAY_CACHE_TTL_SECONDS": 0,
        }
    )
    async with running(build_container(settings)) as services:
        return await _soak(services.web_search, calls, workers)


async def _soak(web_search: Any, calls: int, workers: int) -> Figures:
    from domain.models import SearchFailed, SearchRequest
    from entrypoints import provider_catalog
    from entrypoints.rendering import render_failure, render_outcome

    key_variables = provider_catalog.key_variables()
    figures = Figures()
    next_call = 0
    done = 0

    async def worker() -> None:
        nonlocal next_call, done
        while next_call < calls:
            number, next_call = next_call, next_call + 1
            try:
                outcome = await web_search.run(SearchRequest(query=f"soak query {number}", num_results=5))
                texts = [render_outcome(outcome), outcome.model_dump_json()]
                figures.ended[f"answered by {outcome.provider}"] += 1
                figures.attempts.update(a.outcome for a in outcome.attempts)
            except SearchFailed as failed:
                texts = [render_failure(failed, key_variables), *(a.detail for a in failed.attempts)]
                figures.ended[f"failed: {failed.kind.value if failed.kind else 'no kind'}"] += 1
                figures.attempts.update(a.outcome for a in failed.attempts)
            except Exception as error:  # the figure this bench exists for
                figures.unhandled.append(f"{type(error).__name__}: {error}")
                texts = [str(error)]
            figures.output_leaks += sum(1 for text in texts for key in KEYS if key in text)
            done += 1
            if done in (1_000, calls):
                gc.collect()
                figures.rss[done] = rss_mb()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(workers)))
    figures.took = time.perf_counter() - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.seed)
        return

    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--seed", str(args.seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # socketserver prints a traceback for every reset connection
        text=True,
    )
    assert child.stdout is not None
    assert child.stdin is not None
    serper_url, tavily_url = child.stdout.readline().split()
    counter = LeakCounter()
    root = logging.getLogger()
    root.addHandler(counter)
    root.setLevel(logging.DEBUG)
    try:
        figures = asyncio.run(soak(serper_url, tavily_url, args.calls, args.workers))
    finally:
        root.removeHandler(counter)
        child.stdin.close()
        child.wait(timeout=30)

    rss, unhandled, took = figures.rss, figures.unhandled, figures.took
    growth = rss.get(args.calls, float("nan")) - rss.get(1_000, float("nan"))
    print(f"soak: {args.calls} calls, {args.workers} concurrent callers, 20% faulty provider replies, seed {args.seed}")
    print(f"  unhandled exceptions            {len(unhandled)}   (goal 0)")
    for line in Counter(unhandled).most_common(5):
        print(f"      {line[1]} x {line[0][:160]}")
    print(f"  key values in outputs           {figures.output_leaks}   (goal 0)")
    print(f"  key values in log records       {counter.leaks} of {counter.records} records at DEBUG   (goal 0)")
    print(
        f"  RSS at call 1,000 / {args.calls:,}      {rss.get(1_000, float('nan')):.1f} MB / "
        f"{rss.get(args.calls, float('nan')):.1f} MB"
    )
    print(f"  RSS growth                      {growth:+.1f} MB   (goal < 20 MB)")
    print(f"  throughput                      {args.calls / took:.0f} calls/s ({took:.1f} s)")
    print("  calls ended: " + json.dumps(dict(sorted(figures.ended.items()))))
    print("  attempts:    " + json.dumps(dict(sorted(figures.attempts.items()))))


if __name__ == "__main__":
    main()
