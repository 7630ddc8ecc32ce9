"""Collapsing concurrent identical calls into one execution ("single flight").

When several agents ask the same question at once, one provider call should answer all of them.
The shared work runs in its own task and every caller, the first included, waits on it through a
shield, so that:

- a caller that is cancelled leaves; the others keep waiting and still get the result;
- the work is cancelled only when the last caller has left, since nobody wants it any more;
- an exception of the work reaches every caller that is still waiting;
- the key is forgotten as soon as the work is done or abandoned, so the next call runs anew and
  nothing leaks, whether the work succeeded, raised, or was cancelled.

Built on asyncio tasks; it runs under anyio's asyncio backend (which the MCP server uses).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass
class _Flight(Generic[T]):
    task: asyncio.Task[T]
    waiters: int = 0


class SingleFlight(Generic[T]):
    """Runs at most one ``factory()`` per key at a time and shares its outcome with every caller."""

    def __init__(self) -> None:
        self._flights: dict[str, _Flight[T]] = {}

    def __len__(self) -> int:
        """Keys with work in flight."""
        return len(self._flights)

    async def run(self, key: str, factory: Callable[[], Awaitable[T]]) -> T:
        flight = self._flights.get(key)
        if flight is None:
            flight = self._start(key, factory)
        flight.waiters += 1
        try:
            return await asyncio.shield(flight.task)
        except asyncio.CancelledError:
            # Either this caller was cancelled (the work may still run) or the work itself was.
            if not flight.task.done():
                self._leave(key, flight)
            raise
        finally:
            # The exception's traceback holds this frame; were ``flight`` still in it, the task would
            # hold its exception and the exception the task: a cycle that keeps whatever the work's
            # frames held (a page body of megabytes) until the cyclic collector comes by.
            del flight

    def _start(self, key: str, factory: Callable[[], Awaitable[T]]) -> _Flight[T]:
        async def work() -> T:
            return await factory()

        task = asyncio.create_task(work())
        flight = _Flight(task)
        self._flights[key] = flight
        task.add_done_callback(lambda done: self._finish(key, flight, done))
        return flight

    def _leave(self, key: str, flight: _Flight[T]) -> None:
        """A waiter was cancelled while the work still runs; the last one out cancels the work."""
        flight.waiters -= 1
        if flight.waiters == 0:
            self._forget(key, flight)  # a new caller must not join work that is being cancelled
            flight.task.cancel()

    def _finish(self, key: str, flight: _Flight[T], task: asyncio.Task[T]) -> None:
        self._forget(key, flight)
        if not task.cancelled():
            # Mark the exception retrieved: if every waiter left, nobody else will read it.
            with contextlib.suppress(BaseException):
                task.exception()

    def _forget(self, key: str, flight: _Flight[T]) -> None:
        if self._flights.get(key) is flight:
            del self._flights[key]
