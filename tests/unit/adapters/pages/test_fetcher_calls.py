"""SafePageFetcher.call, the API calls of the site resolvers: same guards as a page, headers for one origin."""

from __future__ import annotations

import httpx
import pytest

from domain.errors import PageUnavailable, UnsafeUrl
from tests.support.site_apis import SiteRouter, TableResolver, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio


async def test_an_error_status_comes_back_with_its_body() -> None:
    router = SiteRouter().add("api.example", "/x", json_answer({"message": "Not Found"}, status=404))
    answer = await routed_fetcher(router).call("https://api.example/x")
    assert (answer.status, answer.body) == (404, b'{"message":"Not Found"}')


async def test_a_page_fetch_still_refuses_an_error_status() -> None:
    router = SiteRouter().add("api.example", "/x", json_answer({}, status=404))
    with pytest.raises(PageUnavailable, match="HTTP 404"):
        await routed_fetcher(router).fetch("https://api.example/x")


async def test_headers_go_to_the_first_origin_and_not_where_a_redirect_leads() -> None:
    router = (
        SiteRouter()
        .add("api.example", "/a", httpx.Response(302, headers={"location": "https://api.example/b"}))
        .add("api.example", "/b", httpx.Response(302, headers={"location": "https://elsewhere.example/c"}))
        .add("elsewhere.example", "/c", json_answer({"ok": True}))
    )
    answer = await routed_fetcher(router).call("https://api.example/a", headers={"Authorization": "Bearer t0k"})
    assert answer.status == 200
    sent = [(s.host, s.headers.get("authorization")) for s in router.seen]
    assert sent == [("api.example", "Bearer t0k"), ("api.example", "Bearer t0k"), ("elsewhere.example", None)]


async def test_a_post_carries_its_body_and_is_never_redirected() -> None:
    router = SiteRouter().add("api.example", "/graphql", httpx.Response(307, headers={"location": "/other"}))
    with pytest.raises(PageUnavailable, match="the server redirected a POST request"):
        await routed_fetcher(router).call("https://api.example/graphql", method="POST", content=b'{"q": 1}')
    (only,) = router.seen
    assert (only.method, only.body) == ("POST", b'{"q": 1}')


async def test_an_api_host_resolving_to_a_private_address_is_refused_before_any_request() -> None:
    router = SiteRouter()
    fetcher = routed_fetcher(router, TableResolver({"api.example": "192.168.1.5"}))
    with pytest.raises(UnsafeUrl, match="private"):
        await fetcher.call("https://api.example/x")
    assert router.seen == []
