"""The bookkeeping of one call down the provider chain: what waits, what runs, what happened."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

from domain.circuit_breaker import Admission
from domain.errors import ProviderFailure
from domain.models import Attempt, AttemptOutcome, ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest
from domain.ports import SearchPort


@dataclass(frozen=True)
class ChainAnswer:
    """Who answered (names joined by '+' after a fan-out), with what, after which attempts."""

    provider: str
    answer: ProviderAnswer
    attempts: list[Attempt]


@dataclass(frozen=True)
class Started:
    """One attempt under way: who, with which planned call, admitted how, since when."""

    port: SearchPort
    wire: WireRequest
    admission: Admission  # a probe's slot must be given back if the attempt is dropped
    at: float  # monotonic
    hedging: tuple[str, float] | None = None  # (the slow provider, how long it had run) for a hedge


@dataclass
class Run:
    """The state of one call down the chain."""

    request: SearchRequest
    began: float  # monotonic
    ends_at: float  # the call's deadline, monotonic
    waiting: deque[tuple[SearchPort, WireRequest | Refusal]]
    attempts: list[Attempt] = field(default_factory=list)
    failures: list[ProviderFailure] = field(default_factory=list)
    running: dict[asyncio.Task[ProviderAnswer], Started] = field(default_factory=dict)
    dropped: list[asyncio.Task[ProviderAnswer]] = field(default_factory=list)  # cancelled, not yet awaited
    stopped: bool = False  # a stopping failure was seen: start nothing new

    def offset_ms(self, at: float) -> float:
        return round((at - self.began) * 1000, 1)

    def could_start_more(self) -> bool:
        """Whether a provider after the running ones could still be sent the request."""
        return not self.stopped and any(isinstance(plan, WireRequest) for _, plan in self.waiting)

    def record(self, started: Started, outcome: AttemptOutcome, detail: str) -> None:
        self.attempts.append(
            Attempt(
                provider=started.port.name,
                outcome=outcome,
                detail=detail,
                started_ms=self.offset_ms(started.at),
                hedged=started.hedging is not None,
            )
        )

    def record_skip(self, provider: str, reason: str, at: float) -> None:
        self.attempts.append(
            Attempt(provider=provider, outcome=AttemptOutcome.SKIPPED, detail=reason, started_ms=self.offset_ms(at))
        )

    def story(self) -> list[Attempt]:
        """Every attempt in the order it started (a hedge after the attempt it raced)."""
        return sorted(self.attempts, key=lambda attempt: attempt.started_ms)

    def drop(self, task: asyncio.Task[ProviderAnswer]) -> Started:
        """Cancel a running attempt; the chain awaits it before the call returns."""
        started = self.running.pop(task)
        task.cancel()
        self.dropped.append(task)
        return started


def hedge_note(started: Started) -> str:
    if started.hedging is None:
        return ""
    slow, after = started.hedging
    return f" (hedged: {slow} had not answered after {after:.1f} s)"
