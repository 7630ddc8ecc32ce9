# mypy: disable-error-code="comparison-overlap"
# (mypy narrows the `state` property after one assert and thinks the next state cannot differ.)
"""The circuit breaker's state transitions, driven by a fake clock."""

from datetime import timedelta

import pytest

from domain.circuit_breaker import BreakerBoard, BreakerPolicy, BreakerState, CircuitBreaker
from domain.errors import FailureKind, ProviderFailure
from tests.unit.clock_fake import FakeClock

TRANSIENT = FailureKind.SERVER_ERROR


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def breaker(clock: FakeClock) -> CircuitBreaker:
    return CircuitBreaker(clock)


def fail(breaker: CircuitBreaker, times: int, kind: FailureKind = TRANSIENT) -> None:
    for _ in range(times):
        breaker.record_failure(kind)


def trip(breaker: CircuitBreaker) -> None:
    fail(breaker, 3)
    assert breaker.state is BreakerState.OPEN


def probe_and_fail(breaker: CircuitBreaker) -> None:
    admission = breaker.allow()
    assert admission.admitted
    assert admission.probe
    breaker.record_failure(TRANSIENT)


def test_a_new_breaker_is_closed_and_admits_calls(breaker: CircuitBreaker) -> None:
    admission = breaker.allow()
    assert admission.admitted
    assert not admission.probe
    assert admission.state is BreakerState.CLOSED


def test_it_stays_closed_below_the_threshold(breaker: CircuitBreaker) -> None:
    fail(breaker, 2)
    assert breaker.state is BreakerState.CLOSED
    assert breaker.allow().admitted


def test_it_opens_after_exactly_three_consecutive_transient_failures(breaker: CircuitBreaker) -> None:
    fail(breaker, 3)
    assert breaker.state is BreakerState.OPEN
    assert not breaker.allow().admitted


@pytest.mark.parametrize(
    "kind",
    [k for k in FailureKind if k not in (FailureKind.AUTH, FailureKind.BAD_REQUEST)],
)
def test_every_fallback_triggering_kind_counts(breaker: CircuitBreaker, kind: FailureKind) -> None:
    fail(breaker, 3, kind)
    assert breaker.state is BreakerState.OPEN


@pytest.mark.parametrize("kind", [FailureKind.AUTH, FailureKind.BAD_REQUEST])
def test_caller_side_failures_neither_count_nor_reset(breaker: CircuitBreaker, kind: FailureKind) -> None:
    fail(breaker, 2)
    fail(breaker, 10, kind)
    assert breaker.state is BreakerState.CLOSED
    assert breaker.snapshot().consecutive_failures == 2
    fail(breaker, 1)
    assert breaker.state is BreakerState.OPEN


def test_a_success_resets_the_count(breaker: CircuitBreaker) -> None:
    fail(breaker, 2)
    breaker.record_success()
    fail(breaker, 2)
    assert breaker.state is BreakerState.CLOSED
    assert breaker.snapshot().consecutive_failures == 2


def test_open_skips_until_the_cooldown_ends_and_says_until_when(breaker: CircuitBreaker, clock: FakeClock) -> None:
    opened_at = clock.now()
    trip(breaker)
    clock.advance(29.9)
    admission = breaker.allow()
    assert not admission.admitted
    assert admission.state is BreakerState.OPEN
    assert admission.open_until == opened_at + timedelta(seconds=30)
    clock.advance(0.1)
    assert breaker.state is BreakerState.HALF_OPEN


