"""The news topic and domain filters through the real MCP server and container, fake providers behind the ports.

The fakes plan like the real adapters, so a skip here is the skip a user would see; what they
answer is scripted, so a provider that ignores the domain filters can be played.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from domain.cache_key import cache_key
from domain.filters import Topic
from domain.models import Attempt, AttemptOutcome, ProviderAnswer, SearchOutcome, SearchRequest, WebSearchResult
from entrypoints.mcp_server import build_server
from tests.integration.test_filters_mcp import chain_env, like, search, text_of
from tests.support.fake_ports import ok
from tests.support.servers import container_with

pytestmark = pytest.mark.anyio


def hit(link: str, **extra: Any) -> WebSearchResult:
    return WebSearchResult(title=f"about {link}", link=link, snippet="s", **extra)


MIXED = ProviderAnswer(
    results=[
        hit("https://www.pinterest.com/pin/1"),
        hit("https://docs.python.org/3/library/asyncio.html"),
        hit("https://uk.pinterest.com/pin/2"),
        hit("https://realpython.com/async-io-python/"),
        hit("https://python.org/about/"),
        hit("https://notpython.org/"),
    ]
)


# --- news ---------------------------------------------------------------------------------------------------


async def test_news_skips_a_provider_without_news_and_says_so() -> None:
    duckduckgo = like("duckduckgo")
    dated = ProviderAnswer(results=[hit("https://news.example/a", published="2 hours ago", site_name="Example News")])
    serper = like("serper", dated)
    result = await search([duckduckgo, serper], {"topic": "news", "return_full_pages": False})
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data["provider"] == "serper"
    assert [(a["provider"], a["outcome"]) for a in data["attempts"]] == [("duckduckgo", "skipped"), ("serper", "ok")]
    assert data["attempts"][0]["detail"] == "does not support news topic"
    assert duckduckgo.calls == []
    assert serper.calls[0].topic is Topic.NEWS
    assert (data["results"][0]["published"], data["results"][0]["site_name"]) == ("2 hours ago", "Example News")
    lines = text_of(result).splitlines()
    assert "   site: Example News · published: 2 hours ago" in lines
    assert "duckduckgo skipped (does not support news topic)" in lines[-1]


async def test_news_with_no_provider_that_has_news_is_an_error_naming_the_topic() -> None:
    fakes = [like("perplexity"), like("duckduckgo")]
    result = await search(fakes, {"topic": "news"})
    assert result.is_error
    assert "No configured provider supports the news topic filter (configured: perplexity, duckduckgo)" in text_of(
        result
    )
    assert all(f.calls == [] for f in fakes)


# --- domain filters ------------------------------------------------------------------------------------------


async def test_the_domains_reach_the_adapter_normalised() -> None:
    serper = like("serper", ok(1, "serper"))
    arguments = {"include_domains": ["Docs.Python.org", "www.python.org"], "exclude_domains": ["bücher.de"]}
    result = await search([serper], {**arguments, "return_full_pages": False})
    assert not result.is_error, text_of(result)
    (sent,) = serper.calls
    assert (sent.include_domains, sent.exclude_domains) == (("docs.python.org", "python.org"), ("xn--bcher-kva.de",))


async def test_no_excluded_domain_comes_back_even_from_a_provider_that_ignored_the_filter() -> None:
    result = await search(
        [like("serper", MIXED)], {"exclude_domains": ["pinterest.com"], "num_results": 10, "return_full_pages": False}
    )
    links = [r["link"] for r in result.structured_content["results"]]
    assert links == [
        "https://docs.python.org/3/library/asyncio.html",
        "https://realpython.com/async-io-python/",
        "https://python.org/about/",
        "https://notpython.org/",
    ]
    assert result.structured_content["outside_domains"] == 2
    assert "pinterest" not in text_of(result)
    assert "(2 results from outside the domain filters left out)" in text_of(result).splitlines()[-1]


async def test_only_included_domains_come_back_and_the_count_is_taken_after_filtering() -> None:
    result = await search(
        [like("serper", MIXED)], {"include_domains": ["python.org"], "num_results": 2, "return_full_pages": False}
    )
    links = [r["link"] for r in result.structured_content["results"]]
    assert links == ["https://docs.python.org/3/library/asyncio.html", "https://python.org/about/"]
    assert result.structured_content["outside_domains"] == 4


async def test_an_answer_wholly_outside_the_filters_says_so_instead_of_no_results() -> None:
    result = await search(
        [like("serper", MIXED)], {"include_domains": ["kernel.org"], "num_results": 10, "return_full_pages": False}
    )
    assert not result.is_error
    assert result.structured_content["results"] == []
    text = text_of(result)
    assert "No results within the domain filters. Widen include_domains, or try different words." in text
    assert "No results found." not in text
    assert "(6 results from outside the domain filters left out)" in text.splitlines()[-1]


async def test_a_cached_answer_is_filtered_too() -> None:
    # An entry written before the filter was enforced (or by an older replica) must not leak.
    serper = like("serper")
    container = container_with(chain_env("serper"), serper=serper)
    request = SearchRequest(query="filters", num_results=3, exclude_domains=("pinterest.com",))
    stale = SearchOutcome(
        query="filters",
        provider="serper",
        results=(hit("https://pinterest.com/pin/1"), hit("https://python.org/")),
        attempts=(Attempt(provider="serper", outcome=AttemptOutcome.OK),),
        took_ms=1.0,
    )
    await container.cache().set(cache_key(request), stale)
    async with Client(build_server(container)) as client:
        result = await client.call_tool(
            "web_search", {"query": "filters", "exclude_domains": ["pinterest.com"], "return_full_pages": False}
        )
    assert result.structured_content["cached"] is True
    assert [r["link"] for r in result.structured_content["results"]] == ["https://python.org/"]
    assert result.structured_content["outside_domains"] == 1
    assert serper.calls == []


async def test_perplexity_is_skipped_for_domain_filters_and_the_next_provider_answers() -> None:
    perplexity, tavily = like("perplexity"), like("tavily", ok(2, "tavily"))
    result = await search([perplexity, tavily], {"include_domains": ["tavily.example"], "return_full_pages": False})
    assert not result.is_error, text_of(result)
    first = result.structured_content["attempts"][0]
    assert (first["provider"], first["outcome"], first["detail"]) == (
        "perplexity",
        "skipped",
        "does not support include_domains",
    )
    assert perplexity.calls == []


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"include_domains": ["https://python.org/"]},
            "include_domains entry 'https://python.org/' is not a host name",
        ),
        ({"exclude_domains": ["*.pinterest.com"]}, "exclude_domains entry '*.pinterest.com' has a wildcard"),
        (
            {"include_domains": ["python.org"], "exclude_domains": ["www.python.org"]},
            "'python.org' is in both include_domains and exclude_domains",
        ),
        ({"ui_lang": "xx-YY"}, "ui_lang 'xx-YY' is not one of Brave's interface locales (da-DK, de-AT,"),
    ],
)
async def test_a_bad_domain_or_locale_is_one_plain_line_and_nothing_is_sent(
    arguments: dict[str, Any], message: str
) -> None:
    serper = like("serper")
    result = await search([serper], arguments)
    assert result.is_error
    assert text_of(result).startswith(message)
    assert "\n" not in text_of(result)
    assert serper.calls == []


async def test_ui_lang_reaches_brave_in_brave_spelling() -> None:
    brave = like("brave", ok(1, "brave"))
    result = await search([brave], {"ui_lang": "de_de", "return_full_pages": False})
    assert not result.is_error, text_of(result)
    assert brave.calls[0].ui_lang == "de-DE"
