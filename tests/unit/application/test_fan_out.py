"""Fan-out: the first N admitted providers asked at once, their answers fused; failover when all fail."""

from __future__ import annotations

import asyncio

import pytest

from adapters.clock import SystemClock
from application.chain_fanout import FanOutChain, provider_chain
from application.provider_chain import ProviderChain
from application.provider_health import HedgePolicy, ProviderHealth
from domain.circuit_breaker import BreakerPolicy
from domain.errors import FailureKind as K
from domain.filters import Filter
from domain.models import ProviderAnswer, SearchFailed, SearchRequest, WebSearchResult
from domain.planning import WireRequest
from domain.redaction import Redactor
from tests.support.fake_ports import FakeSearch, Hang, fail, ok

pytestmark = pytest.mark.anyio


def fan_out(
    *ports: FakeSearch, size: int = 2, deadline: float = 10, health: ProviderHealth | None = None
) -> FanOutChain:
    clock = SystemClock()
    return FanOutChain(
        ports,
        size=size,
        clock=clock,
        redactor=Redactor(()),
        health=health or ProviderHealth(clock, hedge_policy=HedgePolicy(cap_seconds=0)),
        attempt_timeout=5,
        deadline=deadline,
    )


def request(**kw: object) -> SearchRequest:
    return SearchRequest(query="python", num_results=5, **kw)  # type: ignore[arg-type]


def hits(*links: str) -> ProviderAnswer:
    return ProviderAnswer(results=[WebSearchResult(title=link, link=link, snippet="s") for link in links])


class Rendezvous(FakeSearch):
    """Answers only once every other member of its group has been called: proof they ran at once."""

    def __init__(self, name: str, group: list[Rendezvous], answer: ProviderAnswer) -> None:
        super().__init__(name, answer)
        self.arrived = asyncio.Event()
        self.group = group
        group.append(self)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        self.arrived.set()
        for other in self.group:
            await other.arrived.wait()
        return await super().send(wire)


async def test_the_first_two_providers_are_asked_at_once_and_their_results_fused() -> None:
    group: list[Rendezvous] = []
    serper = Rendezvous("serper", group, hits("https://a.example/", "https://both.example/x"))
    tavily = Rendezvous("tavily", group, hits("https://www.both.example/x", "https://b.example/"))
    brave = FakeSearch("brave")
    found = await fan_out(serper, tavily, brave).search(request())
    assert found.provider == "serper+tavily"
    results = found.answer.results
    assert [r.link for r in results] == ["https://both.example/x", "https://a.example/", "https://b.example/"]
    assert [r.providers for r in results] == [("serper", "tavily"), ("serper",), ("tavily",)]
    assert [(a.provider, a.outcome) for a in found.attempts] == [("serper", "ok"), ("tavily", "ok")]
    assert brave.calls == []


async def test_one_failing_costs_only_its_results() -> None:
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR, "HTTP 502"))
    tavily, brave = FakeSearch("tavily", hits("https://t.example/")), FakeSearch("brave")
    found = await fan_out(serper, tavily, brave).search(request())
    assert found.provider == "tavily"
    assert [(r.link, r.providers) for r in found.answer.results] == [("https://t.example/", ("tavily",))]
    assert [(a.provider, a.outcome) for a in found.attempts] == [("serper", "server_error"), ("tavily", "ok")]
    assert brave.calls == []


async def test_when_all_of_the_group_fail_the_usual_failover_continues_down_the_chain() -> None:
    serper = FakeSearch("serper", fail("serper", K.RATE_LIMITED))
    tavily = FakeSearch("tavily", fail("tavily", K.TIMEOUT))
    brave, searxng = FakeSearch("brave", hits("https://b.example/")), FakeSearch("searxng")
    found = await fan_out(serper, tavily, brave, searxng).search(request())
    assert found.provider == "brave"
    assert [(a.provider, a.outcome) for a in found.attempts] == [
        ("serper", "rate_limited"),
        ("tavily", "timeout"),
        ("brave", "ok"),
    ]
    assert searxng.calls == []


