"""Latency windows and the hedge delay derived from them."""

import math

import pytest

from domain.latency import LatencyBoard, LatencyWindow, hedge_delay


def window_of(*samples: float, size: int = 50) -> LatencyWindow:
    window = LatencyWindow(size)
    for sample in samples:
        window.record(sample)
    return window


def test_an_empty_window_has_no_percentiles() -> None:
    window = LatencyWindow()
    assert len(window) == 0
    assert window.p50 is None
    assert window.p95 is None


def test_percentiles_use_the_nearest_rank() -> None:
    window = window_of(*[float(n) for n in range(100, 0, -1)], size=100)  # 1..100 in reverse
    assert window.p50 == 50.0
    assert window.p95 == 95.0
    assert window.percentile(1.0) == 100.0


def test_a_single_sample_is_every_percentile() -> None:
    window = window_of(0.4)
    assert window.p50 == 0.4
    assert window.p95 == 0.4


def test_the_window_keeps_only_the_last_samples() -> None:
    window = window_of(*([10.0] * 5), *([1.0] * 5), size=5)
    assert len(window) == 5
    assert window.p95 == 1.0


@pytest.mark.parametrize("sample", [-0.1, math.nan, math.inf])
def test_nonsense_latencies_are_refused(sample: float) -> None:
    with pytest.raises(ValueError, match="latency"):
        LatencyWindow().record(sample)


@pytest.mark.parametrize("fraction", [0.0, -0.5, 1.5])
def test_a_percentile_outside_the_unit_interval_is_refused(fraction: float) -> None:
    with pytest.raises(ValueError, match="fraction"):
        window_of(1.0).percentile(fraction)


def test_a_window_needs_room_for_one_sample() -> None:
    with pytest.raises(ValueError, match="size"):
        LatencyWindow(0)


def test_the_hedge_delay_is_the_cap_until_there_are_enough_samples() -> None:
    assert hedge_delay(window_of(*([0.1] * 9))) == 2.5
    assert hedge_delay(LatencyWindow()) == 2.5


def test_the_hedge_delay_is_the_p95_between_floor_and_cap() -> None:
    window = window_of(*([1.2] * 18), 1.7, 1.9)
    assert hedge_delay(window) == 1.7


def test_a_fast_provider_is_hedged_no_sooner_than_the_floor() -> None:
    assert hedge_delay(window_of(*([0.2] * 20))) == 1.0


def test_a_slow_provider_is_hedged_no_later_than_the_cap() -> None:
    assert hedge_delay(window_of(*([9.0] * 20))) == 2.5


def test_a_cap_of_zero_disables_hedging() -> None:
    assert hedge_delay(window_of(*([1.5] * 20)), cap_seconds=0) is None
    assert hedge_delay(LatencyWindow(), cap_seconds=0) is None


def test_the_knobs_are_honoured() -> None:
    window = window_of(*([0.5] * 4))
    assert hedge_delay(window, floor_seconds=0.3, cap_seconds=4.0, min_samples=4) == 0.5
    assert hedge_delay(window, floor_seconds=0.3, cap_seconds=4.0, min_samples=5) == 4.0


def test_a_floor_above_the_cap_yields_the_cap() -> None:
    assert hedge_delay(window_of(*([0.5] * 20)), floor_seconds=3.0, cap_seconds=2.0) == 2.0


def test_the_board_keeps_one_window_per_provider() -> None:
    board = LatencyBoard(size=3)
    board.for_provider("serper").record(0.3)
    assert board.for_provider("serper") is board.for_provider("serper")
    assert len(board.for_provider("serper")) == 1
    assert len(board.for_provider("tavily")) == 0
