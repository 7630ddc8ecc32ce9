"""``CachePort`` in Redis, shared by every replica: the answers, as JSON of our own models.

Values are the model's JSON (``model_dump_json``) and come back through ``model_validate_json``:
nothing read from Redis is ever unpickled or executed, and a value that does not validate (a
different version wrote it, or someone else) is a miss, not an error. Each key lives the same TTL
as in memory (``SET ... PX``); the bound on the whole is Redis's own eviction, which docs/
configuration.md says how to set (``maxmemory`` with ``allkeys-lru``).

Two levels: this replica's own answers sit in its local cache too and are served from there
without a round trip; Redis is asked for the rest (what other replicas found). So a replica whose
Redis is away, slow or overloaded still keeps its own hits, and a burst of repeated queries on a
busy replica does not turn into repeated upstream calls when Redis answers late.
"""

from __future__ import annotations

import asyncio
import math
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError

from adapters.redis.link import RedisLink, RedisUnavailable
from domain.ports import CachePort

M = TypeVar("M", bound=BaseModel)

KEY_PREFIX = "searchrelay:answer:"
# A value larger than this is neither stored nor read back: answers are a few KB, pages are not cached here.
MAX_VALUE_BYTES = 2_000_000


class RedisCache(Generic[M]):
    def __init__(self, link: RedisLink, model: type[M], *, ttl_seconds: float, local: CachePort[M]) -> None:
        if ttl_seconds < 0:
            raise ValueError("ttl_seconds must be 0 (disabled) or positive")
        self._link = link
        self._model = model
        self._ttl_ms = math.ceil(ttl_seconds * 1000)
        self._local = local
        self._reading: dict[str, asyncio.Future[M | None]] = {}

    async def get(self, key: str) -> M | None:
        if self._ttl_ms == 0:
            return None
        mine = await self._local.get(key)
        if mine is not None:
            return mine
        # Identical calls arrive together (that is what single flight is for): one GET serves them all.
        reading = self._reading.get(key)
        if reading is None:
            reading = self._reading[key] = asyncio.ensure_future(self._read(key))
            reading.add_done_callback(lambda _: self._reading.pop(key, None))
        return await asyncio.shield(reading)

    async def _read(self, key: str) -> M | None:
        try:
            raw = await self._link.run(lambda client: client.get(KEY_PREFIX + key))
        except RedisUnavailable:
            return None  # the local cache was asked first
        if not isinstance(raw, bytes) or len(raw) > MAX_VALUE_BYTES:
            return None
        try:
            return self._model.model_validate_json(raw)
        except ValidationError:
            return None

    async def set(self, key: str, value: M) -> None:
        if self._ttl_ms == 0:
            return
        await self._local.set(key, value)  # served from here by this replica, Redis or not
        raw = value.model_dump_json().encode()
        if len(raw) > MAX_VALUE_BYTES:
            return
        await self._link.run_or_skip(lambda client: client.set(KEY_PREFIX + key, raw, px=self._ttl_ms))
