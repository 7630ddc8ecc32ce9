"""``searchrelay serve``: the MCP server on stdio until the client leaves or a signal stops it.

Closed stdin, SIGTERM and Ctrl-C (SIGINT) all end the server the same way: calls in flight are
cancelled, the container's resources are closed, and the process exits without a traceback,
with status 0 (130 after SIGINT, as shells expect).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from contextlib import contextmanager

import anyio

from entrypoints.container import Container, build_container
from entrypoints.logging_setup import configure_logging
from entrypoints.mcp_server import build_server
from entrypoints.settings import Settings
from entrypoints.stdio_transport import stdio_streams
from entrypoints.tls_preload import TlsPreload

EXIT_INTERRUPTED = 130


def serve(settings: Settings, tls: TlsPreload | None = None) -> int:
    container = build_container(settings, tls=tls)
    configure_logging(settings.log_level, container.redactor())
    return asyncio.run(_serve(container))


async def _serve(container: Container) -> int:
    server = build_server(container)
    with stopped_by_signals() as received:
        async with stdio_streams() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    return exit_status(received)


@contextmanager
def stopped_by_signals() -> Iterator[list[signal.Signals]]:
    """A scope that SIGINT and SIGTERM cancel; the list names the signals received."""
    received: list[signal.Signals] = []
    loop = asyncio.get_running_loop()
    with anyio.CancelScope() as scope:

        def stop(signum: signal.Signals) -> None:
            received.append(signum)
            scope.cancel()

        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop, signum)
        try:
            yield received
        finally:
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(signum)


def exit_status(received: list[signal.Signals]) -> int:
    return EXIT_INTERRUPTED if received[:1] == [signal.SIGINT] else 0
