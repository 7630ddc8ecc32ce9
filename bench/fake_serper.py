"""A minimal Serper stand-in for benches: answers every POST at once, keep-alive, in its own process.

Run as a subprocess so that its work does not share the GIL with what is being measured;
it prints its port on the first line of stdout.
"""

from __future__ import annotations

import asyncio
import json
import sys

ORGANIC = [{"title": f"Result {i}", "link": f"https://example.com/{i}", "snippet": "A snippet " * 8} for i in range(10)]
BODY = json.dumps({"searchParameters": {"q": "bench"}, "organic": ORGANIC}).encode()
HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(BODY)


async def read_request(reader: asyncio.StreamReader) -> tuple[bytes, bytes]:
    """One keep-alive HTTP/1.1 request: (head, body). Enough HTTP for a bench's fake server."""
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return head, await reader.readexactly(length) if length else b""


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            await read_request(reader)
            writer.write(HEAD + BODY)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        writer.close()


async def main() -> None:
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
