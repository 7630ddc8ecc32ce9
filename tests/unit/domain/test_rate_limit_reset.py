"""X-RateLimit-Reset read into bounded seconds: per-window lists (Brave), Unix times, junk."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from domain.retry_after import RETRY_AFTER_CAP_SECONDS, rate_limit_reset_seconds

NOW = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("reset", "remaining", "seconds"),
    [
        ("30", None, 30.0),
        ("30", "0", 30.0),
        # Brave: one value per window; the spent window is the one to wait for.
        ("1, 1419704", "0, 15000", 1.0),
        ("1, 1800", "3, 0", 1800.0),
        ("1, 1419704", "0, 0", RETRY_AFTER_CAP_SECONDS),
        # Nothing says which window is spent: the shortest.
        ("5, 1800", None, 5.0),
        ("5, 1800", "2, 7", 5.0),
        # A Unix time rather than a delta.
        (str(NOW.timestamp() + 42), None, 42.0),
        (str(NOW.timestamp() - 42), None, 0.0),
        # Junk parts are skipped; nothing usable is None.
        ("soon, 20", None, 20.0),
        ("soon", None, None),
        ("", None, None),
        (None, "0", None),
        ("-5", None, None),
        ("9" * 400, None, RETRY_AFTER_CAP_SECONDS),
    ],
)
def test_rate_limit_reset(reset: str | None, remaining: str | None, seconds: float | None) -> None:
    assert rate_limit_reset_seconds(reset, remaining, NOW) == seconds
