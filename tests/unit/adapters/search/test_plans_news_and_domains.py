"""The news topic, domain filters and Brave's ui_lang in every adapter's plan, without HTTP.

Each row reads: the provider, what the request asks, then what the planned call carries (its URL
and the fields that change) or the refusal that makes the chain skip that provider.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.filters import Filter, Topic
from domain.models import SearchRequest
from domain.planning import Refusal, WireRequest
from tests.unit.adapters.search.test_plans import adapters

NEWS = {"topic": Topic.NEWS}
ONE_SITE = {"include_domains": ("python.org",)}
SITES = {"include_domains": ("python.org", "docs.python.org"), "exclude_domains": ("pinterest.com",)}


def planned(provider: str, **asked: Any) -> WireRequest | Refusal:
    return adapters()[provider].plan(SearchRequest(query="q", num_results=5, **asked))


def carried(wire: WireRequest) -> dict[str, Any]:
    return dict(wire.json or wire.form or wire.params)


@pytest.mark.parametrize(
    ("provider", "url", "expected"),
    [
        ("serper", "https://serper.test/news", {"q": "q", "num": 5}),
        ("tavily", "https://tavily.test/search", {"topic": "news", "query": "q"}),
        ("brave", "https://brave.test/res/v1/news/search", {"q": "q", "count": "5"}),
        ("searxng", "https://searx.test/search", {"categories": "news", "q": "q"}),
    ],
)
def test_the_news_topic_goes_to_each_providers_news_search(provider: str, url: str, expected: dict[str, Any]) -> None:
    wire = planned(provider, **NEWS)
    assert isinstance(wire, WireRequest), wire
    assert wire.url == url
    assert {key: carried(wire).get(key) for key in expected} == expected


@pytest.mark.parametrize("provider", ["serper", "tavily", "brave", "searxng"])
def test_the_general_topic_sends_no_news_marker(provider: str) -> None:
    wire = planned(provider)
    assert isinstance(wire, WireRequest)
    assert "news" not in wire.url
    assert "topic" not in carried(wire)
    assert "categories" not in carried(wire)


@pytest.mark.parametrize("provider", ["duckduckgo", "perplexity"])
def test_a_provider_without_news_refuses_the_news_topic(provider: str) -> None:
    refusal = planned(provider, **NEWS)
    assert refusal == Refusal("does not support news topic", frozenset({Filter.NEWS}))


@pytest.mark.parametrize(
    ("provider", "field", "one_site", "sites"),
    [
        ("serper", "q", "q site:python.org", "q site:python.org OR site:docs.python.org -site:pinterest.com"),
        ("brave", "q", "q site:python.org", "q site:python.org OR site:docs.python.org -site:pinterest.com"),
        ("searxng", "q", "q site:python.org", "q site:python.org OR site:docs.python.org -site:pinterest.com"),
        ("duckduckgo", "q", "q site:python.org", "q site:python.org OR site:docs.python.org -site:pinterest.com"),
    ],
)
def test_domain_filters_become_site_operators_in_the_query(
    provider: str, field: str, one_site: str, sites: str
) -> None:
    one, several = planned(provider, **ONE_SITE), planned(provider, **SITES)
    assert isinstance(one, WireRequest)
    assert isinstance(several, WireRequest)
    assert (carried(one)[field], carried(several)[field]) == (one_site, sites)


def test_tavily_takes_the_domain_lists_as_its_own_fields() -> None:
    wire = planned("tavily", **SITES)
    assert isinstance(wire, WireRequest)
    body = carried(wire)
    assert body["query"] == "q"
    assert body["include_domains"] == ["python.org", "docs.python.org"]
    assert body["exclude_domains"] == ["pinterest.com"]
    assert "include_domains" not in carried(planned("tavily"))


@pytest.mark.parametrize(
    ("asked", "unsupported"),
    [
        (ONE_SITE, {Filter.INCLUDE_DOMAINS}),
        ({"exclude_domains": ("pinterest.com",)}, {Filter.EXCLUDE_DOMAINS}),
        (SITES, {Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS}),
    ],
)
def test_perplexity_refuses_domain_filters(asked: dict[str, Any], unsupported: set[Filter]) -> None:
    # Sonar writes its answer from sources it picks; dropping one afterwards would leave it quoted.
    refusal = planned("perplexity", **asked)
    assert isinstance(refusal, Refusal)
    assert refusal.unsupported == unsupported


def test_brave_sends_ui_lang_as_given_on_web_and_news() -> None:
    for topic in Topic:
        wire = planned("brave", ui_lang="de-DE", topic=topic)
        assert isinstance(wire, WireRequest)
        assert wire.params["ui_lang"] == "de-DE"
    plain = planned("brave")
    assert isinstance(plain, WireRequest)
    assert "ui_lang" not in plain.params


@pytest.mark.parametrize("provider", ["serper", "tavily", "searxng", "duckduckgo", "perplexity"])
def test_providers_without_an_interface_locale_ignore_ui_lang(provider: str) -> None:
    with_locale, without = planned(provider, ui_lang="de-DE"), planned(provider)
    assert isinstance(with_locale, WireRequest)
    assert with_locale == without


def test_brave_refuses_a_query_its_site_operators_make_too_long() -> None:
    # Brave answers a q over 400 characters or 50 words with 422, which would stop the chain.
    many = tuple(f"site-number-{n}.example.org" for n in range(20))
    refusal = planned("brave", exclude_domains=many)
    assert isinstance(refusal, Refusal)
    assert refusal.reason.startswith("Brave takes at most 400 characters and 50 words; the query with its site:")
    assert isinstance(planned("brave", exclude_domains=many[:5]), WireRequest)
    assert isinstance(planned("serper", exclude_domains=many), WireRequest)


@pytest.mark.parametrize(
    ("query", "shape"),
    [("x" * 401, "401 characters and 1 word"), (" ".join(["w"] * 51), "101 characters and 51 words")],
)
def test_brave_refuses_a_plain_query_past_its_limits_so_the_chain_moves_on(query: str, shape: str) -> None:
    refusal = adapters()["brave"].plan(SearchRequest(query=query, num_results=5))
    assert refusal == Refusal(f"Brave takes at most 400 characters and 50 words; the query has {shape}")
    assert isinstance(adapters()["brave"].plan(SearchRequest(query="x" * 400, num_results=5)), WireRequest)
