"""The container owns the HTTP clients' lifetime: ``running()`` opens them before anything that
uses them is built and closes them when the face is done, whichever face it is."""

from __future__ import annotations

import httpx
import pytest
from dependency_injector import providers
from mcp import Client

from domain.models import SearchRequest
from entrypoints.container import build_container, running
from entrypoints.mcp_server import build_server
from tests.support.servers import SERPER_KEY, settings

pytestmark = pytest.mark.anyio


async def clients(container: object) -> list[httpx.AsyncClient]:
    return [await container.http_client(), await container.page_client()]  # type: ignore[attr-defined]


async def test_running_opens_the_clients_and_closes_them_at_the_end() -> None:
    container = build_container(settings(SERPER_API_KEY=SERPER_KEY))
    async with running(container) as services:
        opened = await clients(container)
        assert not any(client.is_closed for client in opened)
        assert services.web_search is await container.web_search()
    assert all(client.is_closed for client in opened)


def serper_answers(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json={"organic": [{"title": "t", "link": "https://e/1", "snippet": "s"}]})


async def test_a_container_started_again_searches_with_new_clients_not_the_closed_ones() -> None:
    container = build_container(settings(SERPER_API_KEY=SERPER_KEY, SEARCHRELAY_CACHE_TTL_SECONDS=0))
    transport = httpx.MockTransport(serper_answers)
    container.http_client.override(providers.Resource(httpx.AsyncClient, transport=transport))
    for run in range(2):  # an adapter still holding the first run's (closed) client would fail the second
        async with running(container) as services:
            outcome = await services.web_search.run(SearchRequest(query=f"run {run}"))
        assert [r.link for r in outcome.results] == ["https://e/1"]


async def test_the_mcp_server_lifespan_is_the_same_lifetime() -> None:
    container = build_container(settings(SERPER_API_KEY=SERPER_KEY))
    async with Client(build_server(container)) as client:
        await client.list_tools()
        opened = await clients(container)
        assert not any(client.is_closed for client in opened)
    assert all(client.is_closed for client in opened)


async def test_resources_are_closed_when_the_face_fails() -> None:
    container = build_container(settings(SERPER_API_KEY=SERPER_KEY))
    opened: list[httpx.AsyncClient] = []

    async def failing_face() -> None:
        async with running(container):
            opened.extend(await clients(container))
            raise RuntimeError("the face broke")

    with pytest.raises(RuntimeError, match="the face broke"):
        await failing_face()
    assert opened and all(client.is_closed for client in opened)
