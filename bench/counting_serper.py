"""A Serper stand-in that counts calls per query, for bench/load.py. Runs as its own process.

Every POST is answered after ``--delay-ms`` (an upstream's latency) with ten results; GET /stats
answers ``{"calls": N, "per_query": {query: calls}}``. Prints its port on the first line of stdout.

Usage: python bench/counting_serper.py [--delay-ms 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter

ORGANIC = [{"title": f"Result {i}", "link": f"https://example.com/{i}", "snippet": "A snippet " * 8} for i in range(10)]
BODY = json.dumps({"searchParameters": {"q": "bench"}, "organic": ORGANIC}).encode()


def reply(body: bytes) -> bytes:
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
    return head + body


async def serve(delay: float) -> None:
    per_query: Counter[str] = Counter()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    (int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                     if line.lower().startswith(b"content-length:")), 0,
                )  # fmt: skip
                body = await reader.readexactly(length) if length else b""
                if head.startswith(b"GET /stats"):
                    stats = {"calls": sum(per_query.values()), "per_query": dict(per_query)}
                    writer.write(reply(json.dumps(stats).encode()))
                else:
                    per_query[json.loads(body).get("q", "")] += 1
                    await asyncio.sleep(delay)
                    writer.write(reply(BODY))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=1024)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay-ms", type=float, default=30.0)
    try:
        asyncio.run(serve(parser.parse_args().delay_ms / 1000))
    except KeyboardInterrupt:
        sys.exit(0)
