"""Search filters through the real MCP server and container, with fake providers behind the ports.

The fakes plan like the real adapters (a refusal comes from the real adapter's own plan), so a
skip here is the skip a user would see with that provider.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from mcp import Client
from pydantic import SecretStr

from adapters.search.brave import BraveSearch
from adapters.search.duckduckgo import DuckDuckGoLiteSearch
from adapters.search.perplexity import PerplexitySearch
from adapters.search.searxng import SearxngSearch
from adapters.search.serper import SerperSearch
from adapters.search.tavily import TavilySearch
from domain.filters import Freshness
from domain.models import ProviderAnswer
from domain.ports import SearchPort
from entrypoints.mcp_server import build_server
from tests.support.fake_ports import FakeSearch, ok, results
from tests.support.servers import SERPER_KEY, TAVILY_KEY, container_with

pytestmark = pytest.mark.anyio

KEYS = {
    "serper": {"SERPER_API_KEY": SERPER_KEY},
    "tavily": {"TAVILY_API_KEY": TAVILY_KEY},
    "brave": {"BRAVE_API_KEY": "brave-KEY-5e4d3c2b1a09"},
    "searxng": {"SEARXNG_URL": "http://127.0.0.1:9"},
    "perplexity": {"PERPLEXITY_API_KEY": "pplx-KEY-abcdef012345"},
    "duckduckgo": {},
}


def real(name: str) -> SearchPort:
    """The real adapter, on a client that fails the test if it ever sends anything: only its plan is used."""

    def no_http(request: httpx.Request) -> httpx.Response:
        raise AssertionError(f"the real {name} adapter must only plan here")

    client, key = httpx.AsyncClient(transport=httpx.MockTransport(no_http)), SecretStr("plan-only-key-0123")
    adapters: dict[str, SearchPort] = {
        "serper": SerperSearch(client, key),
        "tavily": TavilySearch(client, key),
        "brave": BraveSearch(client, key),
        "searxng": SearxngSearch(client, "http://127.0.0.1:9"),
        "perplexity": PerplexitySearch(client, key, "http://127.0.0.1:9", "sonar-pro"),
        "duckduckgo": DuckDuckGoLiteSearch(client),
    }
    return adapters[name]


def like(name: str, *script: Any) -> FakeSearch:
    """A fake that refuses exactly what the real adapter of that name refuses."""
    return FakeSearch(name, *script, plans_like=real(name))


def chain_env(*names: str) -> dict[str, str]:
    env = {"SEARCHRELAY_PROVIDERS": ",".join(names)}
    for name in names:
        env.update(KEYS[name])
    return env


async def search(fakes: list[FakeSearch], arguments: dict[str, Any]) -> Any:
    env = chain_env(*(f.name for f in fakes))
    server = build_server(container_with(env, **{f.name: f for f in fakes}))
    async with Client(server) as client:
        return await client.call_tool("web_search", {"query": "filters", **arguments})


def text_of(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


# --- bad values never reach a provider ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "accepted"),
    [
        # The domain explains every bad value, showing the accepted forms.
        pytest.param(
            {"freshness": "week"},
            ["freshness 'week' is not valid", "pd (past day)", "YYYY-MM-DDtoYYYY-MM-DD"],
            id="freshness word",
        ),
        pytest.param({"country": "usa"}, ["ISO 3166-1 alpha-2", "'us', 'de' or 'gb'"], id="three-letter country"),
        pytest.param({"language": "en-US"}, ["ISO 639-1", "language part 'en'"], id="a locale as language"),
        pytest.param(
            {"freshness": "2024-02-30to2024-03-01"},
            ["impossible date", "pd (past day), pw (past week)", "YYYY-MM-DDtoYYYY-MM-DD"],
            id="impossible date",
        ),
        pytest.param(
            {"freshness": "2024-03-01to2024-02-01"}, ["starts after it ends", "earlier date first"], id="reversed range"
        ),
        pytest.param({"country": "uk"}, ["ISO 3166-1 alpha-2", "'us', 'de' or 'gb'", "is 'gb'"], id="uk"),
        pytest.param({"country": "zz"}, ["ISO 3166-1 alpha-2", "'us', 'de' or 'gb'"], id="unassigned country"),
        pytest.param({"language": "xx"}, ["ISO 639-1", "'en', 'de' or 'fr'"], id="unassigned language"),
    ],
)
async def test_a_bad_filter_value_is_an_error_that_says_what_is_accepted(
    arguments: dict[str, str], accepted: list[str]
) -> None:
    serper = like("serper")
    result = await search([serper], arguments)
    assert result.is_error
    for fragment in accepted:
        assert fragment in text_of(result)
    assert serper.calls == []


# --- filters reach the adapters ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "freshness", "country", "language"),
    [
        pytest.param({"freshness": "pw"}, Freshness(period="pw"), None, None, id="a period"),
        pytest.param(
            {"freshness": " 2024-01-01to2024-02-01 ", "country": " DE", "language": "Fr "},
            Freshness.parse("2024-01-01to2024-02-01"),
            "de",
            "fr",
            id="a range, a country and a language, normalised",
        ),
    ],
)
async def test_the_filters_reach_the_adapter_normalised(
    arguments: dict[str, str], freshness: Freshness | None, country: str | None, language: str | None
) -> None:
    serper = like("serper", ok(2, "serper"))
    result = await search([serper], arguments)
    assert not result.is_error, text_of(result)
    (sent,) = serper.calls
    assert (sent.freshness, sent.country, sent.language) == (freshness, country, language)


async def test_blank_filter_values_are_treated_as_unset_as_in_the_cli() -> None:
    serper = like("serper", ok(1, "serper"))
    result = await search([serper], {"freshness": "", "country": " ", "language": ""})
    assert not result.is_error, text_of(result)
    (sent,) = serper.calls
    assert (sent.freshness, sent.country, sent.language) == (None, None, None)


# --- providers that cannot honour a filter ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chain", "arguments", "skipped", "reason", "answered_by"),
    [
        pytest.param(
            ["tavily", "brave"], {"country": "de"}, "tavily", "does not support country", "brave", id="tavily, country"
        ),
        pytest.param(
            ["searxng", "serper"],
            {"freshness": "2024-01-01to2024-02-01"},
            "searxng",
            "does not support freshness date range",
            "serper",
            id="searxng, a date range",
        ),
        pytest.param(
            ["perplexity", "brave"],
            {"language": "fr", "country": "ch"},
            "perplexity",
            "does not support country, language",
            "brave",
            id="perplexity, country and language",
        ),
    ],
)
async def test_a_primary_that_cannot_honour_a_filter_is_skipped_and_the_next_answers(
    chain: list[str], arguments: dict[str, str], skipped: str, reason: str, answered_by: str
) -> None:
    primary, secondary = like(chain[0]), like(chain[1], ok(2, chain[1]))
    result = await search([primary, secondary], arguments)
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data["provider"] == answered_by
    first = data["attempts"][0]
    assert (first["provider"], first["outcome"], first["detail"], first["hedged"]) == (
        skipped,
        "skipped",
        reason,
        False,
    )
    assert [a["outcome"] for a in data["attempts"]] == ["skipped", "ok"]
    assert primary.calls == [] and len(secondary.calls) == 1
    assert f"{skipped} skipped ({reason})" in text_of(result).splitlines()[-1]


@pytest.mark.parametrize(
    ("chain", "arguments", "filter_name"),
    [
        pytest.param(["tavily", "perplexity"], {"language": "de"}, "language", id="language"),
        pytest.param(["tavily", "perplexity"], {"country": "fr"}, "country", id="country"),
        pytest.param(
            ["searxng"], {"freshness": "2024-01-01to2024-01-31"}, "freshness date range", id="freshness date range"
        ),
    ],
)
async def test_a_filter_no_configured_provider_supports_is_an_error_naming_it(
    chain: list[str], arguments: dict[str, str], filter_name: str
) -> None:
    fakes = [like(name) for name in chain]
    result = await search(fakes, arguments)
    assert result.is_error
    text = text_of(result)
    assert f"No configured provider supports the {filter_name} filter (configured: {', '.join(chain)})" in text
    assert "Drop or change the filter" in text
    assert all(f.calls == [] for f in fakes)


@pytest.mark.parametrize(
    ("refusing", "arguments", "reason"),
    [
        ("brave", {"country": "ke"}, "Brave has no results for country 'ke'"),
        ("brave", {"language": "sw"}, "Brave cannot search in language 'sw'"),
        ("searxng", {"country": "ch"}, "SearXNG takes a country only with a language"),
        ("duckduckgo", {"country": "ke"}, "DuckDuckGo has no region for country 'ke'"),
    ],
)
async def test_a_filter_value_an_adapter_refuses_moves_on_to_the_next_provider_without_a_call(
    refusing: str, arguments: dict[str, str], reason: str
) -> None:
    picky, serper = like(refusing), like("serper", ok(1, "serper"))
    result = await search([picky, serper], arguments)
    assert not result.is_error, text_of(result)
    skipped = result.structured_content["attempts"][0]
    assert (skipped["provider"], skipped["outcome"]) == (refusing, "skipped")
    assert skipped["detail"].startswith(reason)
    assert result.structured_content["provider"] == "serper"
    assert picky.calls == []


async def test_a_primary_that_answers_is_not_described_as_a_fallback() -> None:
    serper, tavily = like("serper", ok(1, "serper")), like("tavily")
    result = await search([serper, tavily], {"country": "de"})
    assert result.structured_content["provider"] == "serper"
    assert "after fallback" not in text_of(result)


# --- an answer engine ----------------------------------------------------------------------------------------

SONAR_TEXT = "Python 3.13 was released on 7 October 2024 [1]."


async def test_an_answer_engine_renders_the_answer_first_then_its_sources() -> None:
    perplexity = like("perplexity", ProviderAnswer(answer=SONAR_TEXT, results=results(2, "source")))
    result = await search([perplexity], {"freshness": "py"})
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data["answer"] == SONAR_TEXT
    assert data["provider"] == "perplexity"
    assert [r["link"] for r in data["results"]] == ["https://source.example/0", "https://source.example/1"]
    lines = text_of(result).splitlines()
    answer_at, sources_at = lines.index("### Answer"), lines.index("### Sources")
    assert re.fullmatch(r"<<<UNTRUSTED_[0-9a-f]{16} answer>>>", lines[answer_at + 2])
    assert lines[answer_at + 3] == SONAR_TEXT
    assert answer_at < sources_at < lines.index("   **source 0**") < lines.index("   **source 1**")
    assert lines[-1].startswith("Answered by perplexity")


async def test_a_plain_search_has_no_answer_section() -> None:
    result = await search([like("brave", ok(1, "brave"))], {})
    assert "answer" not in result.structured_content  # a field without a value is left out
    assert "### Answer" not in text_of(result) and "### Sources" not in text_of(result)
