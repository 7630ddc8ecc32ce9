"""The fallback policy as a decision table: what to do after a provider attempt fails.

Adapters only classify (``FailureKind``); this table alone decides. Zero results is not a
failure at all, so it never reaches the table: an empty answer is an answer.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

from domain.errors import FailureKind


class Decision(StrEnum):
    FALLBACK = "fallback"  # try the next provider in the chain
    STOP = "stop"  # end the call with this failure


#: failure kind -> decision. Transient or provider-side trouble moves on; a problem with the
#: caller's key or request would fail the same way anywhere, so it stops.
DECISION_TABLE: MappingProxyType[FailureKind, Decision] = MappingProxyType(
    {
        FailureKind.SERVER_ERROR: Decision.FALLBACK,
        FailureKind.RATE_LIMITED: Decision.FALLBACK,
        FailureKind.QUOTA_EXHAUSTED: Decision.FALLBACK,
        FailureKind.TIMEOUT: Decision.FALLBACK,
        FailureKind.NETWORK: Decision.FALLBACK,
        FailureKind.MALFORMED: Decision.FALLBACK,
        FailureKind.BLOCKED: Decision.FALLBACK,
        FailureKind.AUTH: Decision.STOP,
        FailureKind.BAD_REQUEST: Decision.STOP,
    }
)


def is_transient(kind: FailureKind) -> bool:
    """True for failures that say something about the provider, not about the caller."""
    return DECISION_TABLE[kind] is Decision.FALLBACK


def decide(kind: FailureKind, *, next_available: bool) -> Decision:
    """What to do after a failure of ``kind``; FALLBACK only when there is somewhere to go."""
    if DECISION_TABLE[kind] is Decision.FALLBACK and next_available:
        return Decision.FALLBACK
    return Decision.STOP
