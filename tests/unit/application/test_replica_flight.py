"""Single flight across replicas: the lock holder works, the others read its answer, or go on alone."""

from __future__ import annotations

import asyncio

import pytest

from adapters.cache.memory import MemoryCache
from application.replica_flight import ReplicaFlight
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio


class FakeLock:
    """A ``FlightLockPort`` in memory; ``holder`` is who has it (another replica, if set up front)."""

    def __init__(self, holder: str | None = None) -> None:
        self.holder = holder
        self.asked = asyncio.Event()  # set once a waiter has looked whether the lock is held
        self.released: list[str] = []

    async def acquire(self, key: str) -> str | None:
        if self.holder is not None:
            return None
        self.holder = "ours"
        return "ours"

    async def release(self, key: str, token: str) -> None:
        self.released.append(token)
        if self.holder == token:
            self.holder = None

    async def held(self, key: str) -> bool:
        self.asked.set()
        return self.holder is not None


def flight(lock: FakeLock, clock: FakeClock, cache: MemoryCache[str]) -> ReplicaFlight[str]:
    return ReplicaFlight(lock, cache, clock, wait_seconds=20)


async def work_done(calls: list[str]) -> str:
    calls.append("work")
    return "fresh"


async def test_the_lock_holder_does_the_work_and_lets_go() -> None:
    clock, lock, calls = FakeClock(), FakeLock(), []
    cache: MemoryCache[str] = MemoryCache(clock, ttl_seconds=60)
    assert await flight(lock, clock, cache).run("k", lambda: work_done(calls)) == ("fresh", False)
    assert calls == ["work"] and lock.released == ["ours"] and lock.holder is None


async def test_a_waiter_reads_the_winners_answer_and_does_no_work() -> None:
    clock, lock, calls = FakeClock(), FakeLock(holder="other replica"), []
    cache: MemoryCache[str] = MemoryCache(clock, ttl_seconds=60)
    waiting = asyncio.create_task(flight(lock, clock, cache).run("k", lambda: work_done(calls)))
    await lock.asked.wait()
    await cache.set("k", "the winner's")
    assert await waiting == ("the winner's", True)
    assert calls == []


async def test_a_lock_let_go_without_an_answer_sends_the_waiter_on_alone() -> None:
    clock, lock, calls = FakeClock(), FakeLock(holder="other replica"), []
    cache: MemoryCache[str] = MemoryCache(clock, ttl_seconds=60)
    waiting = asyncio.create_task(flight(lock, clock, cache).run("k", lambda: work_done(calls)))
    await lock.asked.wait()
    lock.holder = None  # the winner failed (or died and its lease ran out)
    assert await waiting == ("fresh", False)
    assert calls == ["work"]


async def test_a_waiter_gives_up_waiting_after_its_bound_and_works_alone() -> None:
    clock, lock, calls = FakeClock(), FakeLock(holder="a stuck replica"), []
    cache: MemoryCache[str] = MemoryCache(clock, ttl_seconds=60)
    waiting = asyncio.create_task(flight(lock, clock, cache).run("k", lambda: work_done(calls)))
    await lock.asked.wait()
    clock.advance(20)
    assert await waiting == ("fresh", False)
    assert calls == ["work"]
    assert lock.holder == "a stuck replica"  # never took, so never released, someone else's lock
