"""Properties of the provider chain over random providers and random scripts of outcomes.

For 1-4 fake providers, each playing a random script (answers with 0-5 results, every failure
kind with or without Retry-After, unexpected exceptions), four calls in a row through one
``ProviderChain`` (a frozen fake clock, so circuits that open stay open; hedging either off, so
each attempt is awaited alone, or on but never due, so attempts race as tasks) must:

- end in a ``ChainAnswer`` or a ``SearchFailed``, never anything else;
- agree with a small model of the decision table and the circuit breakers (who answers, every
  attempt in order);
- when every attempt fails, report the first failure in chain order;
- never show a generated key value: not in answers, errors, attempt details or logs.

The fakes answer at once: nothing sleeps.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from application.provider_chain import ChainAnswer, ProviderChain
from application.provider_health import HedgePolicy, ProviderHealth
from domain.errors import FailureKind, ProviderFailure
from domain.fallback import is_transient
from domain.models import Attempt, ProviderAnswer, SearchFailed, SearchRequest
from domain.redaction import Redactor
from tests.support.fake_ports import FakeSearch, Step, fail, ok
from tests.unit.clock_fake import FakeClock

NAMES = ("alpha", "bravo", "charlie", "delta")
CALLS = 4
THRESHOLD = 3  # BreakerPolicy's default failure_threshold

keys = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=8, max_size=32).map(
    lambda s: f"KEY-{s}"
)


@st.composite
def steps(draw: st.DrawFn, name: str, secrets: list[str]) -> Step:
    secret = draw(st.sampled_from(secrets))
    choice = draw(st.sampled_from(["ok", "failure", "exception"]))
    if choice == "ok":
        return ok(draw(st.integers(0, 5)), name)
    if choice == "exception":
        error = draw(st.sampled_from([RuntimeError, KeyError, ValueError, TypeError]))
        return error(f"adapter bug while holding {secret}")
    kind = draw(st.sampled_from(list(FailureKind)))
    retry_after = draw(st.sampled_from([None, None, "30"]))
    return fail(name, kind, f"HTTP {draw(st.integers(400, 599))}: provider said {secret} !", retry_after=retry_after)


@st.composite
def chains(draw: st.DrawFn) -> tuple[list[str], dict[str, list[Step]]]:
    secrets = draw(st.lists(keys, min_size=1, max_size=3, unique=True))
    names = list(NAMES[: draw(st.integers(1, len(NAMES)))])
    scripts = {name: draw(st.lists(steps(name, secrets), min_size=1, max_size=CALLS)) for name in names}
    return secrets, scripts


@dataclass
class _Model:
    """What the decision table and the breakers say should happen; the clock never moves."""

    scripts: dict[str, list[Step]]
    played: dict[str, int] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    open: set[str] = field(default_factory=set)

    def call(self) -> tuple[str | None, list[tuple[str, str]]]:
        """(who answers or None, the attempts as (provider, outcome)) for the next call."""
        attempts = []
        for name, script in self.scripts.items():
            if name in self.open:
                attempts.append((name, "skipped"))
                continue
            step = script[min(self.played.get(name, 0), len(script) - 1)]
            self.played[name] = self.played.get(name, 0) + 1
            if isinstance(step, ProviderAnswer):
                self.failures[name] = 0
                attempts.append((name, "ok"))
                return name, attempts
            kind = step.kind if isinstance(step, ProviderFailure) else FailureKind.MALFORMED
            attempts.append((name, kind.value))
            if not is_transient(kind):
                return None, attempts
            self.failures[name] = self.failures.get(name, 0) + 1
            cools = isinstance(step, ProviderFailure) and step.retry_after is not None
            if self.failures[name] >= THRESHOLD or cools:
                self.open.add(name)
        return None, attempts


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


async def _run(chain: ProviderChain) -> ChainAnswer | SearchFailed:
    try:
        return await chain.search(SearchRequest(query="property", num_results=5))
    except SearchFailed as failed:
        return failed


def _check_first_failure_rule(failed: SearchFailed, names: list[str]) -> None:
    failures = [a for a in failed.attempts if a.outcome not in ("skipped", "cancelled", "ok")]
    if not failures:  # every provider skipped: its circuit is open
        assert all(a.outcome == "skipped" for a in failed.attempts)
        assert str(failed).startswith("Every provider is cooling down")
        return
    first = min(failures, key=lambda a: names.index(a.provider))
    assert (failed.provider, failed.kind) == (first.provider, FailureKind(first.outcome))
    assert str(failed).splitlines()[0] == f"{first.provider} failed: {first.detail} ({first.outcome})."


def _texts(result: ChainAnswer | SearchFailed) -> list[str]:
    attempts: list[Attempt] = result.attempts
    texts = [a.detail for a in attempts]
    if isinstance(result, SearchFailed):
        return [*texts, str(result), repr(result)]
    return [*texts, result.answer.model_dump_json()]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains(), st.sampled_from([0.0, 60.0]))
def test_any_chain_of_scripted_providers_answers_or_fails_cleanly_as_the_model_says_and_never_shows_a_key(
    drawn: tuple[list[str], dict[str, list[Step]]], hedge_cap: float
) -> None:
    secrets, scripts = drawn
    names = list(scripts)
    fakes = [FakeSearch(name, *script) for name, script in scripts.items()]
    clock = FakeClock()
    chain = ProviderChain(
        fakes,
        clock=clock,
        redactor=Redactor(secrets),
        health=ProviderHealth(clock, hedge_policy=HedgePolicy(cap_seconds=hedge_cap)),
        attempt_timeout=5,
        deadline=10,
    )
    model = _Model(scripts)
    collect = _Collect()
    root = logging.getLogger()
    level = root.level
    root.addHandler(collect)
    root.setLevel(logging.DEBUG)
    try:
        results = [asyncio.run(_run(chain)) for _ in range(CALLS)]
    finally:
        root.removeHandler(collect)
        root.setLevel(level)

    produced = list(collect.records)
    for result in results:
        assert isinstance(result, ChainAnswer | SearchFailed)
        answerer, attempts = model.call()
        assert [(a.provider, a.outcome) for a in result.attempts] == attempts
        if isinstance(result, ChainAnswer):
            assert result.provider == answerer
        else:
            assert answerer is None
            _check_first_failure_rule(result, names)
        produced += _texts(result)
    for text in produced:
        for secret in secrets:
            assert secret not in text
