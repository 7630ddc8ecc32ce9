"""Brave: the exact request it sends and how it reads answers, over httpx.MockTransport."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.brave import BraveSearch
from domain.errors import FailureKind, ProviderFailure
from domain.filters import Filter, Freshness
from domain.models import SearchRequest
from tests.support.planned import search

if TYPE_CHECKING:
    from conftest import Recorder

pytestmark = pytest.mark.anyio
KEY = "BSA-test-key-0123456789"
BASE = "https://brave.test"


def adapter(recorder: Recorder, answer: Any, base_url: str = BASE) -> BraveSearch:
    return BraveSearch(recorder.client(answer), SecretStr(KEY), base_url=base_url)


def ok(body: Any) -> httpx.Response:
    return httpx.Response(200, json=body)


def test_declares_every_filter() -> None:
    assert BraveSearch.name == "brave"
    assert BraveSearch.capabilities == set(Filter)


async def test_sends_a_get_with_the_token_header_and_query_params(recorder: Recorder) -> None:
    await search(
        adapter(recorder, ok({"type": "search", "web": {"results": []}}), BASE + "/"),
        SearchRequest(query="mcp servers & more", num_results=7),
    )
    sent = recorder.sent
    assert sent.method == "GET"
    assert sent.url.copy_with(query=None) == "https://brave.test/res/v1/web/search"
    assert dict(sent.url.params) == {"q": "mcp servers & more", "count": "7"}
    assert sent.headers["X-Subscription-Token"] == KEY
    assert sent.headers["Accept"] == "application/json"
    assert sent.content == b""


@pytest.mark.parametrize(
    ("freshness", "sent"),
    [
        ("pd", "pd"),
        ("pw", "pw"),
        ("pm", "pm"),
        ("py", "py"),
        ("2024-01-02to2024-03-04", "2024-01-02to2024-03-04"),
    ],
)
async def test_filters_map_to_freshness_country_and_search_lang(recorder: Recorder, freshness: str, sent: str) -> None:
    request = SearchRequest(query="q", num_results=3, freshness=Freshness.parse(freshness), country="de", language="fr")
    await search(adapter(recorder, ok({"type": "search"})), request)
    assert dict(recorder.sent.url.params) == {
        "q": "q",
        "count": "3",
        "freshness": sent,
        "country": "DE",
        "search_lang": "fr",
    }


async def test_maps_web_results_and_strips_highlight_markup(recorder: Recorder) -> None:
    items = [
        {
            "title": "The <strong>MCP</strong> spec",
            "url": "https://a.example/",
            "description": "Model &amp; <b>ctx</b>",
        },
        {"title": "No description", "url": "https://b.example/", "age": "2 days ago"},
        {"title": 7, "url": "https://c.example/", "description": None},
        {"title": "No url", "description": "x"},
        {"title": "Bad url", "url": "ftp://d.example/", "description": "x"},
        "not an object",
        None,
        {"url": "https://e.example/", "description": ["list"]},
        {"title": "ctrl\x01char", "url": "https://f.example/", "description": "a < b"},
    ]
    answer = await search(
        adapter(recorder, ok({"type": "search", "web": {"results": items}})), SearchRequest(query="q", num_results=10)
    )
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("The MCP spec", "https://a.example/", "Model & ctx"),
        ("No description", "https://b.example/", ""),
        ("7", "https://c.example/", ""),
        ("https://e.example/", "https://e.example/", ""),
        ("ctrl\x01char", "https://f.example/", "a < b"),
    ]
    assert answer.answer is None


@pytest.mark.parametrize(
    "body",
    [
        {"type": "search", "query": {"original": "q"}, "mixed": {}},
        {"query": {"original": "q"}},
        {"type": "search"},
    ],
)
async def test_a_missing_web_block_is_zero_results(recorder: Recorder, body: dict[str, Any]) -> None:
    answer = await search(adapter(recorder, ok(body)), SearchRequest(query="q"))
    assert answer.results == []


async def test_web_without_results_is_zero_results(recorder: Recorder) -> None:
    answer = await search(
        adapter(recorder, ok({"type": "search", "web": {"type": "search"}})), SearchRequest(query="q")
    )
    assert answer.results == []


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"unexpected": True}, "neither 'web' nor 'query'"),
        ({"type": "search", "web": []}, "'web' is not an object"),
        ({"type": "search", "web": {"results": {"0": {}}}}, "'web.results' is not a list"),
        ([1, 2], "expected a JSON object"),
    ],
)
async def test_wrong_shapes_are_malformed(recorder: Recorder, body: Any, detail: str) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, ok(body)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED
    assert detail in caught.value.detail


async def test_a_non_json_200_is_malformed(recorder: Recorder) -> None:
    answer = httpx.Response(200, text="<html>maintenance</html>", headers={"content-type": "text/html"})
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, answer), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED


RATE_LIMITED_BODY = {
    "type": "ErrorResponse",
    "error": {
        "id": "1b3f",
        "status": 429,
        "code": "RATE_LIMITED",
        "detail": "Request rate limit exceeded for plan.",
        "meta": {
            "plan": "Free",
            "rate_limit": 1,
            "rate_current": 2,
            "quota_limit": 2000,
            "quota_current": 31,
        },
    },
}
INVALID_TOKEN_BODY = {
    "type": "ErrorResponse",
    "error": {
        "id": "9c1d",
        "status": 401,
        "code": "SUBSCRIPTION_TOKEN_INVALID",
        "detail": "The provided subscription token is invalid.",
    },
}


@pytest.mark.parametrize(
    ("status", "body", "kind"),
    [
        (401, INVALID_TOKEN_BODY, FailureKind.AUTH),
        (
            403,
            {**INVALID_TOKEN_BODY, "error": {**INVALID_TOKEN_BODY["error"], "status": 403}},
            FailureKind.AUTH,
        ),
        (429, RATE_LIMITED_BODY, FailureKind.RATE_LIMITED),
        (
            422,
            {
                "type": "ErrorResponse",
                "error": {"code": "VALIDATION", "detail": "Unable to validate request parameter(s)"},
            },
            FailureKind.BAD_REQUEST,
        ),
        (400, {"error": {"detail": "bad"}}, FailureKind.BAD_REQUEST),
        (500, {"error": {"detail": "oops"}}, FailureKind.SERVER_ERROR),
        (502, "<html>Bad Gateway</html>", FailureKind.SERVER_ERROR),
        (503, "", FailureKind.SERVER_ERROR),
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
    assert caught.value.provider == "brave"
    assert KEY not in str(caught.value)


async def test_a_rate_limit_reports_the_provider_message_and_retry_after(recorder: Recorder) -> None:
    response = httpx.Response(429, json=RATE_LIMITED_BODY, headers={"Retry-After": "1"})
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, response), SearchRequest(query="q"))
    assert caught.value.detail == "HTTP 429: Request rate limit exceeded for plan."
    assert caught.value.retry_after == "1"


async def test_a_dropped_connection_is_a_network_failure(recorder: Recorder) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, refuse), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.NETWORK
