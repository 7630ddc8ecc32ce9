"""The shared token bucket: a burst, then the wait for the next token; per caller; local without Redis."""

from __future__ import annotations

import asyncio

import pytest

from adapters.redis.link import RedisLink
from adapters.redis.rate_limiter import KEY_PREFIX, RedisRateLimiter
from tests.support.fake_ports import FixedLimiter
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.anyio

SLOW_RATE = 0.01  # one token per 100 s: nothing refills while a test runs


def limiter(link: RedisLink, burst: int = 3, local: FixedLimiter | None = None) -> RedisRateLimiter:
    return RedisRateLimiter(link, rate=SLOW_RATE, burst=burst, local=local or FixedLimiter(None))


async def test_a_burst_goes_ahead_then_the_caller_is_told_how_long_to_wait(link: RedisLink) -> None:
    bucket = limiter(link)
    assert [await bucket.acquire("alice") for _ in range(3)] == [None, None, None]
    wait = await bucket.acquire("alice")
    assert wait is not None
    assert 90 < wait <= 100  # the next token, at 0.01 tokens per second


async def test_replicas_share_one_bucket_per_caller_and_callers_do_not_share(link: RedisLink) -> None:
    first, second = limiter(link, burst=2), limiter(link, burst=2)
    assert await first.acquire("alice") is None
    assert await second.acquire("alice") is None
    assert await first.acquire("alice") is not None
    assert await second.acquire("bob") is None


async def test_concurrent_takes_never_hand_out_more_than_the_burst(link: RedisLink) -> None:
    bucket = limiter(link, burst=10)
    waits = await asyncio.gather(*(bucket.acquire("alice") for _ in range(50)))
    assert sum(w is None for w in waits) == 10


async def test_an_idle_bucket_expires(link: RedisLink) -> None:
    await limiter(link).acquire("alice")
    left_ms = await link.run(lambda c: c.pttl(KEY_PREFIX + "alice"))
    assert 0 < left_ms <= (3 / SLOW_RATE + 1) * 1000


async def test_without_redis_the_local_limiter_decides(link: RedisLink, redis_server: RedisServer) -> None:
    local = FixedLimiter(7.0)
    bucket = limiter(link, local=local)
    redis_server.kill()
    assert await bucket.acquire("alice") == 7.0
    assert local.callers == ["alice"]
