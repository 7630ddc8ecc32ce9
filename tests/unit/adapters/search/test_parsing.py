"""first_results: the first usable items up to the limit, and no work past it."""

from __future__ import annotations

from typing import Any

from adapters.search.parsing import first_results

KEYS = ("t", "u", "s")


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
