"""first_results: the first usable items up to the limit, and no work past it."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.search.parsing import ItemKeys, first_results, result_from_item

KEYS = ItemKeys("t", "u", "s")


def item(n: int) -> dict[str, Any]:
    return {"t": f"title {n}", "u": f"https://example.com/{n}", "s": f"snippet {n}"}


def test_unusable_items_are_skipped_and_do_not_count_toward_the_limit() -> None:
    items = [item(1), {"t": "no link"}, "not an object", {"u": "ftp://x/"}, item(2), item(3)]
    assert [r.link for r in first_results(items, 2, KEYS)] == ["https://example.com/1", "https://example.com/2"]


def test_items_past_the_limit_are_not_read() -> None:
    prepared: list[int] = []

    def prepare(raw: dict[str, Any]) -> dict[str, Any]:
        prepared.append(int(raw["u"].rsplit("/", 1)[1]))
        return raw

    assert len(first_results([item(n) for n in range(10)], 3, KEYS, prepare)) == 3
    assert prepared == [0, 1, 2]


def test_a_limit_of_zero_or_less_gives_nothing() -> None:
    assert first_results([item(1)], 0, KEYS) == []
    assert first_results([item(1)], -1, KEYS) == []


def test_a_date_and_a_site_name_are_read_where_the_provider_keeps_them() -> None:
    keys = ItemKeys("t", "u", "s", published="d", site_name="n")
    result = result_from_item({**item(1), "d": " 2024-03-01T08:00:00 ", "n": "Example\nNews"}, keys)
    assert result is not None
    assert (result.published, result.site_name) == ("2024-03-01T08:00:00", "Example News")


@pytest.mark.parametrize("odd", [None, "", "   ", 20240301, ["2024"], {"d": 1}, "x" * 65])
def test_an_odd_date_is_left_out_and_the_result_kept(odd: Any) -> None:
    result = result_from_item({**item(1), "d": odd}, ItemKeys("t", "u", "s", published="d"))
    assert result is not None
    assert result.published is None
    assert result.link == "https://example.com/1"


def test_keys_without_a_date_or_site_leave_both_unset() -> None:
    result = result_from_item({**item(1), "date": "2024-01-01", "source": "Site"}, KEYS)
    assert result is not None
    assert (result.published, result.site_name) == (None, None)
