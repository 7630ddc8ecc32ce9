"""The decision table, one row per (failure kind, is there somewhere to fall back to) -> decision."""

from __future__ import annotations

import pytest

from domain.errors import FailureKind as K
from domain.fallback import DECISION_TABLE, Decision, decide

FALLBACK, STOP = Decision.FALLBACK, Decision.STOP

TABLE = [
    # kind                  next available   decision
    (K.SERVER_ERROR,        True,            FALLBACK),
    (K.SERVER_ERROR,        False,           STOP),
    (K.RATE_LIMITED,        True,            FALLBACK),
    (K.RATE_LIMITED,        False,           STOP),
    (K.QUOTA_EXHAUSTED,     True,            FALLBACK),
    (K.QUOTA_EXHAUSTED,     False,           STOP),
    (K.TIMEOUT,             True,            FALLBACK),
    (K.TIMEOUT,             False,           STOP),
    (K.NETWORK,             True,            FALLBACK),
    (K.NETWORK,             False,           STOP),
    (K.MALFORMED,           True,            FALLBACK),
    (K.MALFORMED,           False,           STOP),
    (K.BLOCKED,             True,            FALLBACK),
    (K.BLOCKED,             False,           STOP),
    (K.AUTH,                True,            STOP),
    (K.AUTH,                False,           STOP),
    (K.BAD_REQUEST,         True,            STOP),
    (K.BAD_REQUEST,         False,           STOP),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "next_available", "expected"), TABLE)
def test_decision_table_row(kind: K, next_available: bool, expected: Decision) -> None:
    assert decide(kind, next_available=next_available) is expected


def test_every_failure_kind_has_exactly_one_rule() -> None:
    assert set(DECISION_TABLE) == set(K)
    assert {row[0] for row in TABLE} == set(K)
