"""What the chain knows about each provider's recent behaviour: its circuit and its latency.

With a shared ``BreakerStatePort`` (replicas behind one Redis) the cooldowns are shared too: the
chain loads them before it picks providers, so a breaker opened through another replica (or a
Retry-After another replica was given) is honoured here; and it shares the cooldowns its own
calls started once they are over. The decisions stay with each replica's pure breakers; the
store only carries how long each provider is to be left alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from domain.circuit_breaker import Admission, BreakerBoard, BreakerPolicy, BreakerState
from domain.errors import FailureKind, ProviderFailure
from domain.latency import LatencyBoard, hedge_delay
from domain.ports import BreakerStatePort, Clock


@dataclass(frozen=True)
class HedgePolicy:
    floor_seconds: float = 1.0
    cap_seconds: float = 2.5  # 0 disables hedging
    min_samples: int = 10


@dataclass(frozen=True)
class ProviderStatus:
    """One provider's state as shown to users (CLI, MCP resource): no secrets in here."""

    circuit: BreakerState
    open_until: datetime | None
    consecutive_failures: int
    last_failure: FailureKind | None
    latency_p50_ms: float | None
    latency_p95_ms: float | None
    samples: int


class ProviderHealth:
    def __init__(
        self,
        clock: Clock,
        breaker_policy: BreakerPolicy | None = None,
        hedge_policy: HedgePolicy | None = None,
        shared: BreakerStatePort | None = None,
    ) -> None:
        self._breakers = BreakerBoard(clock, breaker_policy)
        self._shared = shared
        self._to_share: set[str] = set()  # providers whose cooldown this replica started or extended
        self._latency = LatencyBoard()
        self._hedge = hedge_policy or HedgePolicy()

    def admit(self, name: str) -> Admission:
        """Whether a call may go to ``name`` now. An admitted call must end in a ``record_*`` call."""
        return self._breakers.for_provider(name).allow()

    @property
    def hedging(self) -> bool:
        """Whether a slow provider is ever hedged (a cap of 0 turns hedging off)."""
        return self._hedge.cap_seconds > 0

    def hedge_delay(self, name: str) -> float | None:
        return hedge_delay(
            self._latency.for_provider(name),
            floor_seconds=self._hedge.floor_seconds,
            cap_seconds=self._hedge.cap_seconds,
            min_samples=self._hedge.min_samples,
        )

    def record_success(self, name: str, latency_seconds: float) -> None:
        self._breakers.for_provider(name).record_success()
        self._latency.for_provider(name).record(latency_seconds)

    def record_failure(self, name: str, failure: ProviderFailure) -> None:
        breaker = self._breakers.for_provider(name)
        before = breaker.cooldown_left()
        breaker.record_provider_failure(failure)
        after = breaker.cooldown_left()
        if self._shared is not None and after is not None and (before is None or after > before):
            self._to_share.add(name)

    async def load_shared(self, names: Sequence[str]) -> None:
        """Take over the cooldowns other replicas shared for these providers."""
        if self._shared is None:
            return
        for name, seconds in (await self._shared.load(names)).items():
            self._breakers.for_provider(name).honour_cooldown(seconds)

    async def share(self) -> None:
        """Share the cooldowns recorded here since the last call (nothing without a shared store)."""
        if self._shared is None:
            return
        while self._to_share:
            name = self._to_share.pop()
            left = self._breakers.for_provider(name).cooldown_left()
            if left is not None:
                await self._shared.save(name, left)

    def record_cancelled(self, name: str, admission: Admission) -> None:
        """The admitted call was dropped without an outcome; a probe's slot is freed at once."""
        self._breakers.for_provider(name).record_cancelled(admission)

    def status(self, name: str) -> ProviderStatus:
        breaker = self._breakers.for_provider(name).snapshot()
        window = self._latency.for_provider(name)
        return ProviderStatus(
            circuit=breaker.state,
            open_until=breaker.open_until,
            consecutive_failures=breaker.consecutive_failures,
            last_failure=breaker.last_failure,
            latency_p50_ms=_ms(window.p50),
            latency_p95_ms=_ms(window.p95),
            samples=len(window),
        )


def skip_reason(admission: Admission) -> str:
    """Why the breaker turned a call away, as the caller reads it in ``attempts``."""
    if admission.open_until is not None:
        return f"circuit open until {admission.open_until:%H:%M:%S}Z after repeated failures"
    return "circuit half-open: a probe call is already testing this provider"


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)
