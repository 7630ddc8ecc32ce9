"""SingleFlight: identical concurrent calls share one execution, and nothing leaks whatever happens."""

import contextlib
import gc
import weakref
from collections.abc import Awaitable

import anyio
import pytest

from application.single_flight import SingleFlight

pytestmark = pytest.mark.anyio


class Boom(Exception):
    pass


class CountingWork:
    """A factory whose executions wait for a gate, so tests decide when the work finishes."""

    def __init__(self, result: str = "answer", error: Exception | None = None) -> None:
        self.calls = 0
        self.gate = anyio.Event()
        self.result = result
        self.error = error

    async def __call__(self) -> str:
        self.calls += 1
        await self.gate.wait()
        if self.error is not None:
            raise self.error
        return self.result


async def settle() -> None:
    """Let every ready task run up to its next wait."""
    for _ in range(5):
        await anyio.sleep(0)


async def test_fifty_concurrent_identical_calls_run_the_work_once() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = CountingWork()
    results: list[str] = []

    async def call() -> None:
        results.append(await flight.run("k", work))

    async with anyio.create_task_group() as tg:
        for _ in range(50):
            tg.start_soon(call)
        await settle()
        work.gate.set()
    assert work.calls == 1
    assert results == ["answer"] * 50
    assert len(flight) == 0


async def test_after_completion_the_next_call_runs_anew() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = CountingWork()
    work.gate.set()
    assert await flight.run("k", work) == "answer"
    assert await flight.run("k", work) == "answer"
    assert work.calls == 2


async def test_an_exception_reaches_every_waiter_and_is_then_forgotten() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = CountingWork(error=Boom("provider down"))
    errors: list[BaseException] = []

    async def call() -> None:
        try:
            await flight.run("k", work)
        except Boom as error:
            errors.append(error)

    async with anyio.create_task_group() as tg:
        for _ in range(10):
            tg.start_soon(call)
        await settle()
        work.gate.set()
    assert work.calls == 1
    assert len(errors) == 10
    assert all(str(e) == "provider down" for e in errors)
    assert len(flight) == 0
    work.error = None
    assert await flight.run("k", work) == "answer"
    assert work.calls == 2


async def test_a_cancelled_leader_does_not_cancel_the_waiters() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = CountingWork()
    results: list[str] = []

    async def follower() -> None:
        results.append(await flight.run("k", work))

    async with anyio.create_task_group() as tg:
        with anyio.CancelScope() as leader_scope:
            tg.start_soon(follower)
            # The leader: started first by this task, then cancelled while the work runs.
            async with anyio.create_task_group() as leader_group:
                leader_group.start_soon(flight.run, "k", work)
                await settle()
                tg.start_soon(follower)
                await settle()
                leader_scope.cancel()
        assert leader_scope.cancelled_caught
        work.gate.set()
    assert work.calls == 1
    assert results == ["answer", "answer"]
    assert len(flight) == 0


async def test_when_every_caller_is_cancelled_the_work_is_cancelled_and_forgotten() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = CountingWork()
    finished = False

    async def slow() -> str:
        nonlocal finished
        await work()
        finished = True
        return "late"

    with anyio.move_on_after(0.05):
        async with anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(flight.run, "k", slow)
    assert len(flight) == 0
    work.gate.set()
    await settle()
    assert not finished
    # A fresh call runs anew instead of joining the abandoned work.
    assert await flight.run("k", work) == "answer"
    assert work.calls == 2


async def test_a_new_call_does_not_join_work_that_is_still_being_cancelled() -> None:
    flight: SingleFlight[str] = SingleFlight()
    cleanup_done = anyio.Event()

    async def slow_to_cancel() -> str:
        try:
            await anyio.sleep_forever()
        finally:
            with anyio.CancelScope(shield=True):
                await cleanup_done.wait()
        return "never"

    with anyio.move_on_after(0.05):
        await flight.run("k", slow_to_cancel)
    fresh = CountingWork("fresh")
    fresh.gate.set()
    with anyio.fail_after(1):
        assert await flight.run("k", fresh) == "fresh"
    assert fresh.calls == 1
    cleanup_done.set()
    await settle()


async def test_distinct_keys_run_independently() -> None:
    flight: SingleFlight[str] = SingleFlight()
    first, second = CountingWork("one"), CountingWork("two")
    results: dict[str, str] = {}

    async def call(key: str, work: CountingWork) -> None:
        results[key] = await flight.run(key, work)

    async with anyio.create_task_group() as tg:
        tg.start_soon(call, "a", first)
        tg.start_soon(call, "b", second)
        await settle()
        assert len(flight) == 2
        second.gate.set()
        await settle()
        assert results == {"b": "two"}
        first.gate.set()
    assert results == {"a": "one", "b": "two"}
    assert (first.calls, second.calls) == (1, 1)


async def test_a_factory_that_fails_before_awaiting_reaches_the_caller() -> None:
    flight: SingleFlight[str] = SingleFlight()

    def broken() -> Awaitable[str]:
        raise Boom("cannot even start")

    with pytest.raises(Boom, match="cannot even start"):
        await flight.run("k", broken)
    assert len(flight) == 0


class Held:
    """Stands for what a failed work's frames held, such as a page body of megabytes."""


async def test_a_failed_flight_leaves_no_reference_cycle_keeping_what_its_work_held() -> None:
    flights: SingleFlight[str] = SingleFlight()
    held: list[weakref.ref[Held]] = []

    async def work() -> str:
        body = Held()
        held.append(weakref.ref(body))
        raise Boom("the page could not be read")

    gc.disable()  # only reference counting may free it: a cycle would keep it until a collection
    try:
        with contextlib.suppress(Boom):
            await flights.run("k", work)
        await settle()  # the callbacks the failed flight left queued have run
        assert held[0]() is None
    finally:
        gc.enable()
