"""Load over HTTP: many concurrent agents against ``searchrelay serve --http`` replicas.

Starts a counting fake Serper (bench/counting_serper.py, its own process; each answer takes
``--upstream-ms``), then ``--replicas`` servers (``searchrelay serve --http --port 0``, each its own
process, the installed command) configured with that provider, bearer tokens, a rate limit out of
reach and, with ``--redis-url``, shared state in Redis. ``--clients`` concurrent clients then make
``--calls`` ``web_search`` calls in total (titles and snippets, no pages), spread round-robin over
the replicas, each as a plain stateless JSON-RPC POST with a bearer token; the queries are drawn
(seeded) from ``--distinct`` different ones, so most calls repeat a query another client asked.

Printed: throughput (calls/s), latency p50/p99/max, errors (goal 0: any non-200 or is_error), the
upstream calls per distinct query (goal 1: the cache and single-flight collapse repeats; without
Redis each replica asks once per query, so expect up to one per replica), and each replica's RSS
after start-up and after the run. The load generator shares the machine's cores with the servers
and the fake: figures are for this machine under this load. Asserts nothing.

Usage: python -m bench.load [--calls 10000] [--clients 200] [--replicas 1] [--distinct 500]
                            [--upstream-ms 30] [--redis-url redis://127.0.0.1:6379/0] [--redis-timeout 0.1]
                            [--seed 7] [--settle 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "load-bench-token-" + "0" * 24
_LISTENING = re.compile(rb"serving MCP on (http://\S+)")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    samples: dict[str, str] = field(default_factory=dict)  # the first text seen of each kind

    def error(self, kind: str, text: str = "") -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        self.samples.setdefault(kind, text[:300])


def start_fake(upstream_ms: float) -> tuple[subprocess.Popen[bytes], str]:
    fake = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "counting_serper.py"), "--delay-ms", str(upstream_ms)],
        stdout=subprocess.PIPE,
    )
    assert fake.stdout is not None
    return fake, f"http://127.0.0.1:{int(fake.stdout.readline())}"


def start_replica(env: dict[str, str], home: str) -> tuple[subprocess.Popen[bytes], str]:
    command = Path(sys.executable).parent / "searchrelay"
    replica = subprocess.Popen(
        [str(command), "serve", "--http", "--port", "0"],
        env={"PATH": os.environ.get("PATH", ""), "HOME": home, **env}, cwd=home,
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert replica.stderr is not None
    seen = b""
    while not (found := _LISTENING.search(seen)):
        ready, _, _ = select.select([replica.stderr], [], [], 60)
        chunk = os.read(replica.stderr.fileno(), 65536) if ready else b""
        if not chunk:
            raise SystemExit(f"a replica did not start: {seen.decode(errors='replace')}")
        seen += chunk
    return replica, found.group(1).decode()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def body(query: str, request_id: int) -> bytes:
    arguments = {"query": query, "num_results": 5, "return_full_pages": False}
    message = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
               "params": {"name": "web_search", "arguments": arguments}}  # fmt: skip
    return json.dumps(message).encode()


async def drive(urls: list[str], queries: list[str], clients: int, tally: Tally) -> float:
    headers = {"authorization": f"Bearer {TOKEN}", "content-type": "application/json",
               "accept": "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18"}  # fmt: skip
    next_call = iter(range(len(queries)))

    async def client() -> None:
        # A client of its own per agent, one keep-alive connection each: as agents are, and
        # without one shared pool's bookkeeping over 200 connections costing the generator.
        async with httpx.AsyncClient(headers=headers, timeout=120, limits=httpx.Limits(max_connections=1)) as http:
            for n in next_call:
                started = time.perf_counter()
                try:
                    reply = await http.post(urls[n % len(urls)], content=body(queries[n], n))
                except httpx.HTTPError as failure:
                    tally.error(type(failure).__name__)
                    continue
                tally.latencies.append(time.perf_counter() - started)
                if reply.status_code != 200:
                    tally.error(f"HTTP {reply.status_code}", reply.text)
                elif "error" in (answer := reply.json()) or answer["result"].get("isError"):
                    tally.error("tool error", json.dumps(answer.get("error") or answer["result"]["content"]))

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return time.perf_counter() - started


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=1000)[int(q * 10) - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--distinct", type=int, default=500)
    parser.add_argument("--upstream-ms", type=float, default=30.0)
    parser.add_argument("--redis-url", help="shared state for the replicas (SEARCHRELAY_REDIS_URL)")
    parser.add_argument("--redis-timeout", type=float, help="SEARCHRELAY_REDIS_TIMEOUT_SECONDS (default: the server's)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--settle", type=float, default=5.0,
        help="seconds to wait after start-up: the extraction workers' fork server imports its libraries then",
    )  # fmt: skip
    args = parser.parse_args()

    rng = random.Random(args.seed)
    queries = [f"load query {rng.randrange(args.distinct)}" for _ in range(args.calls)]
    fake, fake_url = start_fake(args.upstream_ms)
    env = {"SERPER_API_KEY": "serper-load-bench-key", "SERPER_BASE_URL": fake_url, "SEARCHRELAY_HTTP_TOKENS": TOKEN,
           "SEARCHRELAY_HTTP_RATE_PER_SECOND": "100000", "SEARCHRELAY_HTTP_RATE_BURST": "1000000",
           "SEARCHRELAY_CACHE_MAX_ENTRIES": str(max(100, args.distinct * 2)),
           "SEARCHRELAY_LOG_LEVEL": "ERROR"}  # fmt: skip
    if args.redis_url:
        env["SEARCHRELAY_REDIS_URL"] = args.redis_url
    if args.redis_timeout is not None:
        env["SEARCHRELAY_REDIS_TIMEOUT_SECONDS"] = str(args.redis_timeout)
    replicas: list[subprocess.Popen[bytes]] = []
    try:
        with tempfile.TemporaryDirectory() as home:
            urls = []
            for _ in range(args.replicas):
                replica, url = start_replica(env, home)
                replicas.append(replica)
                urls.append(url)
            time.sleep(args.settle)
            before = [rss_mb(r.pid) for r in replicas]
            cpu_before = [cpu_seconds(r.pid) for r in replicas]
            own_before = time.process_time()
            tally = Tally()
            elapsed = asyncio.run(drive(urls, queries, args.clients, tally))
            own_cpu = time.process_time() - own_before
            cpu = [cpu_seconds(r.pid) - c for r, c in zip(replicas, cpu_before, strict=True)]
            after = [rss_mb(r.pid) for r in replicas]
            stats = httpx.get(f"{fake_url}/stats").json()
    finally:
        for process in (*replicas, fake):
            process.terminate()
            process.wait(timeout=60)

    distinct = len(set(queries))
    latencies = sorted(tally.latencies)
    print(f"load: {args.calls} web_search calls, {args.clients} concurrent clients, {args.replicas} replica(s)"
          f"{' with Redis' if args.redis_url else ', no Redis'}, {distinct} distinct queries,"
          f" upstream {args.upstream_ms:g} ms (2 cores shared with the load generator and the fake)")  # fmt: skip
    print(f"  throughput        {args.calls / elapsed:8.0f} calls/s ({elapsed:.1f} s)")
    print(f"  latency p50       {percentile(latencies, 50) * 1000:8.1f} ms")
    print(f"  latency p99       {percentile(latencies, 99) * 1000:8.1f} ms")
    print(f"  latency max       {latencies[-1] * 1000:8.1f} ms")
    print(f"  errors            {sum(tally.errors.values()):8d} {tally.errors or ''}")
    for kind, text in tally.samples.items():
        print(f"    first {kind}: {text}")
    per_query = list(stats["per_query"].values())
    print(f"  upstream calls    {stats['calls']:8d} for {distinct} distinct queries: "
          f"{stats['calls'] / distinct:.2f} per query (max {max(per_query, default=0)})")  # fmt: skip
    for n, (rss_before, rss_after) in enumerate(zip(before, after, strict=True), start=1):
        print(f"  replica {n} RSS     {rss_before:8.1f} MB after start-up -> {rss_after:.1f} MB after the run")
    per_call = [f"{seconds * 1000 / args.calls * len(cpu):.2f}" for seconds in cpu]
    print(f"  CPU per call      replicas {', '.join(per_call)} ms; load generator {own_cpu * 1000 / args.calls:.2f} ms")


if __name__ == "__main__":
    main()
