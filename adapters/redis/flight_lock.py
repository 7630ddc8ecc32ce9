"""``FlightLockPort`` in Redis: ``SET key token NX PX`` to take, compare-and-delete to let go.

The lock expires by itself after ``lease_seconds``, so a replica that dies holding it blocks the
others for at most that long. Releasing checks the token in a script, so a replica whose lock
expired (and was taken by another) never deletes the new holder's lock. With Redis away,
``acquire`` answers with a local token: every replica works on its own, as one replica would.
"""

from __future__ import annotations

import math
import secrets

from adapters.redis.link import RedisLink, RedisUnavailable

KEY_PREFIX = "searchrelay:flight:"
LOCAL_TOKEN = "local"  # noqa: S105 (not a password: handed out while Redis is away; releasing it asks nothing of Redis)

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisFlightLock:
    def __init__(self, link: RedisLink, *, lease_seconds: float) -> None:
        if lease_seconds <= 0:
            raise ValueError("lease_seconds must be positive")
        self._link = link
        self._lease_ms = math.ceil(lease_seconds * 1000)

    async def acquire(self, key: str) -> str | None:
        token = secrets.token_hex(16)
        try:
            taken = await self._link.run(lambda c: c.set(KEY_PREFIX + key, token, nx=True, px=self._lease_ms))
        except RedisUnavailable:
            return LOCAL_TOKEN
        return token if taken else None

    async def release(self, key: str, token: str) -> None:
        if token == LOCAL_TOKEN:
            return
        await self._link.run_or_skip(lambda c: c.eval(_RELEASE, 1, KEY_PREFIX + key, token))

    async def held(self, key: str) -> bool:
        try:
            return bool(await self._link.run(lambda c: c.exists(KEY_PREFIX + key)))
        except RedisUnavailable:
            return False
