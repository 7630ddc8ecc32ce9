"""SearXNG: the exact query it sends, JSON parsing, and a 403 that explains the JSON setting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx
import pytest

from adapters.search.searxng import SearxngSearch
from domain.errors import FailureKind, ProviderFailure
from domain.filters import Filter, Freshness
from domain.models import SearchRequest
from tests.support.planned import search

if TYPE_CHECKING:
    from conftest import Recorder

pytestmark = pytest.mark.anyio
BASE = "https://searx.test/sx"


def adapter(recorder: Recorder, answer: Any, base_url: str = BASE) -> SearxngSearch:
    return SearxngSearch(recorder.client(answer), base_url=base_url)


def ok(body: Any) -> httpx.Response:
    return httpx.Response(200, json=body)


EMPTY = {"query": "q", "number_of_results": 0, "results": [], "unresponsive_engines": []}


def test_declares_freshness_language_country_with_a_language_news_and_domains() -> None:
    assert SearxngSearch.name == "searxng"
    assert SearxngSearch.capabilities == {
        Filter.FRESHNESS, Filter.LANGUAGE, Filter.COUNTRY, Filter.NEWS, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    }  # fmt: skip


async def test_sends_a_get_for_json_output(recorder: Recorder) -> None:
    await search(adapter(recorder, ok(EMPTY), BASE + "/"), SearchRequest(query="mcp servers & more", num_results=5))
    sent = recorder.sent
    assert sent.method == "GET"
    assert sent.url.copy_with(query=None) == "https://searx.test/sx/search"
    assert dict(sent.url.params) == {"q": "mcp servers & more", "format": "json", "pageno": "1"}
    assert sent.headers["Accept"] == "application/json"
    assert "Authorization" not in sent.headers


@pytest.mark.parametrize(("freshness", "time_range"), [("pd", "day"), ("pw", "week"), ("pm", "month"), ("py", "year")])
async def test_filters_map_to_language_and_time_range(recorder: Recorder, freshness: str, time_range: str) -> None:
    request = SearchRequest(query="q", freshness=Freshness.parse(freshness), language="de", country="ch")
    await search(adapter(recorder, ok(EMPTY)), request)
    assert dict(recorder.sent.url.params) == {
        "q": "q",
        "format": "json",
        "pageno": "1",
        "language": "de-CH",
        "time_range": time_range,
    }


async def test_credentials_in_the_base_url_become_basic_auth(recorder: Recorder) -> None:
    await search(adapter(recorder, ok(EMPTY), "https://user:s3cret@searx.test"), SearchRequest(query="q"))
    assert recorder.sent.headers["Authorization"] == "Basic dXNlcjpzM2NyZXQ="  # user:s3cret
    assert recorder.sent.url.userinfo == b""  # sent once, as the header, not also in the URL


async def test_percent_encoded_credentials_are_decoded_for_basic_auth(recorder: Recorder) -> None:
    await search(adapter(recorder, ok(EMPTY), "https://us%40er:p%3Ass@searx.test"), SearchRequest(query="q"))
    assert recorder.sent.headers["Authorization"] == "Basic dXNAZXI6cDpzcw=="  # us@er:p:ss


async def test_maps_results_and_repairs_or_skips_odd_items(recorder: Recorder) -> None:
    items = [
        {
            "title": "Good",
            "url": "https://a.example/",
            "content": " spaced\n text ",
            "engine": "brave",
            "score": 3.0,
        },
        {"title": "No content", "url": "https://b.example/"},
        {"title": 12, "url": "https://c.example/", "content": None},
        {"title": "No url", "content": "x"},
        {"title": "Bad url", "url": "mailto:x@example.com"},
        ["not", "an", "object"],
        {"url": "https://d.example/", "content": {"nested": True}},
    ]
    answer = await search(adapter(recorder, ok({**EMPTY, "results": items})), SearchRequest(query="q", num_results=10))
    assert [(r.title, r.link, r.snippet) for r in answer.results] == [
        ("Good", "https://a.example/", "spaced text"),
        ("No content", "https://b.example/", ""),
        ("12", "https://c.example/", ""),
        ("https://d.example/", "https://d.example/", ""),
    ]
    assert answer.answer is None


async def test_results_are_limited_to_num_results(recorder: Recorder) -> None:
    items = [{"title": str(i), "url": f"https://e.example/{i}", "content": ""} for i in range(9)]
    answer = await search(adapter(recorder, ok({**EMPTY, "results": items})), SearchRequest(query="q", num_results=4))
    assert [r.title for r in answer.results] == ["0", "1", "2", "3"]


async def test_no_results_is_zero_results(recorder: Recorder) -> None:
    assert (await search(adapter(recorder, ok(EMPTY)), SearchRequest(query="q"))).results == []


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"query": "q"}, "'results' is not a list"),
        ({"results": {"0": {}}}, "'results' is not a list"),
        ([], "expected a JSON object"),
    ],
)
async def test_wrong_shapes_are_malformed(recorder: Recorder, body: Any, detail: str) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, ok(body)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED
    assert detail in caught.value.detail


async def test_an_html_200_is_malformed(recorder: Recorder) -> None:
    # A misconfigured proxy or login page answering in place of the instance.
    response = httpx.Response(200, text="<html><body>Sign in</body></html>", headers={"content-type": "text/html"})
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, response), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED


async def test_a_403_explains_the_json_setting_and_keeps_the_classification(recorder: Recorder) -> None:
    forbidden = httpx.Response(
        403, text="<html><body><h1>403 Forbidden</h1></body></html>", headers={"content-type": "text/html"}
    )
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, forbidden, "https://admin:hunter2@searx.test/private"), SearchRequest(query="q"))
    failure = caught.value
    assert failure.kind is FailureKind.AUTH  # what http_errors says a 403 is
    assert failure.status == 403
    assert failure.provider == "searxng"
    assert failure.detail.startswith("HTTP 403")
    assert "search.formats" in failure.detail
    assert "settings.yml" in failure.detail
    assert "json" in failure.detail
    for secret in ("hunter2", "admin", "searx.test", "/private"):
        assert secret not in str(failure)


async def test_a_403_keeps_retry_after_and_the_instance_message(recorder: Recorder) -> None:
    forbidden = httpx.Response(
        403, text="format not allowed", headers={"content-type": "text/plain", "Retry-After": "5"}
    )
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, forbidden), SearchRequest(query="q"))
    assert caught.value.detail.startswith("HTTP 403: format not allowed; ")
    assert caught.value.retry_after == "5"


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, FailureKind.BAD_REQUEST),
        (401, FailureKind.AUTH),
        (404, FailureKind.BAD_REQUEST),
        (429, FailureKind.RATE_LIMITED),
        (500, FailureKind.SERVER_ERROR),
        (502, FailureKind.SERVER_ERROR),
    ],
)
async def test_other_error_statuses_are_classified_without_the_json_hint(
    recorder: Recorder, status: int, kind: FailureKind
) -> None:
    response = httpx.Response(status, text="<html>error</html>", headers={"content-type": "text/html"})
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, response, "https://admin:hunter2@searx.test"), SearchRequest(query="q"))
    assert caught.value.kind is kind
    assert caught.value.status == status
    assert "search.formats" not in caught.value.detail
    assert "hunter2" not in str(caught.value)


async def test_an_unreachable_instance_is_a_network_failure_without_the_url(recorder: Recorder) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] https://admin:hunter2@searx.test", request=request)

    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, refuse, "https://admin:hunter2@searx.test"), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.NETWORK
    assert "hunter2" not in str(caught.value)
