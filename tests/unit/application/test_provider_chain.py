"""The chain under the decision table, with fake providers that answer at once."""

from __future__ import annotations

import asyncio
import logging
import re

import anyio
import pytest

from adapters.clock import SystemClock
from application.provider_chain import ProviderChain
from application.provider_health import HedgePolicy, ProviderHealth
from domain.circuit_breaker import BreakerPolicy
from domain.errors import FailureKind as K
from domain.filters import Filter, Freshness
from domain.models import ProviderAnswer, SearchFailed, SearchRequest
from domain.planning import Refusal, WireRequest
from domain.ports import Clock
from domain.redaction import Redactor
from tests.support.fake_ports import FakeSearch, Hang, Step, fail, ok
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio
SECRET = "sk-SECRET-key-value-123"


def chain(*ports: FakeSearch, secrets: tuple[str, ...] = (SECRET,)) -> ProviderChain:
    clock = SystemClock()
    return ProviderChain(
        ports,
        clock=clock,
        redactor=Redactor(secrets),
        health=ProviderHealth(clock, hedge_policy=HedgePolicy(cap_seconds=0)),
        attempt_timeout=5,
        deadline=10,
    )


def request(**kw: object) -> SearchRequest:
    return SearchRequest(query="python", num_results=3, **kw)  # type: ignore[arg-type]


async def test_a_single_provider_is_called_alone() -> None:
    tavily = FakeSearch("tavily", ok(2, "tavily"))
    found = await chain(tavily).search(request())
    assert found.provider == "tavily"
    assert len(tavily.calls) == 1


async def test_the_primary_answers_and_the_secondary_is_never_called() -> None:
    serper, tavily = FakeSearch("serper", ok(3, "serper")), FakeSearch("tavily")
    found = await chain(serper, tavily).search(request())
    assert found.provider == "serper"
    assert [a.outcome for a in found.attempts] == ["ok"]
    assert tavily.calls == []


@pytest.mark.parametrize(
    "kind", [K.SERVER_ERROR, K.RATE_LIMITED, K.QUOTA_EXHAUSTED, K.TIMEOUT, K.NETWORK, K.MALFORMED, K.BLOCKED]
)
async def test_a_transient_primary_failure_falls_back_to_the_secondary(kind: K) -> None:
    serper = FakeSearch("serper", fail("serper", kind, "it broke"))
    tavily = FakeSearch("tavily", ok(2, "tavily"))
    found = await chain(serper, tavily).search(request())
    assert found.provider == "tavily"
    assert [r.link for r in found.answer.results] == ["https://tavily.example/0", "https://tavily.example/1"]
    assert [(a.provider, a.outcome) for a in found.attempts] == [("serper", kind.value), ("tavily", "ok")]


@pytest.mark.parametrize("kind", [K.AUTH, K.BAD_REQUEST])
async def test_a_stopping_primary_failure_does_not_fall_back(kind: K) -> None:
    serper, tavily = (
        FakeSearch("serper", fail("serper", kind, "HTTP 403: Unauthorized.")),
        FakeSearch("tavily"),
    )
    with pytest.raises(SearchFailed) as caught:
        await chain(serper, tavily).search(request())
    assert caught.value.kind is kind
    assert caught.value.provider == "serper"
    assert tavily.calls == []


async def test_zero_results_is_an_answer_not_a_failure() -> None:
    serper, tavily = FakeSearch("serper", ok(0)), FakeSearch("tavily")
    found = await chain(serper, tavily).search(request())
    assert found.provider == "serper"
    assert found.answer.results == []
    assert tavily.calls == []


async def test_when_both_fail_the_primary_error_comes_back_with_a_note_about_the_fallback() -> None:
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR, "HTTP 500: down"))
    tavily = FakeSearch("tavily", fail("tavily", K.RATE_LIMITED, "HTTP 429"))
    with pytest.raises(SearchFailed) as caught:
        await chain(serper, tavily).search(request())
    error = caught.value
    assert error.kind is K.SERVER_ERROR and error.provider == "serper"
    first, note = str(error).splitlines()
    assert first == "serper failed: HTTP 500: down (server_error)."
    assert note == "Fallback tavily also failed: HTTP 429 (rate_limited)."
    assert [a.outcome for a in error.attempts] == ["server_error", "rate_limited"]


async def test_with_three_providers_every_other_attempt_gets_a_line() -> None:
    a = FakeSearch("a", fail("a", K.TIMEOUT, "slow"))
    b = FakeSearch("b", fail("b", K.NETWORK, "refused"))
    c = FakeSearch("c", fail("c", K.MALFORMED, "not JSON"))
    with pytest.raises(SearchFailed) as caught:
        await chain(a, b, c).search(request())
    assert str(caught.value).splitlines() == [
        "a failed: slow (timeout).",
        "Fallback b also failed: refused (network).",
        "Fallback c also failed: not JSON (malformed).",
    ]


