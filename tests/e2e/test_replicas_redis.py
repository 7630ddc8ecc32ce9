"""Two `searchrelay` processes sharing one real Redis, as two replicas behind a load balancer would.

Each replica is the installed command over stdio, driven by the SDK's client; the provider is a
fake Serper (and Tavily) on 127.0.0.1; Redis is a redis-server of the test's own. The proofs:
identical cold calls spread over both replicas cost one upstream call; a breaker opened through
one replica is honoured by the other; killing Redis mid-run loses no call.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from tests.e2e.conftest import searchrelay_command
from tests.support.fake_provider import FakeProvider, Reply, json_reply, serper_reply, tavily_reply
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.anyio

SERPER_KEY = "serper-REPLICA-9a8b7c6d5e4f3a2b"
TAVILY_KEY = "tvly-REPLICA-1b2c3d4e5f6a7b8c"
SERPER_DOWN = json_reply(503, {"message": "Service Unavailable", "statusCode": 503})


@asynccontextmanager
async def replicas(folder: Path, env: dict[str, str], count: int = 2) -> AsyncIterator[list[ClientSession]]:
    """``count`` searchrelay processes with the same configuration, each logging to its own file."""
    async with AsyncExitStack() as stack:
        sessions = []
        for n in range(count):
            home = folder / f"replica{n}"
            home.mkdir()
            child_env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), **env}
            params = StdioServerParameters(command=searchrelay_command(), args=[], env=child_env, cwd=str(home))
            errlog = stack.enter_context((home / "stderr.log").open("w"))
            read, write = await stack.enter_async_context(stdio_client(params, errlog=errlog))
            session = await stack.enter_async_context(ClientSession(read, write))
            await session.initialize()
            sessions.append(session)
        yield sessions


def serper_env(serper: FakeProvider, redis: RedisServer, **extra: str) -> dict[str, str]:
    return {
        "SEARCHRELAY_PROVIDERS": "serper",
        "SERPER_API_KEY": SERPER_KEY,
        "SERPER_BASE_URL": serper.url,
        "SEARCHRELAY_REDIS_URL": redis.url,
        # Generous: the machine is shared and 100 calls arrive at once; nothing here measures speed.
        "SEARCHRELAY_REDIS_TIMEOUT_SECONDS": "2",
        **extra,
    }


def slow(reply: Reply, seconds: float) -> Reply:
    return replace(reply, delay=seconds)


def text_of(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def test_100_identical_cold_calls_over_two_replicas_cost_one_upstream_call(
    tmp_path: Path, fake_serper: FakeProvider, redis_server: RedisServer
) -> None:
    # Slow enough that every call arrives while the first upstream call is still out.
    fake_serper.answer(slow(serper_reply(3), 1.5))
    results: list[Any] = [None] * 100
    async with replicas(tmp_path, serper_env(fake_serper, redis_server)) as (first, second):

        async def call(i: int) -> None:
            session = first if i % 2 == 0 else second
            results[i] = await session.call_tool("web_search", {"query": "one question, many agents"})

        async with anyio.create_task_group() as group:
            for i in range(100):
                group.start_soon(call, i)
    assert fake_serper.count == 1
    assert all(not r.is_error for r in results), next(text_of(r) for r in results if r.is_error)
    titles = {tuple(x["title"] for x in r.structured_content["results"]) for r in results}
    assert titles == {("serper result 1", "serper result 2", "serper result 3")}
    # One replica asked the provider (its calls shared that answer); the other read it from Redis.
    by_replica = [{r.structured_content["cached"] for r in results[start::2]} for start in (0, 1)]
    assert sorted(by_replica, key=sorted) == [{False}, {True}]


async def test_a_breaker_opened_through_one_replica_is_honoured_by_the_other(
    tmp_path: Path, fake_serper: FakeProvider, fake_tavily: FakeProvider, redis_server: RedisServer
) -> None:
    fake_serper.answer(SERPER_DOWN)
    fake_tavily.answer(tavily_reply(2))
    env = serper_env(
        fake_serper,
        redis_server,
        SEARCHRELAY_PROVIDERS="serper,tavily",
        TAVILY_API_KEY=TAVILY_KEY,
        TAVILY_BASE_URL=fake_tavily.url,
        SEARCHRELAY_BREAKER_FAILURES="3",
    )
    async with replicas(tmp_path, env) as (first, second):
        for n in range(3):  # three 503s through the first replica open its breaker
            result = await first.call_tool("web_search", {"query": f"trip {n}"})
            assert result.structured_content["provider"] == "tavily"
        assert fake_serper.count == 3
        result = await second.call_tool("web_search", {"query": "asked of the other replica"})
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data["provider"] == "tavily"
    assert data["attempts"][0]["provider"] == "serper"
    assert data["attempts"][0]["outcome"] == "skipped"
    assert "circuit open" in data["attempts"][0]["detail"]
    assert fake_serper.count == 3  # the second replica never sent serper a request


async def test_killing_redis_mid_run_loses_no_call_and_warns_once_per_replica(
    tmp_path: Path, fake_serper: FakeProvider, redis_server: RedisServer
) -> None:
    fake_serper.answer(slow(serper_reply(2), 0.05))
    done = 0
    failed: list[str] = []
    killed = anyio.Event()
    async with replicas(tmp_path, serper_env(fake_serper, redis_server, SEARCHRELAY_REDIS_TIMEOUT_SECONDS="0.2")) as (
        first,
        second,
    ):

        async def call(i: int) -> None:
            nonlocal done
            session = first if i % 2 == 0 else second
            result = await session.call_tool("web_search", {"query": f"question {i}"})
            if result.is_error:
                failed.append(text_of(result))
            done += 1
            if done == 20:
                redis_server.kill()
                killed.set()

        async with anyio.create_task_group() as group:
            for i in range(60):
                group.start_soon(call, i)
        assert killed.is_set()
        for i in range(60, 70):  # and on, with Redis gone: both replicas now work alone
            await call(i)
    assert failed == []
    assert done == 70
    for n in range(2):
        log = (tmp_path / f"replica{n}" / "stderr.log").read_text()
        assert log.count("Redis is unreachable or slow") == 1
        assert redis_server.url not in log
