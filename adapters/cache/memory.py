"""An in-process cache: TTL expiry by the injected clock, bounded by true LRU.

Good for one replica; replicas that should share answers need a shared store behind the same
``CachePort``. No method awaits, so each get or set is atomic within the event loop.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from domain.ports import Clock

V = TypeVar("V")


@dataclass(frozen=True)
class _Entry(Generic[V]):
    expires_at: float  # monotonic
    value: V
    size: int


class MemoryCache(Generic[V]):
    """``CachePort`` in memory.

    ``ttl_seconds`` of 0 disables the cache (get always misses, set stores nothing) so that
    configuration can turn caching off without rewiring. Pydantic models are copied deeply on the
    way in and out: ``SearchOutcome`` is mutable, and a caller editing its answer must not edit the
    cache. Other values are stored as they are, so they should be immutable (frozen dataclasses).

    With ``size_of`` the entries' sizes together stay within ``max_size`` too (least recently used
    go first; a value larger than ``max_size`` on its own is not kept): what bounds the memory of a
    cache whose values may each be as large as a page.
    """

    def __init__(
        self,
        clock: Clock,
        *,
        ttl_seconds: float,
        max_entries: int = 512,
        size_of: Callable[[V], int] | None = None,
        max_size: int = 0,
    ) -> None:
        if ttl_seconds < 0:
            raise ValueError("ttl_seconds must be 0 (disabled) or positive")
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        if size_of is not None and max_size < 1:
            raise ValueError("max_size must be positive when size_of is given")
        self._clock = clock
        self._ttl = ttl_seconds
        self._max_entries = max_entries
        self._size_of = size_of
        self._max_size = max_size
        self._size = 0
        self._entries: OrderedDict[str, _Entry[V]] = OrderedDict()  # least recently used first

    async def get(self, key: str) -> V | None:
        if self._ttl == 0:
            return None
        entry = self._entries.get(key)
        if entry is None:
            return None
        if self._clock.monotonic() >= entry.expires_at:
            self._remove(key)
            return None
        self._entries.move_to_end(key)
        return _copy(entry.value)

    async def set(self, key: str, value: V) -> None:
        if self._ttl == 0:
            return
        size = self._size_of(value) if self._size_of is not None else 0
        self._remove(key)
        if size > self._max_size:
            return
        now = self._clock.monotonic()
        self._entries[key] = _Entry(now + self._ttl, _copy(value), size)
        self._size += size
        if self._over():
            self._drop_expired(now)
        while self._over():
            self._remove(next(iter(self._entries)))

    def __len__(self) -> int:
        """Entries held, including expired ones not yet noticed."""
        return len(self._entries)

    def _over(self) -> bool:
        return len(self._entries) > self._max_entries or self._size > self._max_size  # both 0 without size_of

    def _drop_expired(self, now: float) -> None:
        # Only when full: an expired entry should give up its slot before a live one is evicted.
        for key in [k for k, entry in self._entries.items() if now >= entry.expires_at]:
            self._remove(key)

    def _remove(self, key: str) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._size -= entry.size


def _copy(value: V) -> V:
    return value.model_copy(deep=True) if isinstance(value, BaseModel) else value