async def test_a_stop_in_the_middle_of_the_chain_ends_it() -> None:
    a = FakeSearch("a", fail("a", K.SERVER_ERROR))
    b = FakeSearch("b", fail("b", K.AUTH, "HTTP 401"))
    c = FakeSearch("c")
    with pytest.raises(SearchFailed) as caught:
        await chain(a, b, c).search(request())
    assert caught.value.provider == "a"
    assert c.calls == []


async def test_secret_values_in_provider_details_are_masked_everywhere(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR, f"HTTP 500: bad key {SECRET}"))
    tavily = FakeSearch("tavily", fail("tavily", K.AUTH, f"HTTP 401: {SECRET} is invalid"))
    with pytest.raises(SearchFailed) as caught:
        await chain(serper, tavily).search(request())
    produced = [str(caught.value), caplog.text, *(a.detail for a in caught.value.attempts)]
    assert all(SECRET not in text for text in produced)
    assert "***" in str(caught.value)


async def test_an_adapter_bug_is_a_malformed_failure_and_the_chain_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    serper = FakeSearch("serper", KeyError("organic"))
    tavily = FakeSearch("tavily", ok(1))
    found = await chain(serper, tavily).search(request())
    assert [a.outcome for a in found.attempts] == ["malformed", "ok"]


async def test_a_provider_that_cannot_honour_a_filter_is_skipped_and_recorded() -> None:
    serper = FakeSearch("serper", capabilities=[Filter.COUNTRY])
    tavily = FakeSearch("tavily", ok(1), capabilities=[Filter.FRESHNESS])
    found = await chain(serper, tavily).search(request(freshness=Freshness.parse("pw")))
    assert serper.calls == []
    assert found.attempts[0].provider == "serper"
    assert found.attempts[0].outcome == "skipped"
    assert "freshness" in found.attempts[0].detail


async def test_a_filter_no_provider_supports_fails_naming_the_filter() -> None:
    serper = FakeSearch("serper", capabilities=[Filter.COUNTRY])
    with pytest.raises(SearchFailed, match="No configured provider supports the language filter"):
        await chain(serper).search(request(language="de"))
    assert serper.calls == []


# --- the fast path: nothing to hedge, nothing raced --------------------------------------------------


class WhereSent(FakeSearch):
    """Remembers the task each call ran in."""

    def __init__(self, name: str, *script: Step) -> None:
        super().__init__(name, *script)
        self.tasks: list[asyncio.Task[object] | None] = []

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        self.tasks.append(asyncio.current_task())
        return await super().send(wire)


def hedging_chain(*ports: FakeSearch, hedge_cap: float, clock: Clock | None = None, **bounds: float) -> ProviderChain:
    clock = clock or SystemClock()
    return ProviderChain(
        ports,
        clock=clock,
        redactor=Redactor(()),
        health=ProviderHealth(
            clock,
            breaker_policy=BreakerPolicy(failure_threshold=1, base_cooldown_seconds=30),
            hedge_policy=HedgePolicy(cap_seconds=hedge_cap, floor_seconds=0.0),
        ),
        attempt_timeout=bounds.get("attempt_timeout", 5),
        deadline=bounds.get("deadline", 10),
    )


async def test_with_hedging_off_an_attempt_runs_in_the_callers_own_task() -> None:
    serper = WhereSent("serper", fail("serper", K.SERVER_ERROR))
    tavily = WhereSent("tavily", ok(1))
    await hedging_chain(serper, tavily, hedge_cap=0).search(request())
    assert serper.tasks == tavily.tasks == [asyncio.current_task()]  # no task was started per attempt


async def test_the_last_provider_is_awaited_directly_even_with_hedging_on() -> None:
    serper = WhereSent("serper", fail("serper", K.SERVER_ERROR))
    tavily = WhereSent("tavily", ok(1))
    await hedging_chain(serper, tavily, hedge_cap=60).search(request())
    # The first could have been hedged, so it raced in a task of its own; after it, nothing could.
    assert serper.tasks != [asyncio.current_task()]
    assert tavily.tasks == [asyncio.current_task()]


async def test_a_provider_followed_only_by_refusals_is_awaited_directly() -> None:
    serper = WhereSent("serper", ok(1))
    picky = FakeSearch("tavily", refuses="no region for that country")
    await hedging_chain(serper, picky, hedge_cap=60).search(request())
    assert serper.tasks == [asyncio.current_task()]


@pytest.mark.parametrize("hedge_cap", [0.0, 60.0], ids=["fast path", "racing"])
async def test_the_attempt_timeout_is_a_timeout_failure_and_the_chain_falls_back(hedge_cap: float) -> None:
    serper, tavily = FakeSearch("serper", Hang()), FakeSearch("tavily", ok(1))
    found = await hedging_chain(serper, tavily, hedge_cap=hedge_cap, attempt_timeout=0.05).search(request())
    first = found.attempts[0]
    assert (first.provider, first.outcome, first.detail) == ("serper", "timeout", "no answer within 0.05 s")
    assert found.provider == "tavily"
    assert serper.cancelled == 1


