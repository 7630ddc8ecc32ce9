"""``searchrelay serve --http``: uvicorn serving the HTTP face until SIGTERM or Ctrl-C.

The socket is bound here, before uvicorn starts, so a port in use is one line on stderr (not a
log record and an exit from inside uvicorn), and ``--port 0`` works: the line saying where the
server listens carries the port the system chose. That line comes once the server answers
requests, and from then on a signal drains it. On SIGTERM or SIGINT the drain gate closes
(new requests get 503, /readyz says not ready), uvicorn stops accepting connections and waits
for the calls in flight up to SEARCHRELAY_HTTP_GRACE_SECONDS, cancels what is left, then the
container closes. Exit status 0 after SIGTERM, 130 after SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import os
import signal
import socket
import sys
from types import FrameType

import uvicorn

from entrypoints.container import build_container
from entrypoints.http.app import HttpFace, build_http_app
from entrypoints.http.guards import DrainGate
from entrypoints.http.options import StartRefused, http_options
from entrypoints.logging_setup import configure_logging
from entrypoints.settings import Settings
from entrypoints.tls_preload import TlsPreload

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def serve_http(settings: Settings, args: argparse.Namespace, tls: TlsPreload | None = None) -> int:
    try:
        options = http_options(settings, args)
    except StartRefused as refused:
        print(f"searchrelay: {refused}", file=sys.stderr)
        return EXIT_USAGE
    try:
        listener = listen(options.host, options.port)
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else "the address cannot be used"
        print(f"searchrelay: cannot listen on {options.host}:{options.port}: {reason}", file=sys.stderr)
        return EXIT_FAILED
    port = listener.getsockname()[1]
    container = build_container(settings, tls=tls)
    configure_logging(settings.log_level, container.redactor())
    face = build_http_app(container, settings, options, options.public_url(settings, port))
    shown = f"[{options.host}]" if ":" in options.host else options.host
    serving = f"searchrelay: serving MCP on http://{shown}:{port}{options.path}"
    with listener:
        received = _run(face, settings, listener, serving)
    if received is None:  # the app did not start; uvicorn has logged why
        return EXIT_FAILED
    return EXIT_INTERRUPTED if received[:1] == [signal.SIGINT] else 0


def _run(face: HttpFace, settings: Settings, listener: socket.socket, serving: str) -> list[int] | None:
    """Serve until a signal: the signals received, in order (``None`` if it never started).
    ``serving`` is said once it serves."""
    config = uvicorn.Config(
        face.app,
        lifespan="on",
        log_config=None,  # our logging (stderr, redacted) stays as configured
        access_log=False,
        server_header=False,
        ws="none",
        timeout_graceful_shutdown=math.ceil(settings.http_grace_seconds),
    )
    server = _DrainingServer(config, face.gate, serving)
    cancelled = _CancelledAtShutdown(face.gate)
    logging.getLogger("uvicorn.error").addFilter(cancelled)
    # uvicorn raises the signal it caught again once it has stopped; these handlers take it then,
    # so the process ends with our status instead of being killed by the default action.
    previous = {signum: signal.signal(signum, lambda *_: None) for signum in _SIGNALS}
    try:
        asyncio.run(server.serve(sockets=[listener]))
    except SystemExit:  # uvicorn's way of saying the app did not start (it has logged why)
        return None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        logging.getLogger("uvicorn.error").removeFilter(cancelled)
    return server.signals if server.started else None


_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket. Made with ``IPPROTO_TCP`` spelled out: asyncio switches Nagle's
    algorithm off (TCP_NODELAY) only on sockets whose ``proto`` says TCP, and accepted sockets
    inherit it. Without it every keep-alive answer written in two parts (head, then body) waits
    for the client's delayed ACK: about 40 ms a request.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except OSError:
        listener.close()
        raise
    return listener


class _CancelledAtShutdown(logging.Filter):
    """A call cut off by the end of the grace period is expected, not a crash: one warning line
    instead of uvicorn's "Exception in ASGI application" and the cancellation's traceback."""

    def __init__(self, gate: DrainGate) -> None:
        super().__init__()
        self._gate = gate

    def filter(self, record: logging.LogRecord) -> bool:
        if self._gate.closed and record.getMessage().startswith("Exception in ASGI application"):
            record.msg, record.args = "a call still running when the grace period ended was cancelled", ()
            record.exc_info, record.exc_text, record.stack_info = None, None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class _DrainingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, gate: DrainGate, serving: str) -> None:
        super().__init__(config)
        self._gate = gate
        self._serving = serving
        self.signals: list[int] = []

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            # Said only now: the container is open, requests are answered, and a signal from
            # here on drains the server (uvicorn's handlers are in place) instead of killing it.
            print(self._serving, file=sys.stderr, flush=True)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self._gate.close()
        if not self.signals:
            self.signals.append(sig)
        super().handle_exit(sig, frame)
