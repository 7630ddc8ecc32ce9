"""The answer cache in Redis: JSON of our models, the same TTL, shared, and local while Redis is away."""

from __future__ import annotations

import asyncio

import pytest

from adapters.cache.memory import MemoryCache
from adapters.redis.cache import KEY_PREFIX, RedisCache
from adapters.redis.link import RedisLink
from domain.models import Attempt, AttemptOutcome, SearchOutcome, WebSearchResult
from tests.support.redis_server import RedisServer
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio

OUTCOME = SearchOutcome(
    query="q",
    provider="serper",
    results=(WebSearchResult(title="t", link="https://a.example/1", snippet="s"),),
    attempts=(Attempt(provider="serper", outcome=AttemptOutcome.OK),),
    took_ms=12.5,
)


def cache(link: RedisLink, clock: FakeClock, ttl: float = 60.0) -> RedisCache[SearchOutcome]:
    return RedisCache(link, SearchOutcome, ttl_seconds=ttl, local=MemoryCache(clock, ttl_seconds=ttl))


async def test_what_one_replica_stores_another_reads_back_equal(link: RedisLink, clock: FakeClock) -> None:
    await cache(link, clock).set("k", OUTCOME)
    assert await cache(link, clock).get("k") == OUTCOME  # a fresh adapter: no local copy


async def test_values_are_json_with_the_ttl_as_their_lifetime(link: RedisLink, clock: FakeClock) -> None:
    await cache(link, clock, ttl=30).set("k", OUTCOME)
    raw = await link.run(lambda c: c.get(KEY_PREFIX + "k"))
    assert SearchOutcome.model_validate_json(raw) == OUTCOME
    ttl_ms = await link.run(lambda c: c.pttl(KEY_PREFIX + "k"))
    assert 0 < ttl_ms <= 30_000


async def test_a_value_that_is_not_our_model_is_a_miss(link: RedisLink, clock: FakeClock) -> None:
    await link.run(lambda c: c.set(KEY_PREFIX + "k", b"\x80\x04pickle?"))
    assert await cache(link, clock).get("k") is None
    await link.run(lambda c: c.set(KEY_PREFIX + "k", b'{"query": 5}'))
    assert await cache(link, clock).get("k") is None


async def test_a_ttl_of_zero_stores_nothing(link: RedisLink, clock: FakeClock) -> None:
    await cache(link, clock, ttl=0).set("k", OUTCOME)
    assert await link.run(lambda c: c.exists(KEY_PREFIX + "k")) == 0


async def test_while_redis_is_away_this_replica_keeps_its_own_answers(
    link: RedisLink, clock: FakeClock, redis_server: RedisServer
) -> None:
    shared = cache(link, clock)
    redis_server.kill()
    await shared.set("k", OUTCOME)  # no error
    assert await shared.get("k") == OUTCOME
    assert await shared.get("other") is None


async def test_identical_reads_at_once_share_one_get(link: RedisLink, clock: FakeClock) -> None:
    await cache(link, clock).set("k", OUTCOME)  # another replica's answer
    reader = cache(link, clock)
    await link.run(lambda c: c.config_resetstat())
    found = await asyncio.gather(*(reader.get("k") for _ in range(50)))
    assert found == [OUTCOME] * 50
    stats = await link.run(lambda c: c.info("commandstats"))
    assert stats["cmdstat_get"]["calls"] == 1


async def test_this_replicas_own_answers_are_served_without_asking_redis(link: RedisLink, clock: FakeClock) -> None:
    shared = cache(link, clock)
    await shared.set("k", OUTCOME)
    await link.run(lambda c: c.config_resetstat())
    assert await shared.get("k") == OUTCOME
    stats = await link.run(lambda c: c.info("commandstats"))
    assert "cmdstat_get" not in stats
    assert await shared.get("elsewhere") is None  # a local miss still asks Redis
    stats = await link.run(lambda c: c.info("commandstats"))
    assert stats["cmdstat_get"]["calls"] == 1
