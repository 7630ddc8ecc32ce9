"""Key pools and fan-out end to end: the real container and MCP server against local fake providers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from mcp import Client
from mcp.types import CallToolResult

from entrypoints.container import Container, build_container
from entrypoints.mcp_server import build_server
from tests.support.fake_provider import json_reply, serper_reply, tavily_reply
from tests.support.fault_server import FaultProvider
from tests.support.servers import settings

pytestmark = pytest.mark.anyio

SERPER_KEYS = ("serper-POOL-one-5d4c3b2a19f8", "serper-POOL-two-e7d6a1b2c3d4")
TAVILY_KEY = "tvly-POOL-a1b2c3d4e5f60718"


@pytest.fixture
def servers() -> Iterator[dict[str, FaultProvider]]:
    started = {"serper": FaultProvider().start(), "tavily": FaultProvider().start()}
    started["serper"].answer(serper_reply(3, "shared"))
    started["tavily"].answer(tavily_reply(3, "tavily"))
    yield started
    for server in started.values():
        server.stop()


def container(servers: dict[str, FaultProvider], **overrides: Any) -> Container:
    env: dict[str, Any] = {
        "SERPER_API_KEY": ",".join(SERPER_KEYS),
        "TAVILY_API_KEY": TAVILY_KEY,
        "SERPER_BASE_URL": servers["serper"].url,
        "TAVILY_BASE_URL": servers["tavily"].url,
        "SEARCHRELAY_HEDGE_AFTER_SECONDS": 0,
        "SEARCHRELAY_CACHE_TTL_SECONDS": 0,
    }
    return build_container(settings(**{**env, **overrides}))


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def providers_report(client: Client) -> tuple[str, dict[str, dict[str, Any]]]:
    resource = await client.read_resource("searchrelay://providers", cache_mode="bypass")
    text = resource.contents[0].text  # type: ignore[union-attr]
    return text, {p["name"]: p for p in json.loads(text)["chain"]}


def keys_sent(server: FaultProvider) -> list[int]:
    return [SERPER_KEYS.index(r.headers["x-api-key"]) + 1 for r in server.requests]


def no_key_in(*texts: str) -> bool:
    return not any(key in text for text in texts for key in (*SERPER_KEYS, TAVILY_KEY, ",".join(SERPER_KEYS)))


async def test_a_429_on_the_first_key_is_answered_by_the_second_and_the_pool_is_reported(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].then(json_reply(429, {"message": "Too many requests"}, headers=(("Retry-After", "30"),)))
    async with Client(build_server(container(servers))) as client:
        _, before = await providers_report(client)
        result = await client.call_tool("web_search", {"query": "pools"})
        servers["serper"].then(json_reply(401, {"message": "Unauthorized."}))
        second = await client.call_tool("web_search", {"query": "pools again"})
        text, after = await providers_report(client)
    assert before["serper"]["keys"] == "2 keys: 2 usable"
    assert before["tavily"]["keys"] == "1 key"
    assert result.structured_content is not None
    assert [(a["provider"], a["outcome"]) for a in result.structured_content["attempts"]] == [("serper", "ok")]
    # Key #1 rests, key #2 is then rejected: no key is left, so serper counts as rate-limited (not
    # a rejected key, which would stop the chain) and tavily answers.
    assert keys_sent(servers["serper"]) == [1, 2, 2]
    assert second.structured_content is not None
    attempts = second.structured_content["attempts"]
    assert [(a["provider"], a["outcome"]) for a in attempts] == [("serper", "rate_limited"), ("tavily", "ok")]
    assert "no key left to try (2 keys: 0 usable, 1 resting" in attempts[0]["detail"]
    assert after["serper"]["keys"].startswith("2 keys: 0 usable, 1 resting (key #1 until ")
    assert after["serper"]["keys"].endswith("1 rejected (key #2)")
    assert no_key_in(text, text_of(result), text_of(second), json.dumps(second.structured_content))


async def test_fanout_two_asks_both_fuses_attributes_and_caches(servers: dict[str, FaultProvider]) -> None:
    servers["tavily"].answer(tavily_reply(3, "shared"))  # the same pages from both
    overrides = {"SEARCHRELAY_FANOUT": 2, "SEARCHRELAY_CACHE_TTL_SECONDS": 60}
    async with Client(build_server(container(servers, **overrides))) as client:
        first = await client.call_tool("web_search", {"query": "fan out", "num_results": 3})
        second = await client.call_tool("web_search", {"query": "fan out", "num_results": 3})
    assert first.structured_content is not None and second.structured_content is not None
    content = first.structured_content
    assert content["provider"] == "serper+tavily"
    assert [(a["provider"], a["outcome"]) for a in content["attempts"]] == [("serper", "ok"), ("tavily", "ok")]
    assert [r["providers"] for r in content["results"]] == [["serper", "tavily"]] * 3
    assert "(from serper, tavily)" in text_of(first)
    assert "Answered by serper+tavily" in text_of(first)
    assert second.structured_content["cached"] is True
    assert second.structured_content["results"] == content["results"]
    assert (servers["serper"].count, servers["tavily"].count) == (1, 1)


async def test_without_fanout_results_name_no_providers_and_only_the_primary_is_asked(
    servers: dict[str, FaultProvider],
) -> None:
    async with Client(build_server(container(servers))) as client:
        result = await client.call_tool("web_search", {"query": "plain"})
    assert result.structured_content is not None
    assert {tuple(r["providers"]) for r in result.structured_content["results"]} == {()}
    assert (servers["serper"].count, servers["tavily"].count) == (1, 0)
