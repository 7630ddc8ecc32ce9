"""Tavily: the exact request it sends and how it reads answers, over httpx.MockTransport."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.tavily import TavilySearch
from domain.errors import FailureKind, ProviderFailure
from domain.models import SearchRequest
from tests.support.planned import search

pytestmark = pytest.mark.anyio
KEY = "tvly-test-key-0123456789"


def adapter(handler: Callable[[httpx.Request], httpx.Response]) -> TavilySearch:
    return TavilySearch(
        httpx.AsyncClient(transport=httpx.MockTransport(handler)), SecretStr(KEY), "https://tavily.test"
    )


async def test_sends_a_post_with_a_bearer_key_and_the_exact_body() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"query": "q", "results": []})

    await search(adapter(handler), SearchRequest(query="rust async", num_results=4))
    (sent,) = seen
    assert sent.method == "POST"
    assert str(sent.url) == "https://tavily.test/search"
    assert sent.headers["Authorization"] == f"Bearer {KEY}"
    assert json.loads(sent.content) == {
        "query": "rust async",
        "max_results": 4,
        "search_depth": "basic",
        "include_answer": False,
        "include_images": False,
        "include_raw_content": False,
    }


async def test_maps_results_to_title_link_snippet_and_survives_odd_items() -> None:
    items = [
        {"title": "A", "url": "https://a.example/", "content": "about a", "score": 0.9, "raw_content": None},
        {"title": None, "url": "https://b.example/", "content": 3.5},
        {"title": "no url", "content": "x"},
        None,
    ]
    answer = await search(
        adapter(lambda r: httpx.Response(200, json={"query": "q", "results": items})),
        SearchRequest(query="q", num_results=5),
    )
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("A", "https://a.example/", "about a"),
        ("https://b.example/", "https://b.example/", "3.5"),
    ]


@pytest.mark.parametrize(
    ("status", "kind"),
    [(400, FailureKind.BAD_REQUEST), (401, FailureKind.AUTH), (403, FailureKind.AUTH), (429, FailureKind.RATE_LIMITED),
     (432, FailureKind.QUOTA_EXHAUSTED), (433, FailureKind.QUOTA_EXHAUSTED), (500, FailureKind.SERVER_ERROR),
     (502, FailureKind.SERVER_ERROR)],
)  # fmt: skip
async def test_error_statuses_are_classified_and_keep_the_providers_message(status: int, kind: FailureKind) -> None:
    body = {"detail": {"error": f"problem {status}"}}
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(lambda r: httpx.Response(status, json=body)), SearchRequest(query="q"))
    assert caught.value.kind is kind
    assert caught.value.detail == f"HTTP {status}: problem {status}"


@pytest.mark.parametrize("payload", [{"results": None}, {"answer": "x"}, {"results": {"a": 1}}])
async def test_missing_or_mistyped_results_are_malformed(payload: dict[str, object]) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(lambda r: httpx.Response(200, json=payload)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED
