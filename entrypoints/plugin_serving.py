"""``searchrelay plugin``: seed 002's plugin protocol on stdin and stdout until EOF or a signal.

EOF is the runtime's goodbye: calls in flight get the call deadline (SEARCHRELAY_DEADLINE_SECONDS,
which bounds every search and page read already) plus a moment to answer, the rest are cancelled
with a result that says so, the container is closed, and the process exits 0. SIGTERM and Ctrl-C
end it as they end ``serve``: calls cancelled, resources closed, status 0 (130 after SIGINT).
"""

from __future__ import annotations

import asyncio
import sys

import anyio

from entrypoints import provider_catalog
from entrypoints.container import Container, build_container, running
from entrypoints.logging_setup import configure_logging
from entrypoints.plugin_protocol import PluginSession
from entrypoints.plugin_tools import plugin_tools
from entrypoints.serving import exit_status, stopped_by_signals
from entrypoints.settings import Settings
from entrypoints.stdio_transport import stdio_is_piped, stdio_lines
from entrypoints.tls_preload import TlsPreload

EXIT_USAGE = 2
ANSWER_MARGIN_SECONDS = 2.0  # after the deadline: time to render and write the last answers


def run_plugin(settings: Settings, tls: TlsPreload | None = None) -> int:
    if not stdio_is_piped():
        print("searchrelay plugin: stdin and stdout must be pipes; an agent runtime starts it so.", file=sys.stderr)
        return EXIT_USAGE
    container = build_container(settings, tls=tls)
    configure_logging(settings.log_level, container.redactor())
    return asyncio.run(_plugin(container, settings.deadline_seconds + ANSWER_MARGIN_SECONDS))


async def _plugin(container: Container, grace_seconds: float) -> int:
    tools = plugin_tools()
    key_variables = provider_catalog.key_variables()
    with stopped_by_signals() as received:
        async with (
            running(container) as services,
            stdio_lines() as (lines, write),
            anyio.create_task_group() as calls,
        ):
            session = PluginSession(services, tools, key_variables, write, calls.start_soon)
            async for line in lines:
                await session.receive(line)
            with anyio.move_on_after(grace_seconds):
                await session.finish()
            calls.cancel_scope.cancel()
    return exit_status(received)
