"""The in-memory token bucket: a burst goes through, then one call per 1/rate seconds, per caller."""

from __future__ import annotations

import pytest

from adapters.ratelimit.memory import MemoryRateLimiter
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio


async def test_a_full_bucket_lets_the_burst_through_then_says_how_long_to_wait() -> None:
    limiter = MemoryRateLimiter(FakeClock(), rate=2.0, burst=3)
    assert [await limiter.acquire("a") for _ in range(3)] == [None, None, None]
    assert await limiter.acquire("a") == pytest.approx(0.5)


async def test_tokens_come_back_at_the_rate_and_never_beyond_the_burst() -> None:
    clock = FakeClock()
    limiter = MemoryRateLimiter(clock, rate=2.0, burst=2)
    await limiter.acquire("a")
    await limiter.acquire("a")
    clock.advance(0.25)
    assert await limiter.acquire("a") == pytest.approx(0.25)  # half a token so far
    clock.advance(0.25)
    assert await limiter.acquire("a") is None
    clock.advance(3600)
    assert [await limiter.acquire("a") for _ in range(3)][:2] == [None, None]
    assert await limiter.acquire("a") is not None


async def test_a_refused_call_takes_nothing_so_waiting_the_answer_is_enough() -> None:
    clock = FakeClock()
    limiter = MemoryRateLimiter(clock, rate=1.0, burst=1)
    await limiter.acquire("a")
    wait = await limiter.acquire("a")
    assert wait == pytest.approx(1.0)
    assert await limiter.acquire("a") == pytest.approx(1.0)
    clock.advance(1.0)
    assert await limiter.acquire("a") is None


async def test_callers_have_their_own_buckets() -> None:
    limiter = MemoryRateLimiter(FakeClock(), rate=1.0, burst=1)
    assert await limiter.acquire("a") is None
    assert await limiter.acquire("a") is not None
    assert await limiter.acquire("b") is None


async def test_memory_stays_bounded_by_forgetting_the_least_recently_seen_caller() -> None:
    limiter = MemoryRateLimiter(FakeClock(), rate=1.0, burst=1, max_callers=2)
    await limiter.acquire("a")
    await limiter.acquire("b")
    await limiter.acquire("a")  # refused, but seen: "b" is now the oldest
    await limiter.acquire("c")  # "b" is forgotten
    assert await limiter.acquire("a") is not None
    assert await limiter.acquire("b") is None  # a fresh bucket


@pytest.mark.parametrize(("rate", "burst"), [(0.0, 1), (-1.0, 1), (1.0, 0)])
def test_a_bucket_that_could_never_let_a_call_through_is_refused(rate: float, burst: int) -> None:
    with pytest.raises(ValueError, match="positive rate"):
        MemoryRateLimiter(FakeClock(), rate=rate, burst=burst)
