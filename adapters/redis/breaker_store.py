"""``BreakerStatePort`` in Redis: one key per provider that lives exactly as long as its cooldown.

A replica whose breaker opens (or that a provider told to wait, Retry-After) writes the cooldown
as the key's lifetime; the others read what is left with PTTL. Lifetimes are counted by Redis's
clock alone, so replicas whose clocks disagree still agree on when a cooldown ends. A shorter
cooldown never cuts a longer one short (the script keeps the longer). With Redis away, nothing
is shared and each replica's own breaker goes on deciding alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from redis.asyncio import Redis

from adapters.redis.link import RedisLink, RedisUnavailable

KEY_PREFIX = "searchrelay:cooldown:"

_EXTEND = """
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
    redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 0
"""


class RedisBreakerStore:
    def __init__(self, link: RedisLink) -> None:
        self._link = link

    async def load(self, names: Sequence[str]) -> dict[str, float]:
        if not names:
            return {}
        try:
            left = await self._link.run(lambda client: _pttls(client, names))
        except RedisUnavailable:
            return {}
        return {name: ms / 1000 for name, ms in zip(names, left, strict=True) if ms > 0}

    async def save(self, name: str, seconds: float) -> None:
        ms = math.ceil(seconds * 1000)
        if ms <= 0:
            return
        await self._link.run_or_skip(lambda client: client.eval(_EXTEND, 1, KEY_PREFIX + name, ms))


async def _pttls(client: Redis, names: Sequence[str]) -> list[int]:
    """Milliseconds left per key in one round trip (-2: no key, so no cooldown)."""
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.pttl(KEY_PREFIX + name)
    return [int(ms) for ms in await pipe.execute()]
