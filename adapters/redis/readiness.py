"""Whether Redis answers now: the readiness probe a server's /readyz asks when Redis is configured."""

from __future__ import annotations

from adapters.redis.link import RedisLink


class RedisReadiness:
    name = "redis"

    def __init__(self, link: RedisLink) -> None:
        self._link = link

    async def check(self) -> str | None:
        if await self._link.ping():
            return None
        return "redis unreachable: shared cache, breakers and rate limits fall back to this replica's own"
