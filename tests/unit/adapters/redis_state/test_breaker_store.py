"""Shared cooldowns: what one replica saves another loads; the longer cooldown wins; none without Redis."""

from __future__ import annotations

import pytest

from adapters.redis.breaker_store import RedisBreakerStore
from adapters.redis.link import RedisLink
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.anyio


async def test_a_saved_cooldown_is_loaded_by_another_replica_with_what_is_left(link: RedisLink) -> None:
    await RedisBreakerStore(link).save("serper", 30)
    loaded = await RedisBreakerStore(link).load(["serper", "tavily"])
    assert set(loaded) == {"serper"}
    assert 0 < loaded["serper"] <= 30


async def test_a_shorter_cooldown_never_cuts_a_longer_one_short(link: RedisLink) -> None:
    store = RedisBreakerStore(link)
    await store.save("serper", 300)
    await store.save("serper", 5)
    assert (await store.load(["serper"]))["serper"] > 5
    await store.save("serper", 900)
    assert (await store.load(["serper"]))["serper"] > 300


async def test_nothing_is_shared_without_redis(link: RedisLink, redis_server: RedisServer) -> None:
    store = RedisBreakerStore(link)
    await store.save("serper", 30)
    redis_server.kill()
    await store.save("serper", 60)
    assert await store.load(["serper"]) == {}
