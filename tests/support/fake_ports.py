"""Fakes that implement the ports, for tests of the application without any I/O."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterable, Sequence

from domain.errors import FailureKind, ProviderFailure
from domain.filters import Filter
from domain.models import ProviderAnswer, SearchRequest, WebSearchResult
from domain.planning import Refusal, WireRequest, refuse_missing
from domain.ports import Clock, SearchPort

ALL_FILTERS = frozenset(Filter)


def results(count: int, prefix: str = "r") -> list[WebSearchResult]:
    return [
        WebSearchResult(title=f"{prefix} {i}", link=f"https://{prefix}.example/{i}", snippet=f"s{i}")
        for i in range(count)
    ]


class Hang:
    """A scripted step: never answer (until cancelled)."""


class Slow:
    def __init__(self, seconds: float, then: ProviderAnswer | ProviderFailure) -> None:
        self.seconds = seconds
        self.then = then


Step = ProviderAnswer | ProviderFailure | Hang | Slow | Exception


class FakeSearch:
    """A SearchPort that plays a script of answers and failures, and counts its calls.

    It plans like a real adapter: requests needing filters outside ``capabilities`` are refused,
    and so is every request when ``refuses`` gives a reason; given ``plans_like`` (a real adapter)
    it refuses exactly what that adapter refuses. Its wire format is the request itself, so
    ``calls`` lists the requests that were really sent.
    """

    def __init__(
        self,
        name: str,
        *script: Step,
        capabilities: Iterable[Filter] = ALL_FILTERS,
        refuses: str | None = None,
        plans_like: SearchPort | None = None,
    ) -> None:
        self.name = name
        self.capabilities = frozenset(capabilities)
        self._refuses = refuses
        self._plans_like = plans_like
        self._script: deque[Step] = deque(script)
        self._last: Step = script[-1] if script else ProviderAnswer(results=results(3, name))
        self.calls: list[SearchRequest] = []
        self.cancelled = 0

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if self._plans_like is not None and isinstance(refused := self._plans_like.plan(request), Refusal):
            return refused
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        if self._refuses is not None:
            return Refusal(self._refuses)
        return WireRequest("POST", f"https://{self.name}.fake/search", json={"request": request})

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        assert wire.json is not None
        self.calls.append(wire.json["request"])
        step = self._script.popleft() if self._script else self._last
        try:
            return await self._play(step)
        except asyncio.CancelledError:
            self.cancelled += 1
            raise

    async def _play(self, step: Step) -> ProviderAnswer:
        if isinstance(step, Slow):
            await asyncio.sleep(step.seconds)
            step = step.then
        if isinstance(step, Hang):
            await asyncio.Event().wait()
        if isinstance(step, BaseException):
            raise step
        assert isinstance(step, ProviderAnswer)
        return step


def ok(count: int = 3, name: str = "r") -> ProviderAnswer:
    return ProviderAnswer(results=results(count, name))


def fail(provider: str, kind: FailureKind, detail: str = "", *, retry_after: str | None = None) -> ProviderFailure:
    return ProviderFailure(provider, kind, detail or kind.value, retry_after=retry_after)


class FixedLimiter:
    """A ``RateLimiterPort`` that always answers ``wait`` and records who asked."""

    def __init__(self, wait: float | None) -> None:
        self.wait = wait
        self.callers: list[str] = []

    async def acquire(self, caller: str) -> float | None:
        self.callers.append(caller)
        return self.wait


class FakeStore:
    """A ``BreakerStatePort`` in a dict, counting time by the same fake clock as the replicas."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self.until: dict[str, float] = {}

    async def load(self, names: Sequence[str]) -> dict[str, float]:
        now = self._clock.monotonic()
        return {n: self.until[n] - now for n in names if self.until.get(n, now) > now}

    async def save(self, name: str, seconds: float) -> None:
        self.until[name] = max(self.until.get(name, 0.0), self._clock.monotonic() + seconds)
