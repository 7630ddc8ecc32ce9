"""An in-process cache: TTL expiry by the injected clock, bounded by true LRU (and size, if asked).

Good for one replica; replicas that should share answers need a shared store behind the same
``CachePort``. No method awaits, so each get or set is atomic within the event loop.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from domain.ports import Clock

V = TypeVar("V")


@dataclass(frozen=True)
class _Entry(Generic[V]):
    expires_at: float  # monotonic
    value: V
    size: int


class MemoryCache(Generic[V]):
    """``CachePort`` in memory. Every operation costs O(1), amortized.

    ``ttl_seconds`` of 0 disables the cache (get always misses, set stores nothing) so that
    configuration can turn caching off without rewiring. Values are stored and handed out as
    they are, never copied: they must be immutable (frozen models with tuples, frozen
    dataclasses), which is what lets a hit cost a dictionary lookup.

    Every entry lives the same TTL, so entries expire in the order they were stored. A queue of
    (expiry, key) in that order lets each ``set`` drop what has expired from its front, without
    scanning the entries, so an expired entry gives up its slot before a live one is evicted.

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
        self._expiries: deque[tuple[float, str]] = deque()  # in storing order, so in expiry order

    async def get(self, key: str) -> V | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if self._clock.monotonic() >= entry.expires_at:
            self._remove(key)
            return None
        self._entries.move_to_end(key)
        return entry.value

    async def set(self, key: str, value: V) -> None:
        if self._ttl == 0:
            return
        size = self._size_of(value) if self._size_of is not None else 0
        self._remove(key)
        if size > self._max_size:  # never without size_of: both are 0 then
            return
        now = self._clock.monotonic()
        self._drop_expired(now)
        expires_at = now + self._ttl
        self._entries[key] = _Entry(expires_at, value, size)
        self._size += size
        self._expiries.append((expires_at, key))
        while len(self._entries) > self._max_entries or self._size > self._max_size:
            self._remove(next(iter(self._entries)))
        if len(self._expiries) > 2 * self._max_entries:
            self._compact()

    def __len__(self) -> int:
        """Entries held, including expired ones not yet noticed."""
        return len(self._entries)

    def _remove(self, key: str) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._size -= entry.size

    def _drop_expired(self, now: float) -> None:
        while self._expiries and self._expiries[0][0] <= now:
            item = self._expiries.popleft()
            if self._is_current(item):  # not stored again since
                self._remove(item[1])

    def _compact(self) -> None:
        # Keys stored again, or evicted by LRU, leave stale items in the queue. Filtering them out
        # once they outnumber the entries keeps the queue bounded, at O(1) per set amortized.
        self._expiries = deque(item for item in self._expiries if self._is_current(item))

    def _is_current(self, item: tuple[float, str]) -> bool:
        entry = self._entries.get(item[1])
        return entry is not None and entry.expires_at == item[0]