async def test_a_stopping_failure_in_the_group_ends_the_call_when_nobody_answered() -> None:
    serper = FakeSearch("serper", fail("serper", K.AUTH, "HTTP 401"))
    tavily = FakeSearch("tavily", fail("tavily", K.SERVER_ERROR))
    brave = FakeSearch("brave")
    with pytest.raises(SearchFailed) as caught:
        await fan_out(serper, tavily, brave).search(request())
    assert caught.value.kind is K.AUTH
    assert brave.calls == []


async def test_refused_and_open_circuit_providers_are_skipped_when_the_group_is_chosen() -> None:
    clock = SystemClock()
    health = ProviderHealth(clock, BreakerPolicy(failure_threshold=1), HedgePolicy(cap_seconds=0))
    health.record_failure("tavily", fail("tavily", K.SERVER_ERROR))
    serper = FakeSearch("serper", capabilities=())
    tavily = FakeSearch("tavily")
    brave, searxng = FakeSearch("brave", hits("https://b.example/")), FakeSearch("searxng", hits("https://s.example/"))
    found = await fan_out(serper, tavily, brave, searxng, health=health).search(request(country="de"))
    assert found.provider == "brave+searxng"
    assert [(a.provider, a.outcome) for a in found.attempts] == [
        ("serper", "skipped"),
        ("tavily", "skipped"),
        ("brave", "ok"),
        ("searxng", "ok"),
    ]
    assert Filter.COUNTRY not in serper.capabilities
    assert serper.calls == tavily.calls == []


async def test_with_one_admitted_provider_the_plain_path_serves_it() -> None:
    serper, tavily = FakeSearch("serper", capabilities=()), FakeSearch("tavily", ok(2, "tavily"))
    found = await fan_out(serper, tavily, size=3).search(request(country="de"))
    assert found.provider == "tavily"
    assert found.answer.results[0].providers == ()


async def test_a_group_member_still_running_at_the_deadline_is_dropped_and_the_rest_returned() -> None:
    serper, tavily = FakeSearch("serper", Hang()), FakeSearch("tavily", hits("https://t.example/"))
    found = await fan_out(serper, tavily, deadline=0.05).search(request())
    assert found.provider == "tavily"
    assert [(a.provider, a.outcome) for a in found.attempts] == [("serper", "timeout"), ("tavily", "ok")]
    assert found.attempts[0].detail == "still running at the deadline"
    assert serper.cancelled == 1


async def test_when_the_whole_group_is_still_running_at_the_deadline_the_call_times_out() -> None:
    serper, tavily = FakeSearch("serper", Hang()), FakeSearch("tavily", Hang())
    with pytest.raises(SearchFailed) as caught:
        await fan_out(serper, tavily, deadline=0.05).search(request())
    assert caught.value.kind is K.TIMEOUT
    assert [(a.provider, a.outcome) for a in caught.value.attempts] == [("serper", "timeout"), ("tavily", "timeout")]


async def test_the_first_synthesized_answer_in_chain_order_is_kept() -> None:
    serper = FakeSearch("serper", hits("https://a.example/"))
    perplexity = FakeSearch("perplexity", ProviderAnswer(results=[], answer="Sonar says."))
    found = await fan_out(serper, perplexity).search(request())
    assert found.answer.answer == "Sonar says."
    assert found.provider == "serper+perplexity"


async def test_the_fused_list_is_cut_to_the_results_asked_for() -> None:
    serper, tavily = FakeSearch("serper", ok(5, "serper")), FakeSearch("tavily", ok(5, "tavily"))
    found = await fan_out(serper, tavily).search(SearchRequest(query="python", num_results=3))
    assert [r.link for r in found.answer.results] == [
        "https://serper.example/0",
        "https://tavily.example/0",
        "https://serper.example/1",
    ]


def test_fanout_one_builds_the_plain_chain_and_more_builds_a_fan_out() -> None:
    clock = SystemClock()
    common = {"clock": clock, "redactor": Redactor(()), "health": ProviderHealth(clock), "attempt_timeout": 1.0}
    plain = provider_chain([FakeSearch("a")], fanout=1, deadline=2.0, **common)  # type: ignore[arg-type]
    wide = provider_chain([FakeSearch("a")], fanout=3, deadline=2.0, **common)  # type: ignore[arg-type]
    assert type(plain) is ProviderChain
    assert isinstance(wide, FanOutChain)
    with pytest.raises(ValueError, match="at least two"):
        FanOutChain([], size=1, deadline=2.0, **common)  # type: ignore[arg-type]
