"""The chain under the decision table, with fake providers that answer at once."""

from __future__ import annotations

import logging

import pytest

from adapters.clock import SystemClock
from application.provider_chain import ProviderChain
from application.provider_health import HedgePolicy, ProviderHealth
from domain.errors import FailureKind as K
from domain.filters import Filter, Freshness
from domain.models import SearchFailed, SearchRequest
from domain.redaction import Redactor
from tests.support.fake_ports import FakeSearch, fail, ok

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
