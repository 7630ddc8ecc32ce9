"""The one way every Redis adapter talks to Redis: bounded in time, and quiet while Redis is away.

Shared state is an optimisation, never a dependency of a search. Every command runs under a
short timeout; any failure (refused, reset, timed out, out of memory) marks Redis down and the
caller falls back to its local state. While down, commands are not even tried for
``retry_seconds``, so a dead Redis costs nothing per call; after that the next command tries
again, and the first that succeeds marks Redis up. Going down logs one warning, coming back one
info line: one pair per outage, never one per call, and never the URL (it may carry a password).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from domain.ports import Clock

T = TypeVar("T")
logger = logging.getLogger(__name__)

# Connections one replica may hold; a command waits for a free one within its own timeout.
MAX_CONNECTIONS = 64


class RedisUnavailable(Exception):
    """Redis could not answer in time; the caller uses its local state instead."""


def redis_client(url: str, timeout_seconds: float) -> Redis:
    """A client that never retries on its own (the link decides) and never waits past the timeout."""
    pool = BlockingConnectionPool.from_url(
        url,
        max_connections=MAX_CONNECTIONS,
        timeout=timeout_seconds,
        socket_timeout=timeout_seconds,
        socket_connect_timeout=timeout_seconds,
        retry=Retry(NoBackoff(), 0),
    )
    return Redis(connection_pool=pool, retry=Retry(NoBackoff(), 0))


class RedisLink:
    def __init__(self, client: Redis, *, clock: Clock, timeout_seconds: float, retry_seconds: float = 1.0) -> None:
        self._client = client
        self._clock = clock
        self._timeout = timeout_seconds
        self._retry = retry_seconds
        self._down_since: float | None = None
        self._failures = 0  # failures seen so far; a success counts only if it began after the last one

    @property
    def up(self) -> bool:
        """Whether the last command reached Redis (true until one fails)."""
        return self._down_since is None

    async def run(self, command: Callable[[Redis], Awaitable[T]]) -> T:
        """``command(client)`` within the timeout; ``RedisUnavailable`` if Redis is down or fails now."""
        if self._down_since is not None and self._clock.monotonic() - self._down_since < self._retry:
            raise RedisUnavailable
        return await self._attempt(command)

    async def run_or_skip(self, command: Callable[[Redis], Awaitable[object]]) -> None:
        """``run`` for writes whose loss costs nothing but sharing (the local state has them)."""
        with contextlib.suppress(RedisUnavailable):
            await self.run(command)

    async def ping(self) -> bool:
        """Ask Redis now, even within the quiet period after a failure (readiness checks)."""
        try:
            await self._attempt(lambda client: client.ping())
        except RedisUnavailable:
            return False
        return True

    async def aclose(self) -> None:
        await self._client.aclose()

    async def _attempt(self, command: Callable[[Redis], Awaitable[T]]) -> T:
        failures_before = self._failures
        try:
            async with asyncio.timeout(self._timeout):
                result = await command(self._client)
        except (RedisError, OSError, TimeoutError) as exc:
            self._went_down(exc)
            raise RedisUnavailable from None
        # A command sent before Redis went away may still come back fine; that says nothing of now.
        if self._down_since is not None and failures_before == self._failures:
            self._down_since = None
            logger.info("Redis is reachable again; shared state is back in use")
        return result

    def _went_down(self, exc: BaseException) -> None:
        if self._down_since is None:
            logger.warning(
                "Redis is unreachable or slow (%s); using this replica's local state until it answers again",
                type(exc).__name__,
            )
        self._down_since = self._clock.monotonic()
        self._failures += 1
