"""Key pools under the chain: a 429 on one key must not count against the provider while a key is left."""

from __future__ import annotations

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.key_pool import KeyPool
from adapters.search.serper import SerperSearch
from application.provider_chain import ProviderChain
from application.provider_health import HedgePolicy, ProviderHealth
from domain.circuit_breaker import BreakerPolicy, BreakerState
from domain.models import SearchRequest
from domain.redaction import Redactor
from tests.support.fake_ports import FakeSearch, ok
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio
KEYS = ("pool-key-one-1111", "pool-key-two-2222")
SERPER_OK = {"organic": [{"title": "T", "link": "https://example.com/", "snippet": "S"}]}
REQUEST = SearchRequest(query="python", num_results=2)


class Serper:
    """A Serper over MockTransport whose answer per key the test sets."""

    def __init__(self, clock: FakeClock) -> None:
        self.limited: set[str] = set()
        self.sent: list[str] = []
        self.keys = KeyPool("serper", [SecretStr(k) for k in KEYS], clock)
        self.port = SerperSearch(httpx.AsyncClient(transport=httpx.MockTransport(self._answer)), self.keys)

    def _answer(self, request: httpx.Request) -> httpx.Response:
        key = request.headers["X-API-KEY"]
        self.sent.append(key)
        if key in self.limited:
            return httpx.Response(429, json={"message": "Too many requests"}, headers={"Retry-After": "20"})
        return httpx.Response(200, json=SERPER_OK)


def chain(
    clock: FakeClock, serper: Serper, fallback: FakeSearch, threshold: int = 3
) -> tuple[ProviderChain, ProviderHealth]:
    health = ProviderHealth(clock, BreakerPolicy(failure_threshold=threshold), HedgePolicy(cap_seconds=0))
    built = ProviderChain(
        [serper.port, fallback],
        clock=clock,
        redactor=Redactor(KEYS),
        health=health,
        attempt_timeout=5,
        deadline=10,
    )
    return built, health


async def test_a_429_on_one_key_is_no_failure_of_the_provider_while_another_key_answers() -> None:
    clock = FakeClock()
    serper, tavily = Serper(clock), FakeSearch("tavily", ok(2, "tavily"))
    serper.limited.add(KEYS[0])
    found, health = chain(clock, serper, tavily, threshold=1)
    for _ in range(3):
        answer = await found.search(REQUEST)
        assert answer.provider == "serper"
        assert [(a.provider, a.outcome) for a in answer.attempts] == [("serper", "ok")]
    status = health.status("serper")
    # A threshold of one failure, a Retry-After of 20 s: either would have opened the circuit.
    assert (status.circuit, status.consecutive_failures) == (BreakerState.CLOSED, 0)
    assert serper.sent == [KEYS[0], KEYS[1], KEYS[1], KEYS[1]]
    assert tavily.calls == []


async def test_a_provider_whose_keys_all_rest_is_rate_limited_and_the_chain_fails_over() -> None:
    clock = FakeClock()
    serper, tavily = Serper(clock), FakeSearch("tavily", ok(2, "tavily"))
    serper.limited.update(KEYS)
    found, health = chain(clock, serper, tavily)
    answer = await found.search(REQUEST)
    assert answer.provider == "tavily"
    assert [(a.provider, a.outcome) for a in answer.attempts] == [("serper", "rate_limited"), ("tavily", "ok")]
    assert "no key left to try (2 keys: 0 usable, 2 resting" in answer.attempts[0].detail
    assert all(key not in answer.attempts[0].detail for key in KEYS)
    # Below the failure threshold, the circuit is open only until the first key wakes (the pool's
    # Retry-After), and meanwhile the chain sends serper nothing.
    assert health.status("serper").circuit is BreakerState.OPEN
    await found.search(REQUEST)
    assert len(serper.sent) == 2
    clock.advance(20)
    serper.limited.clear()
    assert (await found.search(REQUEST)).provider == "serper"
    assert health.status("serper").circuit is BreakerState.CLOSED
