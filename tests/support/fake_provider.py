"""A real HTTP server on 127.0.0.1 that plays a search provider, with scriptable faults.

Each ``FakeProvider`` serves one provider. ``answer(...)`` sets the default reply; ``then(...)``
queues one-off replies for the next requests. Faults: any status/body/headers, hang (until
released or the server stops), slow answers, a connection reset mid-body, a truncated body,
non-JSON, a huge body, a wrong content type. Every request is recorded for assertions.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.support.threaded_server import LocalServer, serve_in_background, shut_down


@dataclass(frozen=True)
class Reply:
    status: int = 200
    body: bytes = b"{}"
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0  # seconds before answering
    fault: str | None = None  # "hang", "hold" (answer once released), "reset", "truncate", "trickle"


def json_reply(status: int, payload: Any, **kw: Any) -> Reply:
    return Reply(status=status, body=json.dumps(payload).encode(), **kw)


def serper_reply(count: int, prefix: str = "serper") -> Reply:
    organic = [
        {
            "title": f"{prefix} result {i}",
            "link": f"https://{prefix}.example/{i}",
            "snippet": f"snippet {i}",
            "position": i,
        }
        for i in range(1, count + 1)
    ]
    return json_reply(200, {"searchParameters": {"q": "q", "type": "search"}, "organic": organic, "credits": 1})


def tavily_reply(count: int, prefix: str = "tavily") -> Reply:
    results = [
        {
            "title": f"{prefix} result {i}",
            "url": f"https://{prefix}.example/{i}",
            "content": f"content {i}",
            "score": 0.9,
        }
        for i in range(1, count + 1)
    ]
    return json_reply(200, {"query": "q", "answer": None, "images": [], "results": results, "response_time": 0.1})


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class FakeProvider:
    default: Reply = field(default_factory=Reply)
    queue: deque[Reply] = field(default_factory=deque)
    requests: list[Recorded] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def answer(self, reply: Reply) -> FakeProvider:
        with self._lock:
            self.default = reply
            self.queue.clear()
        return self

    def then(self, *replies: Reply) -> FakeProvider:
        with self._lock:
            self.queue.extend(replies)
        return self

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.requests)

    def _next(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            return self.queue.popleft() if self.queue else self.default

    def start(self) -> FakeProvider:
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body in separate writes must not wait for an ACK

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                reply = provider._next(
                    Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                _serve(self, reply, provider.release)

            do_GET = do_POST = _handle

        self._server = serve_in_background(LocalServer(("127.0.0.1", 0), Handler))
        return self

    def stop(self) -> None:
        self.release.set()
        shut_down(self._server)


def _serve(handler: BaseHTTPRequestHandler, reply: Reply, release: threading.Event) -> None:
    if reply.delay and release.wait(reply.delay):
        return
    if reply.fault == "hang":
        release.wait(120)
        return
    if reply.fault == "hold":
        release.wait(120)
    try:
        handler.send_response(reply.status)
        handler.send_header("Content-Type", reply.content_type)
        for name, value in reply.headers:
            handler.send_header(name, value)
        declared = len(reply.body) * 2 if reply.fault in ("truncate", "reset") else len(reply.body)
        handler.send_header("Content-Length", str(declared))
        handler.end_headers()
        if reply.fault == "reset":
            handler.wfile.write(reply.body[: len(reply.body) // 2])
            handler.wfile.flush()
            # SO_LINGER 0 makes close() send an RST instead of a FIN; rfile holds the socket open
            # too, so it must go first or no reset is sent at all.
            handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            handler.close_connection = True
            handler.rfile.close()
            handler.connection.close()
            return
        if reply.fault == "trickle":
            for byte in reply.body:
                if release.wait(0.5):
                    return
                handler.wfile.write(bytes([byte]))
                handler.wfile.flush()
            return
        handler.wfile.write(reply.body)
        if reply.fault == "truncate":
            handler.close_connection = True
    except (BrokenPipeError, ConnectionResetError):
        return


def wait_for(predicate: Any, timeout: float = 30.0) -> bool:
    """Poll until ``predicate()`` holds. ``timeout`` only guards against a hang; nothing depends on speed."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False