def test_half_open_admits_exactly_one_probe(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    clock.advance(30)
    first = breaker.allow()
    assert first.admitted
    assert first.probe
    for _ in range(5):
        other = breaker.allow()
        assert not other.admitted
        assert other.state is BreakerState.HALF_OPEN
        assert other.open_until is None


def test_probe_success_closes_and_forgets_the_history(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    clock.advance(30)
    assert breaker.allow().probe
    breaker.record_success()
    assert breaker.state is BreakerState.CLOSED
    assert breaker.snapshot().consecutive_failures == 0
    # Growth was reset too: the next trip cools for the base 30 s again.
    trip(breaker)
    clock.advance(30)
    assert breaker.state is BreakerState.HALF_OPEN


def test_probe_failure_reopens_with_a_doubled_cooldown(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    clock.advance(30)
    probe_and_fail(breaker)
    assert breaker.state is BreakerState.OPEN
    clock.advance(59.9)
    assert breaker.state is BreakerState.OPEN
    clock.advance(0.1)
    assert breaker.state is BreakerState.HALF_OPEN


def test_cooldown_growth_doubles_and_is_capped_at_ten_minutes(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    cooldowns = []
    for _ in range(8):
        start = clock.monotonic()
        while breaker.state is BreakerState.OPEN:
            clock.advance(1)
        cooldowns.append(clock.monotonic() - start)
        probe_and_fail(breaker)
    assert cooldowns == [30, 60, 120, 240, 480, 600, 600, 600]


def test_retry_after_cools_the_provider_below_the_threshold(breaker: CircuitBreaker, clock: FakeClock) -> None:
    breaker.record_failure(FailureKind.RATE_LIMITED, retry_after_seconds=120)
    admission = breaker.allow()
    assert not admission.admitted
    assert admission.open_until == clock.now() + timedelta(seconds=120)
    clock.advance(120)
    assert breaker.allow().probe


def test_retry_after_longer_than_the_cooldown_wins(breaker: CircuitBreaker, clock: FakeClock) -> None:
    fail(breaker, 2)
    breaker.record_failure(FailureKind.RATE_LIMITED, retry_after_seconds=300)
    clock.advance(299)
    assert breaker.state is BreakerState.OPEN
    clock.advance(1)
    assert breaker.state is BreakerState.HALF_OPEN


def test_retry_after_shorter_than_the_cooldown_does_not_shorten_it(breaker: CircuitBreaker, clock: FakeClock) -> None:
    fail(breaker, 2)
    breaker.record_failure(FailureKind.RATE_LIMITED, retry_after_seconds=5)
    clock.advance(29)
    assert breaker.state is BreakerState.OPEN


def test_zero_retry_after_is_an_ordinary_failure(breaker: CircuitBreaker) -> None:
    breaker.record_failure(FailureKind.RATE_LIMITED, retry_after_seconds=0)
    assert breaker.state is BreakerState.CLOSED


def test_retry_after_on_a_caller_side_failure_is_ignored(breaker: CircuitBreaker) -> None:
    breaker.record_failure(FailureKind.AUTH, retry_after_seconds=60)
    assert breaker.state is BreakerState.CLOSED


def test_a_provider_failure_is_recorded_with_its_raw_header(breaker: CircuitBreaker, clock: FakeClock) -> None:
    failure = ProviderFailure("serper", FailureKind.RATE_LIMITED, "429", status=429, retry_after="45")
    breaker.record_provider_failure(failure)
    assert breaker.snapshot().open_until == clock.now() + timedelta(seconds=45)


def test_a_straggling_success_does_not_cut_the_cooldown_short(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    breaker.record_success()
    assert breaker.state is BreakerState.OPEN


def test_a_straggling_failure_while_open_does_not_grow_the_cooldown(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    fail(breaker, 1)
    clock.advance(30)
    assert breaker.state is BreakerState.HALF_OPEN


def test_a_cancelled_probe_frees_the_slot_at_once(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    clock.advance(30)
    probe = breaker.allow()
    assert probe.probe
    assert not breaker.allow().admitted  # the slot is taken while the probe runs
    breaker.record_cancelled(probe)
    assert breaker.allow().probe  # no time passed: the slot was freed, not leased out


def test_a_cancelled_call_that_was_not_the_probe_leaves_the_probe_slot_alone(
    breaker: CircuitBreaker, clock: FakeClock
) -> None:
    straggler = breaker.allow()  # admitted while closed
    trip(breaker)
    clock.advance(30)
    assert breaker.allow().probe
    breaker.record_cancelled(straggler)
    assert not breaker.allow().admitted  # the real probe still holds the slot


def test_a_caller_side_probe_failure_frees_the_slot_without_deciding(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    clock.advance(30)
    assert breaker.allow().probe
    breaker.record_failure(FailureKind.AUTH)
    assert breaker.state is BreakerState.HALF_OPEN
    assert breaker.allow().probe


def test_a_lost_probe_is_replaced_after_its_lease(clock: FakeClock) -> None:
    breaker = CircuitBreaker(clock, BreakerPolicy(probe_lease_seconds=60))
    trip(breaker)
    clock.advance(30)
    assert breaker.allow().probe
    clock.advance(59)
    assert not breaker.allow().admitted
    clock.advance(1)
    assert breaker.allow().probe


def test_the_snapshot_shows_what_an_operator_needs(breaker: CircuitBreaker, clock: FakeClock) -> None:
    assert breaker.snapshot().state is BreakerState.CLOSED
    assert breaker.snapshot().last_failure is None
    fail(breaker, 2, FailureKind.TIMEOUT)
    fail(breaker, 1, FailureKind.NETWORK)
    snapshot = breaker.snapshot()
    assert snapshot.state is BreakerState.OPEN
    assert snapshot.consecutive_failures == 3
    assert snapshot.last_failure is FailureKind.NETWORK
    assert snapshot.open_until == clock.now() + timedelta(seconds=30)
    clock.advance(30)
    assert breaker.snapshot().open_until is None


def test_a_custom_policy_sets_threshold_and_cooldowns(clock: FakeClock) -> None:
    breaker = CircuitBreaker(
        clock, BreakerPolicy(failure_threshold=1, base_cooldown_seconds=10, max_cooldown_seconds=15)
    )
    fail(breaker, 1)
    assert breaker.state is BreakerState.OPEN
    clock.advance(10)
    probe_and_fail(breaker)
    clock.advance(14)
    assert breaker.state is BreakerState.OPEN
    clock.advance(1)
    assert breaker.state is BreakerState.HALF_OPEN


@pytest.mark.parametrize(
    "policy",
    [
        {"failure_threshold": 0},
        {"base_cooldown_seconds": 0},
        {"base_cooldown_seconds": 700, "max_cooldown_seconds": 600},
        {"probe_lease_seconds": 0},
    ],
)
def test_a_nonsensical_policy_is_refused(policy: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="must"):
        BreakerPolicy(**policy)  # type: ignore[arg-type]


def test_the_board_keeps_one_independent_breaker_per_provider(clock: FakeClock) -> None:
    board = BreakerBoard(clock)
    assert board.for_provider("serper") is board.for_provider("serper")
    fail(board.for_provider("serper"), 3)
    assert board.for_provider("tavily").allow().admitted
    snapshot = board.snapshot()
    assert list(snapshot) == ["serper", "tavily"]
    assert snapshot["serper"].state is BreakerState.OPEN
    assert snapshot["tavily"].state is BreakerState.CLOSED


# --- cooldowns shared between replicas ----------------------------------------------------------------


def test_a_closed_breaker_has_no_cooldown_to_share(breaker: CircuitBreaker) -> None:
    assert breaker.cooldown_left() is None


def test_a_tripped_breaker_shares_what_is_left_of_its_cooldown(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)
    clock.advance(10)
    assert breaker.cooldown_left() == pytest.approx(20)


def test_a_cooldown_honoured_from_another_replica_skips_calls_until_it_ends_then_probes(
    breaker: CircuitBreaker, clock: FakeClock
) -> None:
    breaker.honour_cooldown(45)
    assert not breaker.allow().admitted
    assert breaker.state is BreakerState.OPEN
    clock.advance(45)
    assert breaker.allow().probe


def test_an_honoured_cooldown_never_shortens_a_longer_one_of_its_own(breaker: CircuitBreaker, clock: FakeClock) -> None:
    trip(breaker)  # 30 s
    breaker.honour_cooldown(5)
    assert breaker.cooldown_left() == pytest.approx(30)
    breaker.honour_cooldown(0)
    assert breaker.cooldown_left() == pytest.approx(30)
