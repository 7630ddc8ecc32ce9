"""The replicas' lock: one holder at a time, only the holder lets go, a lease, and no lock without Redis."""

from __future__ import annotations

import pytest

from adapters.redis.flight_lock import KEY_PREFIX, LOCAL_TOKEN, RedisFlightLock
from adapters.redis.link import RedisLink
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.anyio


async def test_one_holder_at_a_time_and_free_again_once_released(link: RedisLink) -> None:
    first, second = RedisFlightLock(link, lease_seconds=5), RedisFlightLock(link, lease_seconds=5)
    token = await first.acquire("k")
    assert token is not None
    assert await second.acquire("k") is None
    assert await second.held("k")
    await first.release("k", token)
    assert not await second.held("k")
    assert await second.acquire("k") is not None


async def test_a_stale_token_does_not_release_the_new_holders_lock(link: RedisLink) -> None:
    lock = RedisFlightLock(link, lease_seconds=5)
    old = await lock.acquire("k")
    assert old is not None
    await link.run(lambda c: c.delete(KEY_PREFIX + "k"))  # as if the lease had run out
    new = await lock.acquire("k")
    assert new is not None
    await lock.release("k", old)
    assert await lock.held("k")


async def test_the_lock_expires_after_its_lease(link: RedisLink) -> None:
    await RedisFlightLock(link, lease_seconds=7).acquire("k")
    left_ms = await link.run(lambda c: c.pttl(KEY_PREFIX + "k"))
    assert 0 < left_ms <= 7000


async def test_without_redis_everyone_goes_ahead(link: RedisLink, redis_server: RedisServer) -> None:
    lock = RedisFlightLock(link, lease_seconds=5)
    redis_server.kill()
    assert await lock.acquire("k") == LOCAL_TOKEN
    assert await lock.acquire("k") == LOCAL_TOKEN
    assert not await lock.held("k")
    await lock.release("k", LOCAL_TOKEN)
