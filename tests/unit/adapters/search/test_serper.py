"""Serper: the exact request it sends and how it reads answers, over httpx.MockTransport."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.serper import SerperSearch
from domain.errors import FailureKind, ProviderFailure
from domain.filters import Freshness
from domain.models import SearchRequest
from tests.support.planned import search

pytestmark = pytest.mark.anyio
KEY = "serper-test-key-0123456789"


def adapter(handler: Callable[[httpx.Request], httpx.Response], base_url: str = "https://serper.test") -> SerperSearch:
    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    return SerperSearch(client, SecretStr(KEY), base_url=base_url)


async def test_sends_a_post_with_the_key_header_and_the_exact_body() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"searchParameters": {"q": "x"}, "organic": []})

    await search(adapter(handler, "https://serper.test/"), SearchRequest(query="mcp servers", num_results=7))
    (sent,) = seen
    assert sent.method == "POST"
    assert str(sent.url) == "https://serper.test/search"
    assert sent.headers["X-API-KEY"] == KEY
    assert sent.headers["Content-Type"] == "application/json"
    assert json.loads(sent.content) == {"q": "mcp servers", "num": 7}


def test_freshness_range_is_inclusive_dates() -> None:
    assert Freshness.parse("2024-01-02to2024-03-04") == Freshness(start=date(2024, 1, 2), end=date(2024, 3, 4))


async def test_maps_organic_results_and_repairs_or_skips_odd_items() -> None:
    organic = [
        {"title": "Good", "link": "https://a.example/", "snippet": "  spaced\n snippet ", "position": 1},
        {"title": "No snippet", "link": "https://b.example/"},
        {"title": 42, "link": "https://c.example/", "snippet": None},
        {"title": "No link", "snippet": "x"},
        {"title": "Bad link", "link": "javascript:alert(1)", "snippet": "x"},
        "not an object",
        {"link": "https://d.example/", "snippet": ["list"]},
    ]
    answer = await search(
        adapter(lambda r: httpx.Response(200, json={"searchParameters": {}, "organic": organic})),
        SearchRequest(query="q", num_results=10),
    )
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("Good", "https://a.example/", "spaced snippet"),
        ("No snippet", "https://b.example/", ""),
        ("42", "https://c.example/", ""),
        ("https://d.example/", "https://d.example/", ""),
    ]
    assert all(r.page_content is None for r in answer.results)


async def test_no_organic_block_with_search_parameters_is_zero_results() -> None:
    answer = await search(
        adapter(lambda r: httpx.Response(200, json={"searchParameters": {"q": "q"}})), SearchRequest(query="q")
    )
    assert answer.results == []


@pytest.mark.parametrize(
    ("status", "body", "kind"),
    [
        (403, {"message": "Unauthorized.", "statusCode": 403}, FailureKind.AUTH),
        (401, {"message": "Unauthorized."}, FailureKind.AUTH),
        (400, {"message": "Not enough credits", "statusCode": 400}, FailureKind.QUOTA_EXHAUSTED),
        (400, {"message": "Query is required", "statusCode": 400}, FailureKind.BAD_REQUEST),
        (429, {"message": "Too many requests"}, FailureKind.RATE_LIMITED),
        (500, {"message": "Internal"}, FailureKind.SERVER_ERROR),
        (503, "Service Unavailable", FailureKind.SERVER_ERROR),
    ],
)
async def test_error_statuses_are_classified(status: int, body: object, kind: FailureKind) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, json=body) if isinstance(body, dict) else httpx.Response(status, text=str(body))

    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(handler), SearchRequest(query="q"))
    assert caught.value.kind is kind
    assert caught.value.status == status
    assert KEY not in str(caught.value)


@pytest.mark.parametrize(
    "response",
    [
        httpx.Response(200, text="<html>proxy login</html>", headers={"content-type": "text/html"}),
        httpx.Response(200, json=["a", "list"]),
        httpx.Response(200, json={"organic": "not a list"}),
        httpx.Response(200, json={"unexpected": True}),
    ],
)
async def test_wrong_shapes_are_malformed(response: httpx.Response) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(lambda r: response), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED
