"""The installed `searchrelay` over stdio, against fake Serper and Tavily servers on 127.0.0.1.

Covers the acceptance criteria of the core issue end to end: (1) only Tavily -> results;
(2) both keys -> Serper; (3) Serper HTTP 500 -> Tavily; (4) no keys -> actionable error;
(5) no key value in any output; (6) fewer results than asked -> no error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import SessionFactory
from tests.support.fake_provider import FakeProvider, json_reply, serper_reply, tavily_reply

pytestmark = pytest.mark.anyio
SERPER_KEY = "serper-E2E-9a8b7c6d5e4f3a2b"
TAVILY_KEY = "tvly-E2E-1a2b3c4d5e6f7a8b"


def env(serper: FakeProvider, tavily: FakeProvider, *, keys: tuple[str, ...] = ("serper", "tavily")) -> dict[str, str]:
    values = {"SERPER_BASE_URL": serper.url, "TAVILY_BASE_URL": tavily.url, "SEARCHRELAY_LOG_LEVEL": "DEBUG"}
    if "serper" in keys:
        values["SERPER_API_KEY"] = SERPER_KEY
    if "tavily" in keys:
        values["TAVILY_API_KEY"] = TAVILY_KEY
    return values


def text_of(result: object) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)  # type: ignore[attr-defined]


async def test_lists_the_tool_even_without_keys(stdio_session: SessionFactory) -> None:
    async with stdio_session({}) as session:
        tools = await session.list_tools()
    assert "web_search" in [t.name for t in tools.tools]


async def test_1_only_tavily_key_gives_tavily_results(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_tavily: FakeProvider
) -> None:
    fake_tavily.answer(tavily_reply(3))
    async with stdio_session(env(fake_serper, fake_tavily, keys=("tavily",))) as session:
        result = await session.call_tool("web_search", {"query": "only tavily"})
    assert not result.is_error
    assert result.structured_content is not None and result.structured_content["provider"] == "tavily"
    assert fake_serper.count == 0
    (sent,) = fake_tavily.requests
    assert sent.path == "/search" and sent.headers["authorization"] == f"Bearer {TAVILY_KEY}"
    assert sent.json()["query"] == "only tavily"


async def test_2_both_keys_use_serper(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_tavily: FakeProvider
) -> None:
    fake_serper.answer(serper_reply(3))
    async with stdio_session(env(fake_serper, fake_tavily)) as session:
        result = await session.call_tool("web_search", {"query": "both keys", "num_results": 3})
    assert result.structured_content is not None
    assert result.structured_content["provider"] == "serper"
    assert [r["title"] for r in result.structured_content["results"]] == [
        "serper result 1",
        "serper result 2",
        "serper result 3",
    ]
    assert fake_tavily.count == 0
    assert fake_serper.requests[0].headers["x-api-key"] == SERPER_KEY
    assert fake_serper.requests[0].json() == {"q": "both keys", "num": 3}


async def test_3_serper_500_falls_back_to_tavily(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_tavily: FakeProvider
) -> None:
    fake_serper.answer(json_reply(500, {"message": "Internal Server Error", "statusCode": 500}))
    fake_tavily.answer(tavily_reply(2))
    async with stdio_session(env(fake_serper, fake_tavily)) as session:
        result = await session.call_tool("web_search", {"query": "fallback"})
    assert not result.is_error
    assert result.structured_content is not None and result.structured_content["provider"] == "tavily"
    assert [a["outcome"] for a in result.structured_content["attempts"]] == ["server_error", "ok"]
    assert "after fallback: serper server error" in text_of(result)


async def test_4_no_keys_gives_an_actionable_error(stdio_session: SessionFactory) -> None:
    async with stdio_session({"SERPER_API_KEY": " ", "TAVILY_API_KEY": ""}) as session:
        result = await session.call_tool("web_search", {"query": "anything"})
    assert result.is_error
    assert "SERPER_API_KEY" in text_of(result) and "TAVILY_API_KEY" in text_of(result)


async def test_5_no_error_or_log_ever_contains_a_key(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_tavily: FakeProvider, tmp_path: Path
) -> None:
    # Both providers echo the key back in their error bodies: the worst case.
    fake_serper.answer(json_reply(403, {"message": f"Unauthorized. key={SERPER_KEY}", "statusCode": 403}))
    fake_tavily.answer(json_reply(500, {"detail": {"error": f"bad {TAVILY_KEY}"}}))
    outputs: list[str] = []
    async with stdio_session(env(fake_serper, fake_tavily)) as session:
        outputs.append(text_of(await session.call_tool("web_search", {"query": "auth"})))
        fake_serper.answer(json_reply(429, {"message": f"slow down {SERPER_KEY}"}))
        outputs.append(text_of(await session.call_tool("web_search", {"query": "both fail"})))
        fake_serper.answer(json_reply(200, {"organic": f"not a list {SERPER_KEY}"}))
        outputs.append(text_of(await session.call_tool("web_search", {"query": "malformed"})))
    outputs.append((tmp_path / "stderr.log").read_text())
    assert "Web search failed" in outputs[0] and "Web search failed" in outputs[1]
    assert "provider serper failed" in outputs[-1]  # the log was really captured
    for text in outputs:
        assert SERPER_KEY not in text and TAVILY_KEY not in text


async def test_6_fewer_results_than_asked_come_back_without_error(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_tavily: FakeProvider
) -> None:
    fake_serper.answer(serper_reply(2))
    async with stdio_session(env(fake_serper, fake_tavily)) as session:
        result = await session.call_tool("web_search", {"query": "rare", "num_results": 10})
    assert not result.is_error
    assert result.structured_content is not None and len(result.structured_content["results"]) == 2
