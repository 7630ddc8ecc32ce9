"""Recent latencies per provider, and the hedge delay derived from them.

Hedging (starting the next provider when the first is slow) pays off only if "slow" is measured
against what the provider usually does. The window keeps the last successful calls only: a
timeout's duration is the timeout, not the provider's speed. Percentiles use the nearest-rank
method, so every figure is a latency that was actually observed.
"""

from __future__ import annotations

import math
from collections import deque


class LatencyWindow:
    """The last ``size`` successful-call latencies of one provider, in seconds."""

    def __init__(self, size: int = 50) -> None:
        if size < 1:
            raise ValueError("size must be at least 1")
        self._samples: deque[float] = deque(maxlen=size)

    def record(self, seconds: float) -> None:
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"a latency must be a finite, non-negative number of seconds, not {seconds!r}")
        self._samples.append(seconds)

    def __len__(self) -> int:
        return len(self._samples)

    def percentile(self, fraction: float) -> float | None:
        """The nearest-rank percentile for ``fraction`` in (0, 1]; None while the window is empty."""
        if not 0 < fraction <= 1:
            raise ValueError("fraction must be in (0, 1]")
        if not self._samples:
            return None
        ordered = sorted(self._samples)
        rank = math.ceil(fraction * len(ordered))
        return ordered[rank - 1]

    @property
    def p50(self) -> float | None:
        return self.percentile(0.50)

    @property
    def p95(self) -> float | None:
        return self.percentile(0.95)


class LatencyBoard:
    """One window per provider name, created on first use."""

    def __init__(self, size: int = 50) -> None:
        self._size = size
        self._windows: dict[str, LatencyWindow] = {}

    def for_provider(self, name: str) -> LatencyWindow:
        window = self._windows.get(name)
        if window is None:
            window = self._windows[name] = LatencyWindow(self._size)
        return window


def hedge_delay(
    window: LatencyWindow,
    *,
    floor_seconds: float = 1.0,
    cap_seconds: float = 2.5,
    min_samples: int = 10,
) -> float | None:
    """How long to wait on a provider before hedging to the next one; None means never hedge.

    The p95 clamped to ``[floor_seconds, cap_seconds]``: the floor stops a fast provider's hiccup
    from doubling traffic, the cap bounds what a caller waits on a provider that got slow. With
    fewer than ``min_samples`` the p95 means little, so the cap alone applies. ``cap_seconds`` of
    0 (or less) disables hedging. A floor above the cap yields the cap.
    """
    if cap_seconds <= 0:
        return None
    p95 = window.p95
    if len(window) < min_samples or p95 is None:
        return cap_seconds
    return min(max(p95, floor_seconds), cap_seconds)
