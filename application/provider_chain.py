"""Running one request down the provider chain: skips, per-attempt timeouts, hedging, the deadline.

The policy (what a failure means) lives in the domain; this module is the mechanics of
starting, racing and cancelling attempts. Hedging follows the tail-at-scale idea: when the
provider in front has not answered within its hedge delay, the next one is started too and
the first good answer wins - never up front, because providers bill per query.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

from application.chain_failures import all_failed, capability_skip, failure_of, missing_filters, nothing_eligible
from application.provider_health import ProviderHealth
from domain.errors import FailureKind, FilterNotSupported, ProviderFailure, SearchFailed
from domain.fallback import Decision, decide
from domain.models import Attempt, ProviderAnswer, SearchRequest
from domain.ports import Clock, SearchPort
from domain.redaction import Redactor

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChainAnswer:
    provider: str
    answer: ProviderAnswer
    attempts: list[Attempt]


@dataclass
class _Run:
    """The state of one call down the chain."""

    request: SearchRequest
    waiting: list[SearchPort]
    attempts: list[Attempt] = field(default_factory=list)
    failures: list[ProviderFailure] = field(default_factory=list)
    running: dict[asyncio.Task[ProviderAnswer], tuple[SearchPort, float]] = field(default_factory=dict)
    stopped: bool = False  # a stopping failure was seen: start nothing new


class ProviderChain:
    def __init__(
        self,
        ports: Sequence[SearchPort],
        *,
        clock: Clock,
        redactor: Redactor,
        health: ProviderHealth,
        attempt_timeout: float,
        deadline: float,
    ) -> None:
        self._ports = list(ports)
        self._clock = clock
        self._redact = redactor
        self._health = health
        self._attempt_timeout = attempt_timeout
        self._deadline = deadline

    @property
    def names(self) -> list[str]:
        return [port.name for port in self._ports]

    async def search(self, request: SearchRequest) -> ChainAnswer:
        if all(missing_filters(port, request) for port in self._ports):
            raise nothing_eligible(self._ports, request)
        run = _Run(request=request, waiting=list(self._ports))
        ends_at = self._clock.monotonic() + self._deadline
        try:
            return await self._race(run, ends_at)
        finally:
            for task in run.running:
                task.cancel()
            if run.running:
                await asyncio.gather(*run.running, return_exceptions=True)

    async def _race(self, run: _Run, ends_at: float) -> ChainAnswer:
        self._start_next(run, hedge=False)
        while run.running:
            now = self._clock.monotonic()
            if now >= ends_at:
                return self._deadline_expired(run)
            wake_at = ends_at
            hedge_at = self._hedge_time(run)
            if hedge_at is not None:
                wake_at = min(wake_at, hedge_at)
            done, _ = await asyncio.wait(
                run.running, timeout=max(0.0, wake_at - now), return_when=asyncio.FIRST_COMPLETED
            )
            if not done:
                if hedge_at is not None and self._clock.monotonic() >= hedge_at:
                    self._start_next(run, hedge=True)
                continue
            for task in done:
                answer = self._settle(run, task)
                if answer is not None:
                    return answer
            if not run.running and not run.stopped:
                self._start_next(run, hedge=False)
        raise all_failed(self.names, run.failures, run.attempts)

    def _start_next(self, run: _Run, *, hedge: bool) -> None:
        """Start the next provider that can serve the request and that the health board admits.

        Skips are recorded when the provider's turn comes, so attempts read in chain order.
        """
        while run.waiting and not run.stopped:
            port = run.waiting.pop(0)
            if missing_filters(port, run.request):
                run.attempts.append(capability_skip(port, run.request))
                continue
            skip_reason = self._health.admit(port.name)
            if skip_reason is not None:
                run.attempts.append(Attempt(provider=port.name, outcome="skipped", detail=skip_reason))
                continue
            task = asyncio.create_task(self._attempt(port, run.request), name=f"search:{port.name}")
            run.running[task] = (port, self._clock.monotonic())
            if hedge:
                logger.info("hedging: %s started while the provider before it is still running", port.name)
            return

    def _hedge_time(self, run: _Run) -> float | None:
        """When to start the next provider alongside the running one, if hedging applies now."""
        if len(run.running) != 1 or not run.waiting or run.stopped:
            return None
        port, started = next(iter(run.running.values()))
        delay = self._health.hedge_delay(port.name)
        return None if delay is None else started + delay

    async def _attempt(self, port: SearchPort, request: SearchRequest) -> ProviderAnswer:
        try:
            async with asyncio.timeout(self._attempt_timeout):
                return await port.search(request)
        except TimeoutError:
            raise ProviderFailure(
                port.name, FailureKind.TIMEOUT, f"no answer within {self._attempt_timeout:g} s"
            ) from None

    def _settle(self, run: _Run, task: asyncio.Task[ProviderAnswer]) -> ChainAnswer | None:
        port, started = run.running.pop(task)
        latency = self._clock.monotonic() - started
        failure = failure_of(port, task, self._redact)
        if isinstance(failure, FilterNotSupported):
            self._health.record_cancelled(port.name)
            run.attempts.append(Attempt(provider=port.name, outcome="skipped", detail=failure.detail))
            return None
        if failure is None:
            answer = task.result()
            self._health.record_success(port.name, latency)
            count = len(answer.results)
            run.attempts.append(
                Attempt(provider=port.name, outcome="ok", detail=f"{count} results in {latency * 1000:.0f} ms")
            )
            for loser, loser_started in run.running.values():
                if loser_started < started:
                    # Hedged around: it outlived its hedge delay. Counting that as a timeout lets a
                    # provider that hangs on every call open its circuit instead of costing every
                    # call the hedge delay forever.
                    slow = f"no answer after {self._clock.monotonic() - loser_started:.1f} s"
                    self._health.record_failure(loser.name, ProviderFailure(loser.name, FailureKind.TIMEOUT, slow))
                else:
                    self._health.record_cancelled(loser.name)
                run.attempts.append(
                    Attempt(provider=loser.name, outcome="cancelled", detail=f"{port.name} answered first")
                )
            return ChainAnswer(provider=port.name, answer=answer, attempts=run.attempts)
        failure = failure.with_detail(self._redact(failure.detail))
        self._health.record_failure(port.name, failure)
        run.failures.append(failure)
        run.attempts.append(Attempt(provider=port.name, outcome=failure.kind.value, detail=failure.detail))
        logger.warning("provider %s failed: %s (%s)", port.name, failure.kind.value, failure.detail)
        if decide(failure.kind, next_available=bool(run.waiting) or bool(run.running)) is Decision.STOP:
            run.stopped = True
        return None

    def _deadline_expired(self, run: _Run) -> ChainAnswer:
        for port, _ in run.running.values():
            unanswered = ProviderFailure(port.name, FailureKind.TIMEOUT, "still running at the deadline")
            self._health.record_failure(port.name, unanswered)
            run.attempts.append(Attempt(provider=port.name, outcome="timeout", detail=unanswered.detail))
        raise SearchFailed(
            f"No provider answered within the {self._deadline:g} s deadline for this call.",
            run.attempts,
            FailureKind.TIMEOUT,
        )
