"""Every adapter's plan, without HTTP: which filters it honours and exactly how they reach the wire.

Each row reads: the provider, the request's filters, then the planned call (method, URL, query
string or body) or the refusal that makes the chain skip that provider. The adapters are built
on a client whose transport fails the test if anything is ever sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.brave import BRAVE_COUNTRIES, BRAVE_SEARCH_LANGS, BraveSearch
from adapters.search.duckduckgo import USER_AGENT, DuckDuckGoLiteSearch
from adapters.search.perplexity import PerplexitySearch
from adapters.search.searxng import SearxngSearch
from adapters.search.serper import SerperSearch
from adapters.search.tavily import TavilySearch
from domain.filters import Filter, Freshness
from domain.iso_codes import COUNTRIES, LANGUAGES
from domain.models import SearchRequest
from domain.planning import Refusal, WireRequest
from domain.ports import SearchPort

JSON = {"Accept": "application/json"}
RANGE = "2024-01-02to2024-03-04"


def no_http(request: httpx.Request) -> httpx.Response:
    raise AssertionError(f"a plan must not send anything, but {request.method} {request.url} was sent")


def adapters() -> dict[str, SearchPort]:
    client = httpx.AsyncClient(transport=httpx.MockTransport(no_http))
    key = SecretStr("plan-test-key-0123456789")
    return {
        "serper": SerperSearch(client, key, base_url="https://serper.test"),
        "tavily": TavilySearch(client, key, base_url="https://tavily.test"),
        "brave": BraveSearch(client, key, base_url="https://brave.test"),
        "searxng": SearxngSearch(client, "https://searx.test"),
        "perplexity": PerplexitySearch(client, key, "https://sonar.test", "sonar-pro"),
        "duckduckgo": DuckDuckGoLiteSearch(client, base_url="https://ddg.test"),
    }


def request(**filters: str) -> SearchRequest:
    freshness = Freshness.parse(filters.pop("freshness")) if "freshness" in filters else None
    return SearchRequest(query="q", num_results=5, freshness=freshness, **filters)


def plan(provider: str, **filters: str) -> WireRequest | Refusal:
    return adapters()[provider].plan(request(**filters))


def sent(provider: str, **filters: str) -> Mapping[str, Any]:
    """What the planned call carries: the JSON body, the form, or the query string."""
    wire = plan(provider, **filters)
    assert isinstance(wire, WireRequest), wire
    assert wire.limit == 5
    return wire.json or wire.form or wire.params


# --- the call itself, with no filter ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("provider", "wire"),
    [
        ("serper", WireRequest("POST", "https://serper.test/search", json={"q": "q", "num": 5}, headers=JSON, limit=5)),
        (
            "tavily",
            WireRequest(
                "POST",
                "https://tavily.test/search",
                json={
                    "query": "q",
                    "max_results": 5,
                    "search_depth": "basic",
                    "include_answer": False,
                    "include_images": False,
                    "include_raw_content": False,
                },
                headers=JSON,
                limit=5,
            ),
        ),
        (
            "brave",
            WireRequest(
                "GET", "https://brave.test/res/v1/web/search", params={"q": "q", "count": "5"}, headers=JSON, limit=5
            ),
        ),
        (
            "searxng",
            WireRequest(
                "GET",
                "https://searx.test/search",
                params={"q": "q", "format": "json", "pageno": "1"},
                headers=JSON,
                limit=5,
            ),
        ),
        (
            "perplexity",
            WireRequest(
                "POST",
                "https://sonar.test/chat/completions",
                json={"model": "sonar-pro", "messages": [{"role": "user", "content": "q"}]},
                headers=JSON,
                limit=5,
            ),
        ),
        (
            "duckduckgo",
            WireRequest(
                "POST",
                "https://ddg.test/lite/",
                form={"q": "q"},
                headers={"User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml"},
                limit=5,
            ),
        ),
    ],
)
def test_without_filters_each_adapter_plans_its_plain_call(provider: str, wire: WireRequest) -> None:
    assert plan(provider) == wire


def test_a_plan_holds_no_secret() -> None:
    for port in adapters().values():
        assert "plan-test-key" not in repr(port.plan(request()))
    searxng = SearxngSearch(httpx.AsyncClient(transport=httpx.MockTransport(no_http)), "https://u:s3cret@searx.test")
    assert "s3cret" not in repr(searxng.plan(request()))


# --- how each filter maps to the wire ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("provider", "filters", "expected"),
    [
        # Serper: Google's gl / hl / tbs.
        ("serper", {"freshness": "pw"}, {"tbs": "qdr:w"}),
        ("serper", {"freshness": RANGE}, {"tbs": "cdr:1,cd_min:01/02/2024,cd_max:03/04/2024"}),
        ("serper", {"country": "ke", "language": "sw"}, {"gl": "ke", "hl": "sw"}),
        # Tavily: time_range or start/end dates.
        ("tavily", {"freshness": "pd"}, {"time_range": "day"}),
        ("tavily", {"freshness": RANGE}, {"start_date": "2024-01-02", "end_date": "2024-03-04"}),
        # Brave: freshness verbatim, country upper case, its own language names.
        ("brave", {"freshness": "pm"}, {"freshness": "pm"}),
        ("brave", {"freshness": RANGE}, {"freshness": RANGE}),
        ("brave", {"country": "de", "language": "fr"}, {"country": "DE", "search_lang": "fr"}),
        ("brave", {"language": "ja"}, {"search_lang": "jp"}),
        ("brave", {"language": "no"}, {"search_lang": "nb"}),
        ("brave", {"language": "zh"}, {"search_lang": "zh-hans"}),
        ("brave", {"language": "zh", "country": "tw"}, {"search_lang": "zh-hant", "country": "TW"}),
        ("brave", {"language": "pt"}, {"search_lang": "pt-pt"}),
        ("brave", {"language": "pt", "country": "br"}, {"search_lang": "pt-br", "country": "BR"}),
        ("brave", {"language": "en", "country": "gb"}, {"search_lang": "en-gb", "country": "GB"}),
        ("brave", {"language": "en", "country": "us"}, {"search_lang": "en", "country": "US"}),
        # SearXNG: time_range, and a locale from language (+ country).
        ("searxng", {"freshness": "py"}, {"time_range": "year"}),
        ("searxng", {"language": "fr"}, {"language": "fr"}),
        ("searxng", {"language": "de", "country": "ch"}, {"language": "de-CH"}),
        # Perplexity: recency or date filters.
        ("perplexity", {"freshness": "pw"}, {"search_recency_filter": "week"}),
        (
            "perplexity",
            {"freshness": RANGE},
            {"search_after_date_filter": "01/02/2024", "search_before_date_filter": "03/04/2024"},
        ),
        # DuckDuckGo: df, and a region (kl) chosen by country, then language.
        ("duckduckgo", {"freshness": "pw", "country": "de"}, {"df": "w", "kl": "de-de"}),
        ("duckduckgo", {"country": "gb"}, {"kl": "uk-en"}),
        ("duckduckgo", {"country": "si"}, {"kl": "sl-sl"}),
        ("duckduckgo", {"country": "us"}, {"kl": "us-en"}),
        ("duckduckgo", {"country": "us", "language": "en"}, {"kl": "us-en"}),
        ("duckduckgo", {"country": "us", "language": "es"}, {"kl": "ue-es"}),
        ("duckduckgo", {"country": "ch"}, {"kl": "ch-de"}),
        ("duckduckgo", {"country": "ch", "language": "fr"}, {"kl": "ch-fr"}),
        ("duckduckgo", {"country": "jp", "language": "ja"}, {"kl": "jp-jp"}),
        ("duckduckgo", {"country": "tw", "language": "zh"}, {"kl": "tw-tzh"}),
        ("duckduckgo", {"country": "kr", "language": "ko"}, {"kl": "kr-kr"}),
        ("duckduckgo", {"country": "es", "language": "ca"}, {"kl": "ct-ca"}),
    ],
)
def test_each_filter_reaches_the_wire_as_the_provider_names_it(
    provider: str, filters: dict[str, str], expected: dict[str, str]
) -> None:
    carried = sent(provider, **filters)
    assert {key: carried.get(key) for key in expected} == expected


# --- what a provider cannot honour is refused before the call ----------------------------------------------


@pytest.mark.parametrize(
    ("provider", "filters", "reason", "unsupported"),
    [
        # A filter the provider lacks altogether.
        ("tavily", {"country": "de"}, "does not support country", {Filter.COUNTRY}),
        ("tavily", {"language": "de", "country": "de"}, "does not support country, language", None),
        ("perplexity", {"language": "de"}, "does not support language", {Filter.LANGUAGE}),
        ("searxng", {"freshness": RANGE}, "does not support freshness date range", {Filter.FRESHNESS_RANGE}),
        ("duckduckgo", {"freshness": RANGE}, "does not support freshness date range", {Filter.FRESHNESS_RANGE}),
        ("duckduckgo", {"language": "de"}, "DuckDuckGo takes a language only with a country", set()),
        (
            "duckduckgo",
            {"country": "ch", "language": "ja"},
            "DuckDuckGo has no region for language 'ja' in country 'ch' (ch-de, ch-fr, ch-it)",
            set(),
        ),
        # A value the provider cannot express: it knows the filter, not this value.
        ("brave", {"country": "ke"}, "Brave has no results for country 'ke' (it covers ar, at, au,", set()),
        ("brave", {"language": "sw"}, "Brave cannot search in language 'sw'", set()),
        ("brave", {"language": "ja", "country": "ke"}, "Brave has no results for country 'ke'", set()),
        ("duckduckgo", {"country": "ke"}, "DuckDuckGo has no region for country 'ke'", set()),
        ("searxng", {"country": "ch"}, "SearXNG takes a country only with a language", set()),
    ],
)
def test_what_a_provider_cannot_honour_is_refused_before_any_call(
    provider: str, filters: dict[str, str], reason: str, unsupported: set[Filter] | None
) -> None:
    refusal = plan(provider, **filters)
    assert isinstance(refusal, Refusal), refusal
    assert refusal.reason.startswith(reason)
    if unsupported is not None:
        assert refusal.unsupported == unsupported


@pytest.mark.parametrize("country", sorted(COUNTRIES))
def test_brave_plans_exactly_the_countries_on_its_documented_list(country: str) -> None:
    planned = plan("brave", country=country)
    assert isinstance(planned, WireRequest) == (country in BRAVE_COUNTRIES)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_brave_never_sends_a_search_lang_off_its_documented_list(language: str) -> None:
    planned = plan("brave", language=language)
    if isinstance(planned, WireRequest):
        assert planned.params["search_lang"] in BRAVE_SEARCH_LANGS
    else:
        assert planned.reason == f"Brave cannot search in language {language!r}"


def test_brave_documents_thirty_six_countries_and_fifty_search_languages() -> None:
    # Brave's web search reference lists these; a changed count means the lists need a look.
    assert BRAVE_COUNTRIES <= COUNTRIES
    assert (len(BRAVE_COUNTRIES), len(BRAVE_SEARCH_LANGS)) == (36, 50)
