"""Perplexity Sonar: endpoint choice, the exact request, answer and source parsing, failures."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.perplexity import PerplexitySearch, perplexity_endpoint
from domain.errors import FailureKind, ProviderFailure
from domain.filters import Filter, Freshness
from domain.models import SearchRequest
from tests.support.planned import search

if TYPE_CHECKING:
    from conftest import Recorder

pytestmark = pytest.mark.anyio
KEY = "pplx-test-key-0123456789"
BASE = "https://pplx.test"
MODEL = "sonar-pro"


def adapter(recorder: Recorder, answer: Any, base_url: str = BASE, model: str = MODEL) -> PerplexitySearch:
    return PerplexitySearch(recorder.client(answer), SecretStr(KEY), base_url=base_url, model=model)


def completion(content: Any = "The answer [1].", **extra: Any) -> dict[str, Any]:
    return {
        "id": "c1",
        "model": MODEL,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
        **extra,
    }


def ok(body: Any) -> httpx.Response:
    return httpx.Response(200, json=body)


# --- endpoint choice ---------------------------------------------------------------------------


def test_a_perplexity_key_goes_direct() -> None:
    endpoint = perplexity_endpoint("pplx-abc", None, None, None)
    assert endpoint is not None
    assert endpoint.api_key.get_secret_value() == "pplx-abc"
    assert (endpoint.base_url, endpoint.model, endpoint.route) == (
        "https://api.perplexity.ai",
        "sonar-pro",
        "perplexity",
    )


def test_an_openrouter_key_goes_through_openrouter() -> None:
    endpoint = perplexity_endpoint(None, "sk-or-v1-abc", None, None)
    assert endpoint is not None
    assert endpoint.api_key.get_secret_value() == "sk-or-v1-abc"
    assert (endpoint.base_url, endpoint.model, endpoint.route) == (
        "https://openrouter.ai/api/v1",
        "perplexity/sonar-pro",
        "openrouter",
    )


@pytest.mark.parametrize(
    ("perplexity_key", "openrouter_key", "route", "key"),
    [
        ("sk-or-v1-abc", None, "openrouter", "sk-or-v1-abc"),  # an OpenRouter key in PERPLEXITY_API_KEY
        (None, "pplx-abc", "perplexity", "pplx-abc"),  # a Perplexity key in OPENROUTER_API_KEY
        ("opaque", None, "perplexity", "opaque"),  # no telling prefix: the variable decides
        (None, "opaque", "openrouter", "opaque"),
        ("pplx-abc", "sk-or-v1-abc", "perplexity", "pplx-abc"),  # both: the direct key wins
        ("  ", "sk-or-v1-abc", "openrouter", "sk-or-v1-abc"),  # a blank variable counts as unset
        (" pplx-abc\n", None, "perplexity", "pplx-abc"),
    ],
)
def test_the_key_prefix_and_variable_pick_the_route(
    perplexity_key: str | None, openrouter_key: str | None, route: str, key: str
) -> None:
    endpoint = perplexity_endpoint(perplexity_key, openrouter_key, None, None)
    assert endpoint is not None
    assert endpoint.route == route
    assert endpoint.api_key.get_secret_value() == key


def test_no_key_means_no_endpoint() -> None:
    assert perplexity_endpoint(None, None, None, None) is None
    assert perplexity_endpoint("", " ", "https://proxy.test", "sonar") is None


def test_overrides_win() -> None:
    endpoint = perplexity_endpoint(None, "sk-or-v1-abc", "https://proxy.test/v1", "perplexity/sonar")
    assert endpoint is not None
    assert (endpoint.base_url, endpoint.model, endpoint.route) == (
        "https://proxy.test/v1",
        "perplexity/sonar",
        "openrouter",
    )


def test_the_endpoint_never_shows_the_key() -> None:
    endpoint = perplexity_endpoint("pplx-secret-value", None, None, None)
    assert "pplx-secret-value" not in repr(endpoint)


# --- request -----------------------------------------------------------------------------------


def test_declares_only_freshness() -> None:
    assert PerplexitySearch.name == "perplexity"
    assert PerplexitySearch.capabilities == {Filter.FRESHNESS, Filter.FRESHNESS_RANGE}


async def test_sends_a_chat_completion_with_the_bearer_key_and_the_exact_body(recorder: Recorder) -> None:
    await search(
        adapter(recorder, ok(completion()), BASE + "/", model="perplexity/sonar-pro"),
        SearchRequest(query="what is mcp?", num_results=4),
    )
    sent = recorder.sent
    assert sent.method == "POST"
    assert str(sent.url) == "https://pplx.test/chat/completions"
    assert sent.headers["Authorization"] == f"Bearer {KEY}"
    assert sent.headers["Content-Type"] == "application/json"
    assert json.loads(sent.content) == {
        "model": "perplexity/sonar-pro",
        "messages": [{"role": "user", "content": "what is mcp?"}],
    }


@pytest.mark.parametrize(
    ("freshness", "fields"),
    [
        ("pd", {"search_recency_filter": "day"}),
        ("pw", {"search_recency_filter": "week"}),
        ("pm", {"search_recency_filter": "month"}),
        ("py", {"search_recency_filter": "year"}),
        (
            "2024-01-02to2024-03-04",
            {"search_after_date_filter": "01/02/2024", "search_before_date_filter": "03/04/2024"},
        ),
    ],
)
async def test_freshness_maps_to_recency_or_date_filters(
    recorder: Recorder, freshness: str, fields: dict[str, str]
) -> None:
    request = SearchRequest(query="q", freshness=Freshness.parse(freshness))
    await search(adapter(recorder, ok(completion())), request)
    assert json.loads(recorder.sent.content) == {
        "model": MODEL,
        "messages": [{"role": "user", "content": "q"}],
        **fields,
    }


# --- parsing -----------------------------------------------------------------------------------


async def test_uses_search_results_when_present(recorder: Recorder) -> None:
    body = completion(
        " Sonar says hi. ",
        search_results=[
            {"title": "First", "url": "https://a.example/x", "date": "2025-01-02", "snippet": "about x"},
            {"title": "Dated", "url": "https://b.example/", "date": "2024-12-31"},
            {"title": None, "url": "https://c.example/"},
            {"title": "No url"},
            "junk",
            {"title": "Duplicate", "url": "https://a.example/x"},
        ],
    )
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q", num_results=10))
    assert answer.answer == "Sonar says hi."
    assert [(r.title, r.link, r.snippet, r.published) for r in answer.results] == [
        ("First", "https://a.example/x", "about x", "2025-01-02"),
        ("Dated", "https://b.example/", "", "2024-12-31"),
        ("https://c.example/", "https://c.example/", "", None),
    ]


async def test_citations_set_the_order_and_search_results_describe_them(recorder: Recorder) -> None:
    # citations follow the answer's [n] markers; search_results carry titles and snippets.
    body = completion(
        "B [1], then A [2], then only-cited [3].",
        citations=["https://b.example/", "https://a.example/x", "https://cited.example/only"],
        search_results=[
            {"title": "A", "url": "https://a.example/x", "snippet": "about a"},
            {"title": "B", "url": "https://b.example/", "snippet": "about b"},
            {"title": "Extra", "url": "https://extra.example/"},
        ],
    )
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q", num_results=10))
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("B", "https://b.example/", "about b"),
        ("A", "https://a.example/x", "about a"),
        ("cited.example/only", "https://cited.example/only", ""),
        ("Extra", "https://extra.example/", ""),
    ]


def annotation(url: Any, title: Any = None, content: Any = None, kind: str = "url_citation") -> dict[str, Any]:
    cited: dict[str, Any] = {"url": url, "start_index": 0, "end_index": 10}
    if title is not None:
        cited["title"] = title
    if content is not None:
        cited["content"] = content
    return {"type": kind, "url_citation": cited}


def openrouter_completion(content: str, annotations: Any, **extra: Any) -> dict[str, Any]:
    message = {"role": "assistant", "content": content, "annotations": annotations}
    return {"id": "gen-1", "model": "perplexity/sonar-pro", "choices": [{"index": 0, "message": message}], **extra}


async def test_openrouter_sources_in_message_annotations_become_results(recorder: Recorder) -> None:
    # OpenRouter drops Perplexity's top-level citations and passes the sources as annotations.
    body = openrouter_completion(
        "MCP is a protocol [1][2].",
        [
            annotation("https://modelcontextprotocol.io/", "Model Context Protocol", "An open protocol."),
            annotation("https://github.com/modelcontextprotocol/python-sdk"),
            annotation("https://modelcontextprotocol.io/", "Duplicate"),
            annotation("javascript:alert(1)", "Not a web link"),
            annotation("https://other.example/", "Other kind", kind="file_citation"),
            {"type": "url_citation"},
            "junk",
        ],
    )
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q", num_results=10))
    assert answer.answer == "MCP is a protocol [1][2]."
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("Model Context Protocol", "https://modelcontextprotocol.io/", "An open protocol."),
        (
            "github.com/modelcontextprotocol/python-sdk",
            "https://github.com/modelcontextprotocol/python-sdk",
            "",
        ),
    ]


async def test_annotations_fill_in_what_search_results_lack_and_long_quotes_are_cut(recorder: Recorder) -> None:
    long_quote = "word " * 200
    body = openrouter_completion(
        "Answer [1].",
        [annotation("https://a.example/", "A from annotation", long_quote)],
        search_results=[{"title": "A", "url": "https://a.example/"}],
        citations=["https://a.example/"],
    )
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q", num_results=10))
    (only,) = answer.results
    assert (only.title, only.link) == ("A", "https://a.example/")
    assert only.snippet.startswith("word word") and only.snippet.endswith("…")
    assert len(only.snippet) == 400


@pytest.mark.parametrize(
    "body",
    [
        completion(citations=["https://a.example/"]),
        completion(search_results=[{"url": "https://a.example/"}]),
        openrouter_completion("The answer [1].", [annotation("https://a.example/")]),
        openrouter_completion("The answer [1].", [], citations=["https://a.example/"]),
    ],
    ids=["citations", "search_results", "annotations", "openrouter with citations"],
)
async def test_an_answer_with_sources_never_comes_back_without_results(
    recorder: Recorder, body: dict[str, Any]
) -> None:
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q"))
    assert [r.link for r in answer.results] == ["https://a.example/"]


async def test_falls_back_to_citations_with_host_and_path_titles(recorder: Recorder) -> None:
    body = completion(
        citations=[
            "https://www.example.com/docs/page/",
            "https://user:pw@example.org",
            "not a url",
            42,
            "https://www.example.com/docs/page/",
        ],
        search_results="not a list",
    )
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q", num_results=10))
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("www.example.com/docs/page", "https://www.example.com/docs/page/", ""),
        ("example.org", "https://example.org", ""),  # credentials in a citation are never passed on
    ]


async def test_results_are_limited_to_num_results(recorder: Recorder) -> None:
    body = completion(citations=[f"https://e.example/{i}" for i in range(8)])
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q", num_results=3))
    assert [r.link for r in answer.results] == [
        "https://e.example/0",
        "https://e.example/1",
        "https://e.example/2",
    ]


@pytest.mark.parametrize("extra", [{}, {"citations": None}, {"citations": "x", "search_results": []}])
async def test_an_answer_without_sources_has_no_results(recorder: Recorder, extra: dict[str, Any]) -> None:
    answer = await search(adapter(recorder, ok(completion(**extra))), SearchRequest(query="q"))
    assert answer.answer == "The answer [1]."
    assert answer.results == []


@pytest.mark.parametrize(
    "body",
    [
        {"id": "c1"},
        {"choices": []},
        {"choices": "text"},
        {"choices": ["text"]},
        {"choices": [{"message": None}]},
        {"choices": [{"message": {"role": "assistant"}}]},
        completion(None),
        completion(["parts"]),
        completion("   "),
    ],
)
async def test_missing_choices_or_content_is_malformed(recorder: Recorder, body: dict[str, Any]) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, ok(body)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED
    assert "choices[0].message.content" in caught.value.detail


async def test_a_non_json_200_is_malformed(recorder: Recorder) -> None:
    response = httpx.Response(200, text="<html>login</html>", headers={"content-type": "text/html"})
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, response), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED


# --- failures ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "body", "kind"),
    [
        (
            401,
            {"error": {"message": "Invalid API key", "type": "invalid_api_key", "code": 401}},
            FailureKind.AUTH,
        ),
        (403, {"error": {"message": "Forbidden"}}, FailureKind.AUTH),
        (
            402,
            {"error": {"message": "Insufficient credits", "code": 402}},
            FailureKind.QUOTA_EXHAUSTED,
        ),  # OpenRouter
        (400, {"error": {"message": "You exceeded your current quota"}}, FailureKind.QUOTA_EXHAUSTED),
        (400, {"error": {"message": "Invalid model 'sonar-x'"}}, FailureKind.BAD_REQUEST),
        (429, {"error": {"message": "Rate limit exceeded"}}, FailureKind.RATE_LIMITED),
        (500, {"error": {"message": "internal"}}, FailureKind.SERVER_ERROR),
        (502, "<html>Bad Gateway</html>", FailureKind.SERVER_ERROR),
    ],
)
async def test_error_statuses_are_classified(recorder: Recorder, status: int, body: Any, kind: FailureKind) -> None:
    response = (
        httpx.Response(status, json=body)
        if isinstance(body, dict)
        else httpx.Response(status, text=body, headers={"content-type": "text/html"})
    )
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, response), SearchRequest(query="q"))
    assert caught.value.kind is kind
    assert caught.value.status == status
    assert KEY not in str(caught.value)


async def test_a_timeout_is_classified(recorder: Recorder) -> None:
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, slow), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.TIMEOUT
