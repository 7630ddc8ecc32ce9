"""How long web_search(return_full_pages=True) takes when every page is slow.

A helper process (this file with --serve) plays both Serper and the web: a POST answers at once
with 10 results linking back to it, a GET answers after --delay-ms (300 ms) with a realistic
article. Through the in-process MCP client and the real container (private networks allowed,
the helper is on 127.0.0.1) we measure:

  * the slowest single page: web_fetch of each of the 10 pages, one at a time;
  * the whole web_search(num_results=10, return_full_pages=True), median of --runs calls;
  * their ratio. Goal: <= 1.5 x the slowest single page.

With the default SEARCHRELAY_PAGE_CONCURRENCY=5, 10 pages are read in two waves, so the floor
is about 2 x 300 ms and the ratio about 2; the run is repeated with concurrency 10 (one wave).

Usage: python bench/pages.py [--runs 5] [--delay-ms 300]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PAGES = 10


# --- the helper process ------------------------------------------------------------------------


async def serve(delay: float) -> None:
    from bench.fake_serper import read_request
    from tests.support.page_server import article_html

    page = article_html().encode("utf-8")
    page_head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n\r\n" % len(page)

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        port = writer.get_extra_info("sockname")[1]
        try:
            while True:
                head, body = await read_request(reader)
                if head.startswith(b"POST"):
                    query = json.loads(body or b"{}").get("q", "")
                    organic = [
                        {"title": f"Page {i}", "link": f"http://127.0.0.1:{port}/page/{query}/{i}", "snippet": "s"}
                        for i in range(PAGES)
                    ]
                    payload = json.dumps({"searchParameters": {"q": query}, "organic": organic}).encode()
                    writer.write(
                        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                        % len(payload)
                        + payload
                    )
                else:
                    await asyncio.sleep(delay)
                    writer.write(page_head + page)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


def start_helper(delay_ms: int) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, str(Path(__file__).resolve()), "--serve", "--delay-ms", str(delay_ms)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    return proc, f"http://127.0.0.1:{proc.stdout.readline().strip()}"


# --- the measurement ---------------------------------------------------------------------------


async def measure(base_url: str, concurrency: int, runs: int) -> dict[str, Any]:
    from mcp import Client

    from entrypoints.container import build_container
    from entrypoints.mcp_server import build_server
    from entrypoints.settings import Settings

    settings = Settings.from_values(
        {
            "SERPER_API_KEY": "bench-key",
            "SERPER_BASE_URL": base_url,
            "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": True,
            "SEARCHRELAY_PAGE_CONCURRENCY": concurrency,
        }
    )
    async with Client(build_server(build_container(settings))) as client:
        # Warm-up: the first extraction imports trafilatura and friends.
        await client.call_tool("web_fetch", {"url": f"{base_url}/page/warm/0"})
        await client.call_tool("web_search", {"query": "warm", "num_results": PAGES, "return_full_pages": True})

        singles = []
        for i in range(PAGES):
            started = time.perf_counter()
            fetched = await client.call_tool("web_fetch", {"url": f"{base_url}/page/single/{i}"})
            singles.append(time.perf_counter() - started)
            assert not fetched.is_error, fetched.content

        totals = []
        for run in range(runs):
            arguments = {"query": f"c{concurrency}r{run}", "num_results": PAGES, "return_full_pages": True}
            started = time.perf_counter()
            result = await client.call_tool("web_search", arguments)
            totals.append(time.perf_counter() - started)
            assert result.structured_content is not None, result.content
            contents = [r["page_content"] for r in result.structured_content["results"]]
            assert len(contents) == PAGES, contents
            assert all("## Checklist" in c for c in contents), contents
    return {"slowest": max(singles), "single_median": statistics.median(singles), "totals": totals}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--delay-ms", type=int, default=300)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(args.delay_ms / 1000))
        return

    proc, base_url = start_helper(args.delay_ms)
    try:
        results = {c: asyncio.run(measure(base_url, c, args.runs)) for c in (5, 10)}
    finally:
        proc.terminate()
        proc.wait()
    print(f"{PAGES} results, every page answers after {args.delay_ms} ms; median of {args.runs} searches")
    for concurrency, found in results.items():
        slowest, total = found["slowest"], statistics.median(found["totals"])
        label = "default" if concurrency == 5 else "SEARCHRELAY_PAGE_CONCURRENCY=10"
        print(f"concurrency {concurrency:>2} ({label})")
        median = found["single_median"] * 1000
        print(f"  slowest single web_fetch        {slowest * 1000:7.1f} ms   (median {median:.1f} ms)")
        print(
            f"  web_search(return_full_pages)   {total * 1000:7.1f} ms   "
            f"(min {min(found['totals']) * 1000:.1f}, max {max(found['totals']) * 1000:.1f})"
        )
        print(f"  ratio total / slowest single    {total / slowest:7.2f}      (goal <= 1.5)")


if __name__ == "__main__":
    main()
