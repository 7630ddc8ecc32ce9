"""``FakeProvider`` plus two faults it does not play as wanted: a huge body, and a real reset.

- A huge body: ``FakeProvider`` sends ``Reply.body`` in one write, so a 50 MB answer would need a
  50 MB bytes object per test. For a ``HugeReply`` this server declares ``size`` bytes and streams
  them in chunks of one preallocated buffer until the client hangs up (the adapter stops reading
  at its own cap) or the server stops.
- A reset: ``FakeProvider``'s ``fault="reset"`` calls ``close()`` on the socket while the
  handler's ``rfile`` (a ``makefile()`` reader) still references it, so the descriptor stays open, no RST is sent
  and the client just waits for the rest of the body (a timeout, not a reset). Here the reader is
  closed first, so ``SO_LINGER 0`` really turns the close into an RST mid-body.

And one thing it does not record: whether the client gave up. Here a hang or a delay watches the
connection, and a client that hangs up while the server is still "thinking" is counted in
``hung_up``: proof from the wire that a cancelled request really was cancelled.

Every other reply is served by ``FakeProvider``'s own code.
"""

from __future__ import annotations

import select
import socket
import time
from dataclasses import dataclass, replace
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.fake_provider import FakeProvider, Recorded, Reply, _serve
from tests.support.threaded_server import LocalServer, serve_in_background

_CHUNK = b'{"organic": [' + b" " * (64 * 1024 - 13)  # JSON-looking, never finished


@dataclass(frozen=True)
class HugeReply(Reply):
    """A 200 whose body is ``size`` bytes long, streamed; it starts like JSON and never closes."""

    size: int = 50_000_000


@dataclass
class FaultProvider(FakeProvider):
    """A ``FakeProvider`` that streams a ``HugeReply``, resets for real and notices clients hanging up."""

    sent_bytes: int = 0  # bytes of huge bodies actually written before the client hung up
    hung_up: int = 0  # requests whose client closed the connection during a hang or a delay

    def start(self) -> FaultProvider:
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes; with Nagle on, the body waits for the client's
            # delayed ACK (~40 ms on Linux) - a delay of the fake, not of the code under test.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                recorded = Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                reply = provider._next(recorded)
                if reply.fault == "hang" or reply.delay:
                    if provider._wait_watching(self, 120.0 if reply.fault == "hang" else reply.delay):
                        return
                    reply = replace(reply, delay=0.0)
                if isinstance(reply, HugeReply):
                    provider._stream_huge(self, reply)
                elif reply.fault == "reset":
                    _reset_mid_body(self, reply)
                else:
                    _serve(self, reply, provider.release)

            do_GET = do_POST = _handle

        self._server = serve_in_background(LocalServer(("127.0.0.1", 0), Handler))
        return self

    def _wait_watching(self, handler: BaseHTTPRequestHandler, seconds: float) -> bool:
        """Wait ``seconds``; True (stop serving) when the client hung up or the server is stopping."""
        connection = handler.connection
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            if self.release.is_set():
                handler.close_connection = True
                return True
            readable, _, _ = select.select([connection], [], [], min(left, 0.02))
            if not readable:
                continue
            if _peer_closed(connection):
                with self._lock:
                    self.hung_up += 1
                handler.close_connection = True
                return True
            self.release.wait(0.02)  # readable but open: bytes we do not read; do not spin
        return False

    def _stream_huge(self, handler: BaseHTTPRequestHandler, reply: HugeReply) -> None:
        try:
            handler.send_response(reply.status)
            handler.send_header("Content-Type", reply.content_type)
            handler.send_header("Content-Length", str(reply.size))
            handler.end_headers()
            remaining = reply.size
            while remaining > 0 and not self.release.is_set():
                piece = _CHUNK if remaining >= len(_CHUNK) else _CHUNK[:remaining]
                handler.wfile.write(piece)
                remaining -= len(piece)
                with self._lock:
                    self.sent_bytes += len(piece)
            handler.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            handler.close_connection = True


def _peer_closed(connection: socket.socket) -> bool:
    try:
        return connection.recv(1, socket.MSG_PEEK) == b""
    except (ConnectionResetError, OSError):
        return True


def _reset_mid_body(handler: BaseHTTPRequestHandler, reply: Reply) -> None:
    """Headers promising the whole body, half of it, then an RST (SO_LINGER 0 and a real close)."""
    handler.close_connection = True
    try:
        handler.send_response(reply.status)
        handler.send_header("Content-Type", reply.content_type)
        handler.send_header("Content-Length", str(len(reply.body)))
        handler.end_headers()
        handler.wfile.write(reply.body[: len(reply.body) // 2])
        handler.wfile.flush()
    except (BrokenPipeError, ConnectionResetError):
        return
    handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    handler.rfile.close()  # the makefile() reader holds the descriptor open; wfile writes to the socket itself
    handler.connection.close()  # now the last reference: the descriptor closes and the kernel sends RST