async def test_on_the_fast_path_the_deadline_bounds_the_attempt_too() -> None:
    serper = FakeSearch("serper", Hang())
    with pytest.raises(SearchFailed) as caught:
        await hedging_chain(serper, hedge_cap=0, attempt_timeout=5, deadline=0.05).search(request())
    assert caught.value.kind is K.TIMEOUT
    assert str(caught.value) == "No provider answered within the 0.05 s deadline for this call."
    assert [(a.provider, a.outcome, a.detail) for a in caught.value.attempts] == [
        ("serper", "timeout", "still running at the deadline")
    ]


@pytest.mark.parametrize("hedge_cap", [0.0, 60.0], ids=["fast path", "racing"])
async def test_a_timeout_error_raised_by_the_adapter_itself_is_not_mistaken_for_ours(hedge_cap: float) -> None:
    serper, tavily = FakeSearch("serper", TimeoutError("adapter bug")), FakeSearch("tavily", ok(1))
    found = await hedging_chain(serper, tavily, hedge_cap=hedge_cap).search(request())
    assert (found.attempts[0].outcome, found.attempts[0].detail) == (
        "malformed",
        "unexpected TimeoutError while reading the answer",
    )


async def test_a_plan_that_breaks_skips_its_provider_and_the_next_answers() -> None:
    class BrokenPlan(FakeSearch):
        def plan(self, request: SearchRequest) -> WireRequest | Refusal:
            raise KeyError("gl")

    found = await chain(BrokenPlan("serper"), FakeSearch("tavily", ok(1))).search(request())
    first = found.attempts[0]
    assert (first.provider, first.outcome, first.detail) == (
        "serper",
        "skipped",
        "could not prepare the request (unexpected KeyError while preparing the request)",
    )


# --- hedges in the attempts ---------------------------------------------------------------------------


async def test_a_won_hedge_tells_the_whole_story_in_the_order_things_started() -> None:
    serper, tavily = FakeSearch("serper", Hang()), FakeSearch("tavily", ok(2))
    found = await hedging_chain(serper, tavily, hedge_cap=0.01).search(request())
    first, second = found.attempts
    assert (first.provider, first.outcome, first.hedged) == ("serper", "cancelled", False)
    assert re.fullmatch(r"tavily answered first; cancelled after \d+\.\d s", first.detail)
    assert (second.provider, second.outcome, second.hedged) == ("tavily", "ok", True)
    assert re.fullmatch(r"2 results in \d+ ms \(hedged: serper had not answered after \d+\.\d s\)", second.detail)
    assert first.started_ms <= second.started_ms
    assert serper.cancelled == 1


async def test_a_lost_hedge_is_recorded_as_cancelled_and_marked_as_a_hedge() -> None:
    release = asyncio.Event()

    class AnswersOnSignal(FakeSearch):
        async def send(self, wire: WireRequest) -> ProviderAnswer:
            await release.wait()
            return ok(1)

    class HedgeThatReleases(FakeSearch):
        async def send(self, wire: WireRequest) -> ProviderAnswer:
            release.set()  # the primary answers as soon as the hedge has started
            await asyncio.Event().wait()
            raise AssertionError("unreachable")

    found = await hedging_chain(AnswersOnSignal("serper"), HedgeThatReleases("tavily"), hedge_cap=0.01).search(
        request()
    )
    assert found.provider == "serper"
    assert [(a.provider, a.outcome, a.hedged) for a in found.attempts] == [
        ("serper", "ok", False),
        ("tavily", "cancelled", True),
    ]
    assert found.attempts[1].detail.startswith("serper answered first; cancelled after ")


# --- a cancelled call hands a half-open probe back at once ------------------------------------------------


@pytest.mark.parametrize("hedge_cap", [0.0, 60.0], ids=["fast path", "racing"])
async def test_a_cancelled_half_open_probe_releases_the_slot_at_once(hedge_cap: float) -> None:
    clock = FakeClock()
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR), Hang(), ok(1))
    tavily = FakeSearch("tavily", ok(1))
    relay = hedging_chain(serper, tavily, hedge_cap=hedge_cap, clock=clock)
    await relay.search(request())  # serper fails once: its circuit opens (threshold 1)
    clock.advance(30)  # half-open: the next call to serper is the probe

    probe_call = asyncio.create_task(relay.search(request()))
    with anyio.fail_after(5):
        while len(serper.calls) < 2:
            await asyncio.sleep(0.001)
    probe_call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await probe_call

    found = await relay.search(request())  # no time has passed: without the release, serper is skipped
    assert found.provider == "serper"
    assert [(a.provider, a.outcome) for a in found.attempts] == [("serper", "ok")]
