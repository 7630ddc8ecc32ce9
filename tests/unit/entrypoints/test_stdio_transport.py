"""The event-loop stdio transport over real pipes: lines in, session messages out, and back.

``pipe_streams`` is what ``stdio_streams`` runs on the process's own stdin and stdout; here it runs
on ``os.pipe()`` pairs the test holds both ends of.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pytest
from mcp.shared.message import SessionMessage
from mcp.types import JSONRPCRequest, JSONRPCResponse

from entrypoints.stdio_transport import MAX_LINE_BYTES, LineTooLong, pipe_streams

pytestmark = pytest.mark.anyio


@asynccontextmanager
async def transport() -> AsyncIterator[tuple[int, int, Any, Any]]:
    """(fd the client writes to, fd the client reads from, read stream, write stream)."""
    server_in, client_out = os.pipe()
    client_in, server_out = os.pipe()
    try:
        async with pipe_streams(server_in, server_out) as (read, write):
            yield client_out, client_in, read, write
    finally:
        for fd in (server_in, server_out, client_in):
            os.close(fd)
        with contextlib.suppress(OSError):  # the test may have closed it to send EOF
            os.close(client_out)


def ping(request_id: int) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "ping"}).encode() + b"\n"


async def write_all(fd: int, data: bytes) -> None:
    # A pipe holds 64 KiB; the server reads concurrently, so feed it from a worker thread.
    await anyio.to_thread.run_sync(lambda: _write_all(fd, data))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


async def received(read: Any, count: int) -> list[Any]:
    with anyio.fail_after(10):  # a guard against a hang, not a timing expectation
        return [await read.receive() for _ in range(count)]


def request_ids(items: list[Any]) -> list[Any]:
    return [i.message.id if isinstance(i, SessionMessage) else type(i).__name__ for i in items]


async def test_lines_become_session_messages_whatever_the_chunking() -> None:
    async with transport() as (client_out, _, read, _):
        await write_all(client_out, ping(1) + ping(2)[:10])
        await write_all(client_out, ping(2)[10:] + ping(3))
        items = await received(read, 3)
    assert request_ids(items) == [1, 2, 3]
    assert all(isinstance(i.message, JSONRPCRequest) for i in items)


async def test_garbage_is_passed_on_as_an_error_and_reading_goes_on() -> None:
    async with transport() as (client_out, _, read, _):
        await write_all(client_out, b"not json at all\n" + ping(4))
        first, second = await received(read, 2)
    assert isinstance(first, Exception) and not isinstance(first, SessionMessage)
    assert request_ids([second]) == [4]


@pytest.mark.parametrize("extra", [0, 1, 65536 * 3], ids=["at the limit", "one byte over", "far over"])
async def test_a_line_over_the_limit_is_dropped_whole_and_the_next_one_is_read(extra: int) -> None:
    line = b'{"pad": "' + b"a" * (MAX_LINE_BYTES - 11 + extra) + b'"}'  # MAX_LINE_BYTES + extra long
    assert len(line) == MAX_LINE_BYTES + extra
    oversized = line + b"\n"  # the newline does not count
    async with transport() as (client_out, _, read, _):
        await write_all(client_out, oversized + ping(5))
        items = await received(read, 2)
    if extra == 0:
        assert isinstance(items[0], Exception) and not isinstance(items[0], LineTooLong)  # read, just not JSON-RPC
    else:
        assert isinstance(items[0], LineTooLong)
    assert request_ids(items[1:]) == [5]


async def test_the_last_line_needs_no_newline_and_eof_ends_the_read_stream() -> None:
    async with transport() as (client_out, _, read, _):
        await write_all(client_out, ping(6) + ping(7).rstrip(b"\n"))
        os.close(client_out)
        items = await received(read, 2)
        with anyio.fail_after(10), pytest.raises(anyio.EndOfStream):
            await read.receive()
    assert request_ids(items) == [6, 7]


async def test_messages_from_the_session_go_out_as_json_lines() -> None:
    async with transport() as (_, client_in, _, write):
        await write.send(SessionMessage(JSONRPCResponse(jsonrpc="2.0", id=8, result={"ok": True})))
        with anyio.fail_after(10):
            line = await anyio.to_thread.run_sync(lambda: os.read(client_in, 65536))
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"jsonrpc": "2.0", "id": 8, "result": {"ok": True}}
