"""The budget arithmetic: fair shares of what the results leave for pages."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.budget import DEFAULT_MAX_CHARS, MAX_MAX_CHARS, MIN_MAX_CHARS, estimated_tokens, fair_shares


def test_the_limits_are_the_issues_figures() -> None:
    assert (MIN_MAX_CHARS, DEFAULT_MAX_CHARS, MAX_MAX_CHARS) == (2_000, 60_000, 200_000)


def test_equal_pages_split_the_budget_evenly() -> None:
    assert fair_shares(90, [100, 100, 100]) == [30, 30, 30]


def test_a_short_page_gives_its_unused_share_to_the_others() -> None:
    assert fair_shares(100, [10, 80, 80]) == [10, 45, 45]
    assert fair_shares(100, [10, 30, 80]) == [10, 30, 60]


def test_pages_that_fit_together_are_given_what_they_want() -> None:
    assert fair_shares(1000, [10, 20, 30]) == [10, 20, 30]


def test_odd_characters_go_to_the_first_pages_and_nothing_is_lost() -> None:
    assert fair_shares(7, [5, 5, 5]) == [3, 2, 2]


def test_no_budget_or_no_pages() -> None:
    assert fair_shares(0, [5, 5]) == [0, 0]
    assert fair_shares(-3, [5]) == [0]
    assert fair_shares(10, []) == []


def test_tokens_are_estimated_at_four_characters_each_rounded_up() -> None:
    assert (estimated_tokens(0), estimated_tokens(4), estimated_tokens(5), estimated_tokens(60_000)) == (
        0,
        1,
        2,
        15_000,
    )


@given(st.integers(0, 10_000), st.lists(st.integers(0, 5_000), max_size=20))
def test_shares_never_exceed_the_budget_nor_what_a_page_wants_and_are_max_min_fair(
    available: int, wants: list[int]
) -> None:
    shares = fair_shares(available, wants)
    assert sum(shares) <= available
    assert all(0 <= share <= want for share, want in zip(shares, wants, strict=True))
    if sum(wants) <= available:
        assert shares == wants
    else:
        assert sum(shares) == available  # nothing is left unused while a page still wants more
        short = [s for s, w in zip(shares, wants, strict=True) if s < w]
        # A page cut short got at least as much as any other page, give or take the odd character.
        assert min(short) >= max(shares) - 1
