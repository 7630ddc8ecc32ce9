"""Log records sent to the MCP client as ``notifications/message``, from the level it asks for.

A client that sends ``logging/setLevel`` gets searchrelay's own records at that level and above,
secrets masked as on stderr; before it asks, it gets none. stderr keeps SEARCHRELAY_LOG_LEVEL.
Only our packages' records go out: the SDK logs about the messages it sends, and forwarding those
would feed the channel with itself. Records may come from worker threads; they are handed to the
event loop, queued (at most ``QUEUE_LENGTH``, the rest dropped) and sent in order by one task.
One client per server: stdio serves one, and the last ``logging/setLevel`` decides.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

import anyio
from mcp.server.session import ServerSession
from mcp.types import LoggingLevel, LoggingMessageNotification, LoggingMessageNotificationParams

from domain.redaction import Redactor

OUR_PACKAGES = ("domain", "application", "adapters", "entrypoints")
QUEUE_LENGTH = 256
LEVELS: dict[LoggingLevel, int] = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": 25,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
    "alert": 60,
    "emergency": 70,
}
_OFF = 1000


class ClientLog(logging.Handler):
    def __init__(self, redactor: Redactor) -> None:
        super().__init__(level=_OFF)
        self.setFormatter(logging.Formatter("%(message)s"))
        self._redact = redactor
        self._session: ServerSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0
        self._outbox, self._inbox = anyio.create_memory_object_stream[LoggingMessageNotificationParams](QUEUE_LENGTH)

    def set_level(self, session: ServerSession, level: LoggingLevel) -> None:
        self._session = session
        self.setLevel(LEVELS[level])
        # Our loggers must let the client's level through even when stderr wants less.
        for name in OUR_PACKAGES:
            logging.getLogger(name).setLevel(min(self.level, logging.getLogger().getEffectiveLevel()))

    def emit(self, record: logging.LogRecord) -> None:
        loop = self._loop
        if loop is None or record.name.partition(".")[0] not in OUR_PACKAGES:
            return
        params = LoggingMessageNotificationParams(
            level=_client_level(record.levelno), logger=record.name, data=self._redact(self.format(record))
        )
        if threading.get_ident() == self._loop_thread:
            self._queue(params)
        else:
            with suppress(RuntimeError):  # the loop closed meanwhile: the record is dropped
                loop.call_soon_threadsafe(self._queue, params)

    def _queue(self, params: LoggingMessageNotificationParams) -> None:
        with suppress(anyio.WouldBlock, anyio.ClosedResourceError):
            self._outbox.send_nowait(params)

    @asynccontextmanager
    async def attached(self) -> AsyncIterator[None]:
        """Forward records while the server runs."""
        self._loop, self._loop_thread = asyncio.get_running_loop(), threading.get_ident()
        logging.getLogger().addHandler(self)
        try:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(self._deliver)
                try:
                    yield
                finally:
                    tasks.cancel_scope.cancel()
        finally:
            logging.getLogger().removeHandler(self)
            for name in OUR_PACKAGES:
                logging.getLogger(name).setLevel(logging.NOTSET)
            self._loop = None

    async def _deliver(self) -> None:
        async for params in self._inbox:
            if self._session is not None:  # best effort by design: a gone client drops it silently
                await self._session.send_notification(LoggingMessageNotification(params=params))


def _client_level(levelno: int) -> LoggingLevel:
    return next(name for name, number in reversed(LEVELS.items()) if levelno >= number) if levelno >= 10 else "debug"
