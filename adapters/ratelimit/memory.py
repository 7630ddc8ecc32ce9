"""Per-caller token buckets in this process: the default ``RateLimiterPort``.

Each caller's bucket holds up to ``burst`` tokens and refills at ``rate`` tokens a second, by
the injected clock. Buckets are kept for at most ``max_callers`` callers (least recently seen
go first), so a flood of distinct callers cannot grow memory; a forgotten caller starts again
with a full bucket, which is what an idle caller would have by then anyway. No method awaits,
so each acquire is atomic within the event loop. Replicas that must share one quota use the
Redis adapter behind the same port.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from domain.ports import Clock


@dataclass
class _Bucket:
    tokens: float
    updated: float  # monotonic


class MemoryRateLimiter:
    """``RateLimiterPort`` in memory."""

    def __init__(self, clock: Clock, *, rate: float, burst: int, max_callers: int = 10_000) -> None:
        if rate <= 0 or burst < 1 or max_callers < 1:
            raise ValueError("a token bucket needs a positive rate, a burst of at least 1 and room for a caller")
        self._clock = clock
        self._rate = rate
        self._burst = float(burst)
        self._max_callers = max_callers
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    async def acquire(self, caller: str) -> float | None:
        now = self._clock.monotonic()
        bucket = self._buckets.pop(caller, None) or _Bucket(self._burst, now)
        self._buckets[caller] = bucket  # now the most recently seen
        if len(self._buckets) > self._max_callers:
            self._buckets.popitem(last=False)
        bucket.tokens = min(self._burst, bucket.tokens + (now - bucket.updated) * self._rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return None
        return (1.0 - bucket.tokens) / self._rate
