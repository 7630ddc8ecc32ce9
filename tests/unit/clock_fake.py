"""A hand-driven ``Clock`` for tests: time moves only when a test says so, and never by sleeping."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

START = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)


class FakeClock:
    """Implements ``domain.ports.Clock``; ``advance`` moves monotonic and wall time together."""

    def __init__(self, start: datetime = START, monotonic_start: float = 1000.0) -> None:
        self._wall = start
        self._mono = monotonic_start

    def monotonic(self) -> float:
        return self._mono

    def now(self) -> datetime:
        return self._wall

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time does not go backwards")
        self._mono += seconds
        self._wall += timedelta(seconds=seconds)
