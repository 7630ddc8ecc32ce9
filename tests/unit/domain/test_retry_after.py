"""Retry-After: both forms, and every way a header can be useless or hostile."""

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from domain.retry_after import RETRY_AFTER_CAP_SECONDS, retry_after_seconds

NOW = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)


def http_date(moment: datetime) -> str:
    return format_datetime(moment, usegmt=True)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("0", 0.0),
        ("120", 120.0),
        ("  30 ", 30.0),
        ("1.5", 1.5),
    ],
)
def test_delta_seconds_are_read_as_seconds(header: str, expected: float) -> None:
    assert retry_after_seconds(header, NOW) == expected


def test_an_http_date_is_read_as_the_seconds_until_then() -> None:
    assert retry_after_seconds(http_date(NOW + timedelta(seconds=90)), NOW) == 90.0


def test_the_rfc_example_date_is_understood() -> None:
    now = datetime(2015, 10, 21, 7, 0, 0, tzinfo=UTC)
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT", now) == 28 * 60


def test_a_date_with_an_offset_is_converted_to_utc() -> None:
    assert retry_after_seconds("Wed, 01 Jan 2025 14:01:00 +0200", NOW) == 60.0


def test_a_date_without_a_zone_is_read_as_utc() -> None:
    assert retry_after_seconds("Wed, 01 Jan 2025 12:00:10 -0000", NOW) == 10.0


def test_a_past_date_means_retry_now() -> None:
    assert retry_after_seconds(http_date(NOW - timedelta(hours=2)), NOW) == 0.0


@pytest.mark.parametrize("header", ["-5", "-0.5"])
def test_a_negative_delta_is_not_valid_advice(header: str) -> None:
    assert retry_after_seconds(header, NOW) is None


@pytest.mark.parametrize(
    "header",
    [None, "", "   ", "soon", "5 seconds", "1e3", "nan", "inf", "0x10", "Wed, 99 Foo 2015 07:28:00 GMT"],
)
def test_garbage_gives_no_advice(header: str | None) -> None:
    assert retry_after_seconds(header, NOW) is None


@pytest.mark.parametrize("header", ["86400", "9" * 400, "99999999999999999999.5"])
def test_huge_deltas_are_capped(header: str) -> None:
    assert retry_after_seconds(header, NOW) == RETRY_AFTER_CAP_SECONDS


def test_a_far_future_date_is_capped() -> None:
    assert retry_after_seconds(http_date(NOW + timedelta(days=30)), NOW) == RETRY_AFTER_CAP_SECONDS


def test_the_cap_is_one_hour() -> None:
    assert RETRY_AFTER_CAP_SECONDS == 3600.0
