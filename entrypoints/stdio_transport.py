"""MCP over stdin and stdout, driven by the event loop.

The SDK's ``stdio_server`` moves every read, write and flush through a worker thread, about
0.8 ms a tool call. Here stdin and stdout are non-blocking pipes watched by the event loop
(``connect_read_pipe`` / ``connect_write_pipe``), and the SDK's session streams are fed and
drained by two small tasks. As the SDK does, fd 0 and fd 1 are moved aside while serving (fd 0
reads /dev/null, fd 1 writes to stderr) so that a stray ``print`` or a child process can never
corrupt the protocol channel; both are put back afterwards. When stdin or stdout is not a pipe
or a socket (a terminal, a regular file) the event loop cannot watch it, and the SDK's threaded
transport is used instead.

Lines are bounded: one longer than ``MAX_LINE_BYTES`` is dropped (the SDK's session sees a parse
error for it, as for any line that is not JSON-RPC) and reading goes on with the next line.

``stdio_lines`` hands the same pipes, line reader and guards to the plugin face, whose protocol is
JSON lines but not JSON-RPC.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import stat
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any, Protocol

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import jsonrpc_message_adapter

MAX_LINE_BYTES = 4 * 1024 * 1024
READ_CHUNK = 64 * 1024

Incoming = SessionMessage | Exception
Streams = tuple[MemoryObjectReceiveStream[Incoming], MemoryObjectSendStream[SessionMessage]]


Wire = tuple[asyncio.StreamReader, asyncio.WriteTransport, "_Flow"]


class LineTooLong(ValueError):
    pass


class LineWriter(Protocol):
    async def __call__(self, line: bytes, *, wait: bool = True) -> None: ...


@asynccontextmanager
async def stdio_streams() -> AsyncIterator[Any]:
    """The SDK's (read, write) session streams over this process's stdin and stdout."""
    if not stdio_is_piped():
        async with stdio_server() as streams:
            yield streams
        return
    with _claimed(0, os.O_RDONLY) as wire_in, _claimed(1, os.O_WRONLY) as wire_out:
        async with pipe_streams(wire_in, wire_out) as streams:
            yield streams


@asynccontextmanager
async def pipe_streams(wire_in: int, wire_out: int) -> AsyncIterator[Streams]:
    """The session streams over any pair of pipe (or socket) descriptors; neither is closed here."""
    async with _connected(wire_in, wire_out) as (reader, write_pipe, flow):
        to_session, from_wire = anyio.create_memory_object_stream[Incoming](0)
        to_wire, from_session = anyio.create_memory_object_stream[SessionMessage](0)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_read_lines, reader, to_session)
            tasks.start_soon(_write_lines, from_session, write_pipe, flow)
            try:
                yield from_wire, to_wire
            finally:
                tasks.cancel_scope.cancel()  # the server is done: stop waiting for stdin


def stdio_is_piped() -> bool:
    """Whether the event loop can watch stdin and stdout (pipes or sockets, as a runtime starts a tool)."""
    return _watchable(0) and _watchable(1)


@asynccontextmanager
async def stdio_lines() -> AsyncIterator[tuple[AsyncIterator[bytes | LineTooLong], LineWriter]]:
    """stdin's bounded lines and a writer of whole stdout lines, for a line protocol that is not MCP.

    Needs ``stdio_is_piped()``. fd 0 and fd 1 are moved aside meanwhile, as for MCP. The writer
    waits for room in the pipe unless told not to (a last word from a call being cancelled).
    """
    with _claimed(0, os.O_RDONLY) as wire_in, _claimed(1, os.O_WRONLY) as wire_out:
        async with _connected(wire_in, wire_out) as (reader, pipe, flow):

            async def write(line: bytes, *, wait: bool = True) -> None:
                if pipe.is_closing():
                    return  # the runtime stopped reading: nobody is left to answer
                pipe.write(line + b"\n")
                if wait:
                    await flow.drained()

            yield bounded_lines(reader), write


@asynccontextmanager
async def _connected(wire_in: int, wire_out: int) -> AsyncIterator[Wire]:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=READ_CHUNK)
    read_pipe, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(wire_in, "rb", buffering=0, closefd=False)
    )
    write_pipe, flow = await loop.connect_write_pipe(_Flow, os.fdopen(wire_out, "wb", buffering=0, closefd=False))
    try:
        yield reader, write_pipe, flow
    finally:
        read_pipe.close()
        write_pipe.close()
        _restore_blocking(wire_in, wire_out)


async def _read_lines(reader: asyncio.StreamReader, session: MemoryObjectSendStream[Incoming]) -> None:
    async with session:
        async for line in bounded_lines(reader):
            await session.send(line if isinstance(line, LineTooLong) else _parse(line))


async def bounded_lines(reader: asyncio.StreamReader) -> AsyncIterator[bytes | LineTooLong]:
    """Each line read, without its newline; a line longer than ``MAX_LINE_BYTES`` comes as ``LineTooLong``
    (never held whole in memory) and reading goes on with the next one."""
    line = bytearray()  # the start of a line whose end has not arrived yet
    skipping = False  # inside a line that was too long: drop bytes up to its end
    while chunk := await reader.read(READ_CHUNK):
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if not skipping:
                yield _too_long() if len(line) + end - start > MAX_LINE_BYTES else bytes(line) + chunk[start:end]
            line.clear()
            skipping, start = False, end + 1
        if skipping:
            continue
        if len(line) + len(chunk) - start > MAX_LINE_BYTES:
            yield _too_long()
            line.clear()
            skipping = True
        else:
            line += chunk[start:]
    if line.strip() and not skipping:  # the last message may lack its newline
        yield bytes(line)


def _too_long() -> LineTooLong:
    return LineTooLong(f"a message longer than {MAX_LINE_BYTES} bytes was dropped")


def _parse(line: bytes) -> Incoming:
    try:
        return SessionMessage(jsonrpc_message_adapter.validate_json(line, by_name=False))
    except Exception as error:  # the session answers it like the SDK's own stdio transport does
        return error


async def _write_lines(
    session: MemoryObjectReceiveStream[SessionMessage],
    pipe: asyncio.WriteTransport,
    flow: _Flow,
) -> None:
    async with session:
        async for item in session:
            if pipe.is_closing():
                break  # the client stopped reading: nobody is left to serve
            pipe.write(item.message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n")
            await flow.drained()


class _Flow(asyncio.Protocol):
    """Backpressure for the write pipe: ``drained()`` waits while the pipe's buffer is full."""

    def __init__(self) -> None:
        self._room = asyncio.Event()
        self._room.set()

    def pause_writing(self) -> None:
        self._room.clear()

    def resume_writing(self) -> None:
        self._room.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self._room.set()  # a writer waiting for room must not wait for ever

    async def drained(self) -> None:
        if not self._room.is_set():
            await self._room.wait()


def _watchable(fd: int) -> bool:
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


@contextmanager
def _claimed(fd: int, flags: int) -> Iterator[int]:
    """A private duplicate of ``fd`` for the protocol; ``fd`` itself points elsewhere meanwhile."""
    wire = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)
    aside = os.open(os.devnull, os.O_RDONLY) if flags == os.O_RDONLY else os.dup(2)
    os.dup2(aside, fd)
    os.close(aside)
    try:
        yield wire
    finally:
        os.dup2(wire, fd)
        os.close(wire)


def _restore_blocking(*fds: int) -> None:
    # The pipes are shared with the client; leave them as they were found.
    for fd in fds:
        with suppress(OSError):
            os.set_blocking(fd, True)
