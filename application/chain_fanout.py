"""Fan-out: the first N admitted providers asked at once, their results fused into one answer.

``SEARCHRELAY_FANOUT=N`` (N > 1) builds this chain instead of the plain one. The first round asks
the first N providers the chain would try (in chain order, skipping the ones that refused the
request or whose circuit is open) together, waits for all of them (each under its own attempt
timeout, all under the call's deadline) and merges every answer that came back with reciprocal
rank fusion (``domain.fusion``). One provider failing costs nothing but its results; when every
one of them failed, the ordinary failover (with hedging) carries on down the rest of the chain.
With ``fanout`` 1 the plain ``ProviderChain`` is used and nothing here runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TypedDict, Unpack

from application.chain_run import ChainAnswer, Run, Started
from application.provider_chain import ProviderChain
from application.provider_health import ProviderHealth
from domain.errors import FailureKind, ProviderFailure
from domain.fusion import reciprocal_rank_fusion
from domain.models import Attempt, AttemptOutcome, ProviderAnswer
from domain.ports import Clock, SearchPort
from domain.redaction import Redactor


class ChainOptions(TypedDict):
    """What every chain is built with besides its ports (``ProviderChain``'s keyword arguments)."""

    clock: Clock
    redactor: Redactor
    health: ProviderHealth
    attempt_timeout: float
    deadline: float


class FanOutChain(ProviderChain):
    def __init__(self, ports: Sequence[SearchPort], *, size: int, **options: Unpack[ChainOptions]) -> None:
        if size < 2:
            raise ValueError("a fan-out asks at least two providers")
        super().__init__(ports, **options)
        self._size = size

    async def _run(self, run: Run) -> ChainAnswer:
        answer = await self._fan_out(run)
        return answer if answer is not None else await super()._run(run)

    async def _fan_out(self, run: Run) -> ChainAnswer | None:
        """Ask the first ``size`` providers the board admits at once and merge what they answer.

        None when all of them failed (and the ordinary failover carries on down the chain). With
        only one provider left to ask it is simply started, and the ordinary path races it.
        """
        group: list[Started] = []
        while len(group) < self._size and (started := self._start_next(run)) is not None:
            group.append(started)
            self._spawn(run, started)
        if len(group) < 2:
            return None
        tasks = list(run.running)
        now = self._clock.monotonic()
        await asyncio.wait(tasks, timeout=max(0.0, run.ends_at - now))
        answers: list[tuple[str, ProviderAnswer]] = []
        late = False
        for task in tasks:  # in chain order, so that attempts read in chain order too
            if not task.done():
                late = True
                self._late(run, run.drop(task))
                continue
            started = run.running.pop(task)
            exc = task.exception()
            if exc is None:
                self._answered(run, started, task.result())
                answers.append((started.port.name, task.result()))
            else:
                assert isinstance(exc, Exception)
                self._failed(run, started, exc)
        if answers:
            return merged_answer(answers, run.request.num_results, run.story())
        if late:
            self._deadline_expired(run)
        return None

    def _late(self, run: Run, started: Started) -> None:
        failure = ProviderFailure(started.port.name, FailureKind.TIMEOUT, "still running at the deadline")
        self._health.record_failure(started.port.name, failure)
        run.record(started, AttemptOutcome.TIMEOUT, failure.detail)


def merged_answer(answers: Sequence[tuple[str, ProviderAnswer]], limit: int, attempts: list[Attempt]) -> ChainAnswer:
    """``answers`` in chain order -> one answer attributed to every provider that gave one."""
    results = reciprocal_rank_fusion([(name, answer.results) for name, answer in answers], limit=limit)
    synthesized = next((answer.answer for _, answer in answers if answer.answer), None)
    merged = ProviderAnswer(results=results, answer=synthesized)
    return ChainAnswer(provider="+".join(name for name, _ in answers), answer=merged, attempts=attempts)


def provider_chain(ports: Sequence[SearchPort], *, fanout: int, **options: Unpack[ChainOptions]) -> ProviderChain:
    """The chain SEARCHRELAY_FANOUT asks for: the plain one for 1, a fan-out of that many otherwise."""
    if fanout <= 1:
        return ProviderChain(ports, **options)
    return FanOutChain(ports, size=fanout, **options)
