"""``Attempt.outcome`` is a closed set: ok, skipped, cancelled, or exactly one failure kind."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from domain.errors import FailureKind
from domain.models import Attempt, AttemptOutcome


def test_every_failure_kind_is_an_outcome_and_reads_back_as_that_kind() -> None:
    for kind in FailureKind:
        outcome = AttemptOutcome.failed(kind)
        assert outcome.value == kind.value
        assert outcome.failure is kind


def test_the_outcomes_are_the_failure_kinds_plus_ok_skipped_and_cancelled() -> None:
    assert {o.value for o in AttemptOutcome} == {k.value for k in FailureKind} | {"ok", "skipped", "cancelled"}
    for outcome in (AttemptOutcome.OK, AttemptOutcome.SKIPPED, AttemptOutcome.CANCELLED):
        assert outcome.failure is None


def test_free_text_is_not_an_outcome() -> None:
    with pytest.raises(ValidationError):
        Attempt(provider="serper", outcome="exploded")  # type: ignore[arg-type]


def test_an_outcome_serializes_as_its_plain_name() -> None:
    attempt = Attempt(provider="serper", outcome=AttemptOutcome.RATE_LIMITED, detail="HTTP 429")
    assert attempt.model_dump(mode="json")["outcome"] == "rate_limited"
    assert (
        Attempt.model_validate({"provider": "serper", "outcome": "rate_limited"}).outcome is AttemptOutcome.RATE_LIMITED
    )


def test_the_output_schema_lists_the_closed_set() -> None:
    schema = Attempt.model_json_schema()
    outcome = schema["$defs"]["AttemptOutcome"]
    assert set(outcome["enum"]) == {o.value for o in AttemptOutcome}
