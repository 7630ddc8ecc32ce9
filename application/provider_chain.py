"""Running one request down the provider chain: plans, skips, per-attempt timeouts, hedging, the deadline.

The policy (what a failure means) lives in the domain; this module is the mechanics of
starting, racing and cancelling attempts. Every provider plans first (pure, no I/O), so one
that cannot honour the request is skipped with its reason instead of being sent a request that
would fail. Hedging follows the tail-at-scale idea: when the provider in front has not answered
within its hedge delay, the next one is started too and the first good answer wins - never up
front, because providers bill per query.

When nothing can be hedged (hedging is off, or no provider after this one could be sent the
request) the attempt is simply awaited under one timeout: no task, no wait set, no extra timer.
The outcome is the same either way; the race only exists when there is something to race.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence

from application.chain_failures import all_failed, as_failure, nothing_eligible
from application.chain_run import ChainAnswer, Run, Started, hedge_note
from application.provider_health import ProviderHealth, skip_reason
from domain.errors import FailureKind, ProviderFailure
from domain.fallback import Decision, decide
from domain.models import AttemptOutcome, ProviderAnswer, SearchFailed, SearchRequest
from domain.planning import Refusal, WireRequest
from domain.ports import Clock, SearchPort
from domain.redaction import Redactor

logger = logging.getLogger(__name__)


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
        await self._health.load_shared(self.names)
        try:
            answer = await self._search(request)
        except Exception:
            await self._health.share()
            raise
        await self._health.share()
        return answer

    async def _search(self, request: SearchRequest) -> ChainAnswer:
        plans = [(port, self._plan(port, request)) for port in self._ports]
        refusals = [(port.name, plan) for port, plan in plans if isinstance(plan, Refusal)]
        if len(refusals) == len(plans):
            raise nothing_eligible(refusals, request)
        now = self._clock.monotonic()
        run = Run(request=request, began=now, ends_at=now + self._deadline, waiting=deque(plans))
        try:
            return await self._run(run)
        finally:
            # Whatever ended the call (an answer, a failure, the caller's cancellation), nothing
            # it started outlives it, and a probe it held is handed back at once.
            for task in list(run.running):
                started = run.drop(task)
                self._health.record_cancelled(started.port.name, started.admission)
            if run.dropped:
                await asyncio.gather(*run.dropped, return_exceptions=True)

    def _plan(self, port: SearchPort, request: SearchRequest) -> WireRequest | Refusal:
        try:
            return port.plan(request)
        except Exception as exc:  # a planning bug skips this provider, not the whole call
            failure = as_failure(port.name, exc, self._redact, doing="preparing the request")
            return Refusal(f"could not prepare the request ({failure.detail})")

    async def _run(self, run: Run) -> ChainAnswer:
        while True:
            if not run.running:
                started = self._start_next(run)
                if started is None:
                    raise all_failed(self.names, run.failures, run.attempts)
                if not self._health.hedging or not run.could_start_more():
                    answer = await self._await_alone(run, started)
                    if answer is not None:
                        return answer
                    continue
                self._spawn(run, started)
            answer = await self._race(run)
            if answer is not None:
                return answer

    def _start_next(self, run: Run, hedging: tuple[str, float] | None = None) -> Started | None:
        """The next provider that planned a call and that the health board admits, now started.

        Skips are recorded when the provider's turn comes, so attempts read in chain order.
        """
        while run.waiting and not run.stopped:
            port, plan = run.waiting.popleft()
            now = self._clock.monotonic()
            if isinstance(plan, Refusal):
                run.record_skip(port.name, plan.reason, now)
                continue
            admission = self._health.admit(port.name)
            if not admission.admitted:
                run.record_skip(port.name, skip_reason(admission), now)
                continue
            return Started(port, plan, admission, now, hedging)
        return None

    async def _await_alone(self, run: Run, started: Started) -> ChainAnswer | None:
        """The fast path: one attempt, awaited directly under the tighter of its timeout and the deadline."""
        bound = min(self._attempt_timeout, run.ends_at - started.at)
        timer = asyncio.timeout(bound)
        try:
            async with timer:
                answer = await started.port.send(started.wire)
        except asyncio.CancelledError:
            self._health.record_cancelled(started.port.name, started.admission)
            raise
        except Exception as exc:
            if isinstance(exc, TimeoutError) and timer.expired():
                if bound < self._attempt_timeout:
                    self._deadline_expired(run, also=started)
                exc = self._timed_out(started.port)
            return self._settle(run, started, None, exc)
        return self._settle(run, started, answer, None)

    def _spawn(self, run: Run, started: Started) -> None:
        task = asyncio.create_task(self._attempt(started), name=f"search:{started.port.name}")
        run.running[task] = started
        if started.hedging is not None:
            logger.info("hedging: %s started while %s is still running", started.port.name, started.hedging[0])

    async def _attempt(self, started: Started) -> ProviderAnswer:
        timer = asyncio.timeout(self._attempt_timeout)
        try:
            async with timer:
                return await started.port.send(started.wire)
        except TimeoutError:
            if not timer.expired():
                raise
            raise self._timed_out(started.port) from None

    async def _race(self, run: Run) -> ChainAnswer | None:
        """Wait for the running attempts, the hedge time or the deadline, whichever comes first."""
        now = self._clock.monotonic()
        if now >= run.ends_at:
            self._deadline_expired(run)
        hedge_at = self._hedge_time(run)
        wake_at = run.ends_at if hedge_at is None else min(run.ends_at, hedge_at)
        done, _ = await asyncio.wait(run.running, timeout=max(0.0, wake_at - now), return_when=asyncio.FIRST_COMPLETED)
        if not done:
            if hedge_at is not None and self._clock.monotonic() >= hedge_at:
                (slow,) = run.running.values()
                hedge = self._start_next(run, hedging=(slow.port.name, self._clock.monotonic() - slow.at))
                if hedge is not None:
                    self._spawn(run, hedge)
            return None
        for task in done:
            started = run.running.pop(task)
            exc = task.exception()
            answer = self._settle(run, started, task.result() if exc is None else None, exc)
            if answer is not None:
                return answer
        return None

    def _hedge_time(self, run: Run) -> float | None:
        """When to start the next provider alongside the running one, if hedging applies now."""
        if len(run.running) != 1 or not run.could_start_more():
            return None
        (started,) = run.running.values()
        delay = self._health.hedge_delay(started.port.name)
        return None if delay is None else started.at + delay

    def _settle(
        self, run: Run, started: Started, answer: ProviderAnswer | None, exc: BaseException | None
    ) -> ChainAnswer | None:
        if answer is None:
            assert isinstance(exc, Exception)  # tasks are cancelled only once the call is over
            self._failed(run, started, exc)
            return None
        self._answered(run, started, answer)
        self._drop_losers(run, started)
        return ChainAnswer(provider=started.port.name, answer=answer, attempts=run.story())

    def _answered(self, run: Run, started: Started, answer: ProviderAnswer) -> None:
        latency = self._clock.monotonic() - started.at
        self._health.record_success(started.port.name, latency)
        detail = f"{len(answer.results)} results in {latency * 1000:.0f} ms" + hedge_note(started)
        run.record(started, AttemptOutcome.OK, detail)

    def _failed(self, run: Run, started: Started, exc: Exception) -> None:
        name = started.port.name
        failure = as_failure(name, exc, self._redact)
        failure = failure.with_detail(self._redact(failure.detail))
        self._health.record_failure(name, failure)
        run.failures.append(failure)
        run.record(started, AttemptOutcome.failed(failure.kind), failure.detail + hedge_note(started))
        logger.warning("provider %s failed: %s (%s)", name, failure.kind.value, failure.detail)
        if decide(failure.kind, next_available=bool(run.waiting) or bool(run.running)) is Decision.STOP:
            run.stopped = True

    def _drop_losers(self, run: Run, winner: Started) -> None:
        now = self._clock.monotonic()
        for task in list(run.running):
            loser = run.drop(task)
            ran = now - loser.at
            if loser.at < winner.at:
                # Hedged around: it outlived its hedge delay. Counting that as a timeout lets a
                # provider that hangs on every call open its circuit instead of costing every
                # call the hedge delay forever.
                slow = ProviderFailure(loser.port.name, FailureKind.TIMEOUT, f"no answer after {ran:.1f} s")
                self._health.record_failure(loser.port.name, slow)
            else:
                self._health.record_cancelled(loser.port.name, loser.admission)
            detail = f"{winner.port.name} answered first; cancelled after {ran:.1f} s"
            run.record(loser, AttemptOutcome.CANCELLED, detail)

    def _deadline_expired(self, run: Run, also: Started | None = None) -> None:
        unanswered = [run.drop(task) for task in list(run.running)] + ([also] if also else [])
        for started in unanswered:
            failure = ProviderFailure(started.port.name, FailureKind.TIMEOUT, "still running at the deadline")
            self._health.record_failure(started.port.name, failure)
            run.record(started, AttemptOutcome.TIMEOUT, failure.detail)
        raise SearchFailed(
            f"No provider answered within the {self._deadline:g} s deadline for this call.",
            run.story(),
            FailureKind.TIMEOUT,
        )

    def _timed_out(self, port: SearchPort) -> ProviderFailure:
        return ProviderFailure(port.name, FailureKind.TIMEOUT, f"no answer within {self._attempt_timeout:g} s")
