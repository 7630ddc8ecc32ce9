"""Where replicas keep what they share: memory by default, Redis with SEARCHRELAY_REDIS_URL.

Each factory builds the local (memory) piece first; with a Redis link it wraps it in the Redis
adapter, which falls back to that local piece whenever Redis is away. The Redis client library
is imported only when a URL is configured, so a plain stdio start pays nothing for it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from adapters.cache.memory import MemoryCache
from domain.models import SearchOutcome
from domain.ports import BreakerStatePort, CachePort, Clock, FlightLockPort, RateLimiterPort, ReadinessProbe
from entrypoints.settings import Settings

if TYPE_CHECKING:
    from adapters.redis.link import RedisLink

# The answer lock outlives the deadline a little, so a slow winner keeps it to the end of its call.
LOCK_MARGIN_SECONDS = 1.0


def redis_link(settings: Settings, clock: Clock) -> RedisLink | None:
    """The link to Redis, or None without a URL. Connects on first use, not here."""
    if settings.redis_url is None:
        return None
    from adapters.redis.link import RedisLink, redis_client

    timeout = settings.redis_timeout_seconds
    return RedisLink(redis_client(settings.redis_url.get_secret_value(), timeout), clock=clock, timeout_seconds=timeout)


async def closing(link: RedisLink | None) -> AsyncIterator[None]:
    """A container resource whose only job is to close the link's connections when the container stops."""
    try:
        yield None
    finally:
        if link is not None:
            await link.aclose()


def answer_cache(settings: Settings, clock: Clock, link: RedisLink | None) -> CachePort[SearchOutcome]:
    local: MemoryCache[SearchOutcome] = MemoryCache(
        clock, ttl_seconds=settings.cache_ttl_seconds, max_entries=settings.cache_max_entries
    )
    if link is None:
        return local
    from adapters.redis.cache import RedisCache

    return RedisCache(link, SearchOutcome, ttl_seconds=settings.cache_ttl_seconds, local=local)


def answer_lock(settings: Settings, link: RedisLink | None) -> FlightLockPort | None:
    """Without a shared cache there is no answer to wait for, so no lock either."""
    if link is None or settings.cache_ttl_seconds == 0:
        return None
    from adapters.redis.flight_lock import RedisFlightLock

    return RedisFlightLock(link, lease_seconds=settings.deadline_seconds + LOCK_MARGIN_SECONDS)


def breaker_store(link: RedisLink | None) -> BreakerStatePort | None:
    if link is None:
        return None
    from adapters.redis.breaker_store import RedisBreakerStore

    return RedisBreakerStore(link)


def readiness_probes(link: RedisLink | None) -> tuple[ReadinessProbe, ...]:
    """What /readyz asks besides the providers: Redis, when configured."""
    if link is None:
        return ()
    from adapters.redis.readiness import RedisReadiness

    return (RedisReadiness(link),)


def rate_limiter(link: RedisLink | None, *, rate: float, burst: int, local: RateLimiterPort) -> RateLimiterPort:
    """The per-token limit: ``local`` (this replica's buckets) alone, or Redis's shared ones before it."""
    if link is None:
        return local
    from adapters.redis.rate_limiter import RedisRateLimiter

    return RedisRateLimiter(link, rate=rate, burst=burst, local=local)
