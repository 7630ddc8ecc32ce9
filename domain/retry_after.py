"""Reading an HTTP ``Retry-After`` header into a bounded number of seconds.

The header is provider-controlled input: it can be a delta in seconds or an HTTP-date, and it
can be absent, malformed or hostile. Whatever it says, the answer here is either ``None`` (no
usable advice) or a wait in ``[0, RETRY_AFTER_CAP_SECONDS]``, so that one bad header can at worst
cool a provider for an hour, never for days.

Choices:

- A date in the past means "you may retry now": ``0.0``. The header was valid, just stale.
- A negative number is not valid ``delta-seconds`` (RFC 9110 allows digits only): ``None``.
- Fractional seconds (``"1.5"``) are not in the RFC but some APIs send them; they are accepted.
- A date without a usable zone (``-0000``) is read as UTC, which is what HTTP-dates are.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

#: The longest wait a Retry-After header can impose, whatever it says.
RETRY_AFTER_CAP_SECONDS = 3600.0

_DELTA_SECONDS = re.compile(r"\d+(?:\.\d+)?")


def retry_after_seconds(value: str | None, now: datetime) -> float | None:
    """Seconds to wait according to a Retry-After ``value`` seen at aware UTC time ``now``.

    Returns ``None`` when there is no usable advice, otherwise a float in ``[0, cap]``.
    """
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    if _DELTA_SECONDS.fullmatch(text):
        # float() of a very long digit string is inf, not an error; the clamp handles it.
        return _clamp(float(text))
    when = _parse_http_date(text)
    if when is None:
        return None
    return _clamp((when - now).total_seconds())


def _parse_http_date(text: str) -> datetime | None:
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when


def _clamp(seconds: float) -> float:
    return min(max(seconds, 0.0), RETRY_AFTER_CAP_SECONDS)


#: A reset value above this is a Unix time, not a number of seconds (some APIs send either).
_EPOCH_THRESHOLD = 1_000_000_000.0


def rate_limit_reset_seconds(reset: str | None, remaining: str | None, now: datetime) -> float | None:
    """Seconds until a rate-limit window resets, from ``X-RateLimit-Reset`` (and ``-Remaining``).

    Brave sends one value per window, comma-separated (``"1, 1419704"`` with ``"0, 15000"``
    remaining): the window that is spent (remaining 0) is the one to wait for; without that
    information the shortest window is taken. Values are seconds, or a Unix time when large.
    Bounded like Retry-After; ``None`` when nothing usable is there.
    """
    resets = _numbers(reset)
    if not resets:
        return None
    left = _numbers(remaining)
    spent = [r for r, n in zip(resets, left, strict=False) if n is not None and n <= 0 and r is not None]
    candidates = spent or [r for r in resets if r is not None]
    if not candidates:
        return None
    value = max(candidates) if spent else min(candidates)
    if value > _EPOCH_THRESHOLD:
        value -= now.timestamp()
    return _clamp(value)


def _numbers(value: str | None) -> list[float | None]:
    if not value:
        return []
    return [float(part) if _DELTA_SECONDS.fullmatch(part.strip()) else None for part in value.split(",")]
