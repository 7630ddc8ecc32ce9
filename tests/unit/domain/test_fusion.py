"""Reciprocal rank fusion (k=60) of several providers' lists, duplicates merged and attributed."""

from __future__ import annotations

import pytest

from domain.fusion import RRF_K, reciprocal_rank_fusion
from domain.models import WebSearchResult


def hit(link: str, title: str = "", snippet: str = "s") -> WebSearchResult:
    return WebSearchResult(title=title or link, link=link, snippet=snippet)


def test_k_is_sixty() -> None:
    assert RRF_K == 60


def test_a_page_both_providers_return_outranks_each_ones_first_place() -> None:
    serper = [hit("https://a.example/1"), hit("https://shared.example/x")]
    tavily = [hit("https://b.example/1"), hit("https://www.shared.example/x/")]
    fused = reciprocal_rank_fusion([("serper", serper), ("tavily", tavily)], limit=10)
    # shared: 1/62 + 1/62 > a: 1/61 = b: 1/61 (tie broken by chain order)
    assert [r.link for r in fused] == ["https://shared.example/x", "https://a.example/1", "https://b.example/1"]
    assert [r.providers for r in fused] == [("serper", "tavily"), ("serper",), ("tavily",)]


def test_scores_follow_the_formula() -> None:
    # p: rank 1 in list one only = 1/61; q: rank 3 in both = 2/63 > 1/61; r: rank 2 in list one = 1/62.
    one = [hit("https://p.example"), hit("https://r.example"), hit("https://q.example")]
    two = [hit("https://s.example"), hit("https://t.example"), hit("https://q.example")]
    fused = reciprocal_rank_fusion([("one", one), ("two", two)], limit=3)
    assert [r.link for r in fused] == ["https://q.example", "https://p.example", "https://s.example"]


def test_the_first_lists_wording_is_kept_and_a_missing_snippet_filled_in() -> None:
    one = [hit("https://x.example/a", title="From one", snippet="")]
    two = [hit("https://x.example/a#top", title="From two", snippet="two's snippet")]
    (merged,) = reciprocal_rank_fusion([("one", one), ("two", two)], limit=5)
    assert (merged.title, merged.link, merged.snippet) == ("From one", "https://x.example/a", "two's snippet")
    assert merged.providers == ("one", "two")


def test_a_missing_date_and_site_name_are_filled_in_from_the_other_copy_but_never_replaced() -> None:
    dated = WebSearchResult(title="t", link="https://x.example/a", snippet="s", published="2 hours ago")
    named = WebSearchResult(
        title="t", link="https://x.example/a/", snippet="s", published="2026-11-23", site_name="Example News"
    )
    (merged,) = reciprocal_rank_fusion([("serper", [dated]), ("brave", [named])], limit=5)
    assert (merged.published, merged.site_name) == ("2 hours ago", "Example News")


def test_a_provider_listing_a_page_twice_counts_once_at_its_better_rank() -> None:
    one = [hit("https://x.example/a"), hit("https://y.example"), hit("https://x.example/a?utm_source=z")]
    two = [hit("https://z.example"), hit("https://y.example")]
    fused = reciprocal_rank_fusion([("one", one), ("two", two)], limit=5)
    # y: 1/62 + 1/62 beats x: 1/61 (not 1/61 + 1/63)
    assert [r.link for r in fused][:2] == ["https://y.example", "https://x.example/a"]
    assert fused[1].providers == ("one",)


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_limit_cuts_the_fused_list(limit: int) -> None:
    one = [hit(f"https://one.example/{i}") for i in range(3)]
    two = [hit(f"https://two.example/{i}") for i in range(3)]
    assert len(reciprocal_rank_fusion([("one", one), ("two", two)], limit=limit)) == limit


def test_nothing_in_nothing_out() -> None:
    assert reciprocal_rank_fusion([("one", []), ("two", [])], limit=5) == []
