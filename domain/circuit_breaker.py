"""A circuit breaker per provider, so a provider that keeps failing stops costing every call a timeout.

The rules, in the order a provider lives through them:

- CLOSED: calls go through. Each fallback-triggering failure (``fallback.is_transient``) adds one
  to a run of consecutive failures; a success ends the run. Auth and bad-request failures say
  something about the caller, not the provider, so they neither count nor reset the run.
- After ``failure_threshold`` consecutive failures the breaker trips: OPEN, every call is skipped
  for a cooldown. The first cooldown is ``base_cooldown_seconds``; each further trip without a
  success in between doubles it, up to ``max_cooldown_seconds``.
- When the cooldown ends the breaker is HALF_OPEN and admits exactly one probe; callers arriving
  while the probe runs are skipped. Probe success closes the breaker and forgets the history;
  probe failure trips it again with the doubled cooldown.
- A failure carrying Retry-After cools the provider until then regardless of the count (the
  later of the current open-until and the advised time), because the provider said so.

Outcomes that arrive while the breaker is OPEN come from calls admitted before it tripped. A
straggling success does not cut the cooldown short, and a straggling failure does not trip again
(it can still extend the cooldown through Retry-After): the breaker's decision stands until the
probe, which is the one call whose outcome decides.

A probe whose outcome never arrives (the caller was cancelled) would block probing for the whole
lease, so callers report it with ``record_cancelled(admission)``, which frees the slot at once;
a probe older than ``probe_lease_seconds`` (one nobody reported) is presumed lost and another
caller may probe.

No I/O and no asyncio: time comes from the injected ``Clock``, the probe slot is just a flag.
Safe within one event loop because no method awaits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from domain.errors import FailureKind, ProviderFailure
from domain.fallback import is_transient
from domain.ports import Clock
from domain.retry_after import RETRY_AFTER_CAP_SECONDS, retry_after_seconds


class BreakerState(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


@dataclass(frozen=True)
class BreakerPolicy:
    failure_threshold: int = 3
    base_cooldown_seconds: float = 30.0
    max_cooldown_seconds: float = 600.0
    probe_lease_seconds: float = 120.0

    def __post_init__(self) -> None:
        if self.failure_threshold < 1:
            raise ValueError("failure_threshold must be at least 1")
        if not 0 < self.base_cooldown_seconds <= self.max_cooldown_seconds:
            raise ValueError("cooldowns must satisfy 0 < base_cooldown_seconds <= max_cooldown_seconds")
        if self.probe_lease_seconds <= 0:
            raise ValueError("probe_lease_seconds must be positive")


@dataclass(frozen=True)
class Admission:
    """Whether one call may go to the provider; when skipped, why and until when (wall clock, UTC)."""

    admitted: bool
    state: BreakerState
    probe: bool = False  # this call is the half-open probe; its outcome decides the breaker
    open_until: datetime | None = None  # set when skipped because OPEN; None while a probe runs


@dataclass(frozen=True)
class BreakerSnapshot:
    """The breaker as a user or an operator should see it."""

    state: BreakerState
    consecutive_failures: int
    open_until: datetime | None
    last_failure: FailureKind | None


class CircuitBreaker:
    """The breaker for one provider. See the module docstring for the rules."""

    def __init__(self, clock: Clock, policy: BreakerPolicy | None = None) -> None:
        self._clock = clock
        self._policy = policy or BreakerPolicy()
        self._failures = 0
        self._trips = 0  # trips since the last success; sets the next cooldown
        self._open_until: float | None = None  # monotonic; None when CLOSED
        self._probe_started: float | None = None  # monotonic; None when no probe is out
        self._last_failure: FailureKind | None = None

    @property
    def state(self) -> BreakerState:
        if self._open_until is None:
            return BreakerState.CLOSED
        if self._clock.monotonic() < self._open_until:
            return BreakerState.OPEN
        return BreakerState.HALF_OPEN

    def allow(self) -> Admission:
        """Admit or skip one call now. An admitted probe must be followed by a ``record_*`` call."""
        state = self.state
        if state is BreakerState.CLOSED:
            return Admission(admitted=True, state=state)
        if state is BreakerState.OPEN:
            return Admission(admitted=False, state=state, open_until=self._wall_open_until())
        now = self._clock.monotonic()
        if self._probe_started is not None and now - self._probe_started < self._policy.probe_lease_seconds:
            return Admission(admitted=False, state=state)
        self._probe_started = now
        return Admission(admitted=True, state=state, probe=True)

    def record_success(self) -> None:
        """The provider answered. Closes the breaker unless a cooldown is still running."""
        if self.state is BreakerState.OPEN:
            return
        self._failures = 0
        self._trips = 0
        self._open_until = None
        self._probe_started = None

    def record_failure(self, kind: FailureKind, retry_after_seconds: float | None = None) -> None:
        """The provider failed with ``kind``; ``retry_after_seconds`` is its parsed Retry-After advice."""
        if not is_transient(kind):
            self._probe_started = None  # a probe that says nothing about the provider frees the slot
            return
        state = self.state
        self._failures += 1
        self._last_failure = kind
        self._probe_started = None
        if state is BreakerState.HALF_OPEN or (
            state is BreakerState.CLOSED and self._failures >= self._policy.failure_threshold
        ):
            self._trip()
        if retry_after_seconds is not None and retry_after_seconds > 0:
            self._cool_for(min(retry_after_seconds, RETRY_AFTER_CAP_SECONDS))

    def record_provider_failure(self, failure: ProviderFailure) -> None:
        """``record_failure`` for a raised ``ProviderFailure``, reading its raw Retry-After header."""
        advice = retry_after_seconds(failure.retry_after, self._clock.now())
        self.record_failure(failure.kind, advice)

    def record_cancelled(self, admission: Admission) -> None:
        """An admitted call ended without an outcome (cancelled); frees the probe slot if it was the probe."""
        if admission.probe:
            self._probe_started = None

    def cooldown_left(self) -> float | None:
        """Seconds until the cooldown ends while OPEN (what other replicas should honour), else None."""
        if self.state is not BreakerState.OPEN:
            return None
        assert self._open_until is not None  # OPEN implies a cooldown
        return self._open_until - self._clock.monotonic()

    def honour_cooldown(self, seconds: float) -> None:
        """Another replica saw this provider trip (or advise Retry-After): stay OPEN that long too.

        Only the cooldown is taken over, not the failure count: each replica's own failures still
        decide its own trips, and each probes on its own once the shared cooldown is over.
        """
        if seconds > 0:
            self._cool_for(seconds)

    def snapshot(self) -> BreakerSnapshot:
        state = self.state
        return BreakerSnapshot(
            state=state,
            consecutive_failures=self._failures,
            open_until=self._wall_open_until() if state is BreakerState.OPEN else None,
            last_failure=self._last_failure,
        )

    def _trip(self) -> None:
        self._trips += 1
        cooldown = min(self._policy.base_cooldown_seconds * 2 ** (self._trips - 1), self._policy.max_cooldown_seconds)
        self._open_until = self._clock.monotonic() + cooldown

    def _cool_for(self, seconds: float) -> None:
        until = self._clock.monotonic() + seconds
        if self._open_until is None or until > self._open_until:
            self._open_until = until

    def _wall_open_until(self) -> datetime | None:
        if self._open_until is None:
            return None
        remaining = self._open_until - self._clock.monotonic()
        return self._clock.now() + timedelta(seconds=remaining)


class BreakerBoard:
    """One breaker per provider name, created on first use with a shared policy and clock."""

    def __init__(self, clock: Clock, policy: BreakerPolicy | None = None) -> None:
        self._clock = clock
        self._policy = policy or BreakerPolicy()
        self._breakers: dict[str, CircuitBreaker] = {}

    def for_provider(self, name: str) -> CircuitBreaker:
        breaker = self._breakers.get(name)
        if breaker is None:
            breaker = self._breakers[name] = CircuitBreaker(self._clock, self._policy)
        return breaker

    def snapshot(self) -> dict[str, BreakerSnapshot]:
        """Every provider seen so far, by name, in first-seen order."""
        return {name: breaker.snapshot() for name, breaker in self._breakers.items()}
