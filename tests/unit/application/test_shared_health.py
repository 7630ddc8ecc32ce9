"""Cooldowns shared through a ``BreakerStatePort``: one replica's open breaker keeps the others off."""

from __future__ import annotations

import pytest

from application.provider_health import ProviderHealth
from domain.circuit_breaker import BreakerState
from domain.errors import FailureKind
from tests.support.fake_ports import FakeStore, fail
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio


async def test_a_breaker_tripped_on_one_replica_turns_the_other_away_until_the_cooldown_ends() -> None:
    clock = FakeClock()
    store = FakeStore(clock)
    first, second = ProviderHealth(clock, shared=store), ProviderHealth(clock, shared=store)
    for _ in range(3):
        first.record_failure("serper", fail("serper", FailureKind.SERVER_ERROR))
    await first.share()
    await second.load_shared(["serper", "tavily"])
    assert not second.admit("serper").admitted
    assert second.admit("tavily").admitted
    clock.advance(30)
    await second.load_shared(["serper"])
    assert second.admit("serper").probe


async def test_retry_after_advice_is_shared_even_before_the_breaker_would_trip() -> None:
    clock = FakeClock()
    store = FakeStore(clock)
    first, second = ProviderHealth(clock, shared=store), ProviderHealth(clock, shared=store)
    first.record_failure("serper", fail("serper", FailureKind.RATE_LIMITED, retry_after="120"))
    await first.share()
    await second.load_shared(["serper"])
    assert second.status("serper").circuit is BreakerState.OPEN
    clock.advance(119)
    assert not second.admit("serper").admitted


async def test_failures_that_open_nothing_share_nothing() -> None:
    clock = FakeClock()
    store = FakeStore(clock)
    health = ProviderHealth(clock, shared=store)
    health.record_failure("serper", fail("serper", FailureKind.SERVER_ERROR))
    health.record_failure("serper", fail("serper", FailureKind.AUTH))
    await health.share()
    assert store.until == {}
