"""Single flight across replicas: one of them asks the providers, the others read its answer.

Within a replica, ``SingleFlight`` already collapses identical calls into one; this runs inside
that one call, so each replica sends at most one contender per key. The contender that takes the
shared lock does the work (and caches the answer, as every search does); the others wait,
looking for the answer in the shared cache while the lock is held. The wait is bounded: when the
lock goes away without an answer (the winner failed, or died and its lease ran out) or the wait
outlasts ``wait_seconds``, a waiter does the work itself. So a lost winner or a lost Redis costs
one extra upstream call per replica, never a failed search.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from domain.ports import CachePort, Clock, FlightLockPort

T = TypeVar("T")

POLL_SECONDS = 0.02  # how often a waiter looks for the winner's answer


class ReplicaFlight(Generic[T]):
    def __init__(self, lock: FlightLockPort, cache: CachePort[T], clock: Clock, *, wait_seconds: float) -> None:
        self._lock = lock
        self._cache = cache
        self._clock = clock
        self._wait = wait_seconds

    async def run(self, key: str, work: Callable[[], Awaitable[T]]) -> tuple[T, bool]:
        """The value and whether it was read from the cache (another replica did the work)."""
        token = await self._lock.acquire(key)
        if token is None:
            found = await self._await_winner(key)
            if found is not None:
                return found, True
            token = await self._lock.acquire(key)  # may be None again: then go on without it
        try:
            return await work(), False
        finally:
            if token is not None:
                await self._lock.release(key, token)

    async def _await_winner(self, key: str) -> T | None:
        give_up = self._clock.monotonic() + self._wait
        while True:
            found = await self._cache.get(key)
            if found is not None:
                return found
            if not await self._lock.held(key) or self._clock.monotonic() >= give_up:
                return await self._cache.get(key)  # the winner may have cached it just before letting go
            await asyncio.sleep(POLL_SECONDS)
