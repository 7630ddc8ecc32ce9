"""The real clock behind the ``Clock`` port."""

from __future__ import annotations

import time
from datetime import UTC, datetime


class SystemClock:
    """Monotonic time for durations and deadlines; aware UTC wall time for what users read."""

    def monotonic(self) -> float:
        return time.monotonic()

    def now(self) -> datetime:
        return datetime.now(UTC)
