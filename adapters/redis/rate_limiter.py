"""``RateLimiterPort`` in Redis: one token bucket per caller, shared by every replica.

The bucket is a hash (tokens, last refill) updated by one Lua script, so taking a token is atomic
however many replicas ask at once, and time is Redis's own clock (``TIME``), so replicas with
skewed clocks still share one rate. A bucket untouched long enough to be full again expires,
so idle callers cost no memory. While Redis is away the ``local`` limiter (this replica's own
buckets) decides: a caller may then get up to one burst per replica, never an error.
"""

from __future__ import annotations

import math

from adapters.redis.link import RedisLink, RedisUnavailable
from domain.ports import RateLimiterPort

KEY_PREFIX = "searchrelay:rate:"

# Returns the seconds to wait as a string: Lua numbers come back from Redis truncated to integers.
_ACQUIRE = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) + tonumber(now_parts[2]) / 1000000
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1])
local at = tonumber(bucket[2])
if tokens == nil or at == nil then
    tokens = burst
    at = now
end
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then
    tokens = tokens - 1
else
    wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return tostring(wait)
"""


class RedisRateLimiter:
    def __init__(self, link: RedisLink, *, rate: float, burst: int, local: RateLimiterPort) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive (tokens per second)")
        if burst < 1:
            raise ValueError("burst must be at least 1")
        self._link = link
        self._rate = rate
        self._burst = burst
        # Long enough for an empty bucket to fill up again; after that it is as good as new.
        self._idle_ms = math.ceil(burst / rate * 1000) + 1000
        self._local = local

    async def acquire(self, caller: str) -> float | None:
        try:
            raw = await self._link.run(
                lambda c: c.eval(_ACQUIRE, 1, KEY_PREFIX + caller, repr(self._rate), self._burst, self._idle_ms)
            )
        except RedisUnavailable:
            return await self._local.acquire(caller)
        wait = float(raw)
        return wait if wait > 0 else None
