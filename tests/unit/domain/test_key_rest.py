"""The key table: what one provider key's failure does to that key, one row per failure kind."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from domain.errors import FailureKind as K
from domain.key_rest import KeyDecision, KeyPoolStatus, KeyRestPolicy, KeyVerdict, key_decision
from domain.retry_after import RETRY_AFTER_CAP_SECONDS

POLICY = KeyRestPolicy(rate_limited_seconds=60, quota_seconds=3600)


@pytest.mark.parametrize(
    ("kind", "advice", "expected"),
    [
        # Rate limits and spent quotas rest the key: for the provider's advice, else the default.
        (K.RATE_LIMITED, 12.5, KeyDecision(KeyVerdict.REST, 12.5)),
        (K.RATE_LIMITED, None, KeyDecision(KeyVerdict.REST, 60)),
        (K.RATE_LIMITED, 0.0, KeyDecision(KeyVerdict.REST, 60)),
        (K.QUOTA_EXHAUSTED, None, KeyDecision(KeyVerdict.REST, 3600)),
        (K.QUOTA_EXHAUSTED, 90.0, KeyDecision(KeyVerdict.REST, 90)),
        (K.RATE_LIMITED, 10 * RETRY_AFTER_CAP_SECONDS, KeyDecision(KeyVerdict.REST, RETRY_AFTER_CAP_SECONDS)),
        # A rejected key is set aside, whatever the headers said.
        (K.AUTH, 30.0, KeyDecision(KeyVerdict.REJECT)),
        (K.AUTH, None, KeyDecision(KeyVerdict.REJECT)),
        # Everything else is not the key's doing: keep it, the chain decides.
        (K.SERVER_ERROR, 30.0, KeyDecision(KeyVerdict.KEEP)),
        (K.TIMEOUT, None, KeyDecision(KeyVerdict.KEEP)),
        (K.NETWORK, None, KeyDecision(KeyVerdict.KEEP)),
        (K.MALFORMED, None, KeyDecision(KeyVerdict.KEEP)),
        (K.BLOCKED, None, KeyDecision(KeyVerdict.KEEP)),
        (K.BAD_REQUEST, None, KeyDecision(KeyVerdict.KEEP)),
    ],
)
def test_the_key_table(kind: K, advice: float | None, expected: KeyDecision) -> None:
    assert key_decision(kind, advice, POLICY) == expected


NOON = datetime(2025, 1, 1, 12, 0, 5, tzinfo=UTC)


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (KeyPoolStatus(total=1), "1 key"),
        (KeyPoolStatus(total=3), "3 keys: 3 usable"),
        (KeyPoolStatus(total=3, rejected=(2,)), "3 keys: 2 usable, 1 rejected (key #2)"),
        (
            KeyPoolStatus(total=3, resting=((1, NOON),), rejected=(2, 3)),
            "3 keys: 0 usable, 1 resting (key #1 until 12:00:05Z), 2 rejected (key #2, #3)",
        ),
        (KeyPoolStatus(total=1, rejected=(1,)), "1 key: 0 usable, 1 rejected (key #1)"),
    ],
)
def test_a_pool_is_described_by_counts_and_key_numbers(status: KeyPoolStatus, said: str) -> None:
    assert status.describe() == said
