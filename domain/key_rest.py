"""What one provider key's failure means for that key, and how a key pool is told to users.

A provider may be given several keys (a pool). The chain's fallback table decides about the
provider; this table decides about the key that was used, before the provider gives up:

- rate-limited or out of quota: the key *rests* until its reset (the provider's advice, else a
  default), and the next key is tried within the same call;
- rejected (auth): the key is *set aside* for the life of the process and the next key is tried;
- anything else (server error, timeout, bad request, ...) says nothing about the key: it stays,
  and the failure goes to the chain as it is.

Pure: the pool's state and its clock live in the adapter that holds the keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from domain.errors import FailureKind
from domain.retry_after import RETRY_AFTER_CAP_SECONDS


class KeyVerdict(StrEnum):
    KEEP = "keep"  # the failure is not the key's: keep using it, pass the failure on
    REST = "rest"  # the key hit a rate limit or its quota: rest it until its reset, try the next
    REJECT = "reject"  # the provider rejected the key: set it aside for good, try the next


#: failure kind -> what happens to the key that met it; every kind not listed keeps the key.
KEY_TABLE: dict[FailureKind, KeyVerdict] = {
    FailureKind.RATE_LIMITED: KeyVerdict.REST,
    FailureKind.QUOTA_EXHAUSTED: KeyVerdict.REST,
    FailureKind.AUTH: KeyVerdict.REJECT,
}


@dataclass(frozen=True)
class KeyRestPolicy:
    """How long a key rests when the provider gives no reset time."""

    rate_limited_seconds: float = 60.0  # per-second/minute limits reset quickly
    quota_seconds: float = RETRY_AFTER_CAP_SECONDS  # a spent plan: an hour, then ask again


@dataclass(frozen=True)
class KeyDecision:
    verdict: KeyVerdict
    rest_seconds: float = 0.0  # only for REST


def key_decision(kind: FailureKind, advice_seconds: float | None, policy: KeyRestPolicy) -> KeyDecision:
    """What to do with the key after a failure of ``kind``; ``advice_seconds`` is the provider's reset advice."""
    verdict = KEY_TABLE.get(kind, KeyVerdict.KEEP)
    if verdict is not KeyVerdict.REST:
        return KeyDecision(verdict)
    if advice_seconds is not None and advice_seconds > 0:
        return KeyDecision(verdict, min(advice_seconds, RETRY_AFTER_CAP_SECONDS))
    default = policy.quota_seconds if kind is FailureKind.QUOTA_EXHAUSTED else policy.rate_limited_seconds
    return KeyDecision(verdict, default)


@dataclass(frozen=True)
class KeyPoolStatus:
    """A pool as users see it: counts and key numbers (1-based, in the order configured), never a key."""

    total: int
    resting: tuple[tuple[int, datetime], ...] = ()  # (key number, resting until, UTC)
    rejected: tuple[int, ...] = ()

    @property
    def usable(self) -> int:
        return self.total - len(self.resting) - len(self.rejected)

    def describe(self) -> str:
        """e.g. ``3 keys: 1 usable, 1 resting (key #1 until 12:00:05Z), 1 rejected (key #2)``."""
        if self.total == 1 and not self.resting and not self.rejected:
            return "1 key"
        parts = [f"{self.usable} usable"]
        if self.resting:
            until = ", ".join(f"key #{n} until {when:%H:%M:%S}Z" for n, when in self.resting)
            parts.append(f"{len(self.resting)} resting ({until})")
        if self.rejected:
            numbers = ", ".join(f"#{n}" for n in self.rejected)
            parts.append(f"{len(self.rejected)} rejected (key {numbers})")
        noun = "key" if self.total == 1 else "keys"
        return f"{self.total} {noun}: " + ", ".join(parts)
