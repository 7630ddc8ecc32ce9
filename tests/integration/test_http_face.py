"""The streamable HTTP face over real HTTP on 127.0.0.1: the same tools as stdio, JSON answers,
progress for the calls that ask, and every guard in front of a tool (auth, host/origin, body
size, rate limit), plus the health routes."""

from __future__ import annotations

import json
import logging

import httpx
import pytest

from tests.support.fake_provider import FakeProvider, json_reply, serper_reply
from tests.support.http_face import http_face, mcp_headers, mcp_session
from tests.support.page_server import PageServer

pytestmark = pytest.mark.anyio
SERPER_KEY = "serper-HTTP-5f4e3d2c1b0a"
TOKEN = "tok-" + "7" * 40
OTHER_TOKEN = "tok-" + "8" * 40


def env(serper: FakeProvider, **extra: str) -> dict[str, str]:
    return {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": serper.url, **extra}


def call(name: str, arguments: dict[str, object], request_id: int = 1) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                       "params": {"name": name, "arguments": arguments}})  # fmt: skip


async def test_the_mcp_client_lists_and_calls_the_tools_over_http(fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(3))
    with http_face(env(fake_serper)) as face:
        async with mcp_session(face.url) as session:
            tools = await session.list_tools()
            result = await session.call_tool("web_search", {"query": "over http", "return_full_pages": False})
    assert {t.name for t in tools.tools} == {"web_search", "web_fetch"}
    assert not result.is_error
    assert result.structured_content is not None and result.structured_content["provider"] == "serper"
    assert fake_serper.requests[0].json() == {"q": "over http", "num": 3}


def test_answers_are_single_json_bodies_and_no_session_is_kept(fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(2))
    with http_face(env(fake_serper)) as face:
        reply = httpx.post(face.url, headers=mcp_headers(),
                           content=call("web_search", {"query": "json", "return_full_pages": False}))  # fmt: skip
    assert reply.status_code == 200
    assert reply.headers["content-type"] == "application/json"
    assert "mcp-session-id" not in reply.headers
    assert reply.json()["result"]["structuredContent"]["provider"] == "serper"


async def test_progress_reaches_a_client_that_asks_for_it(fake_serper: FakeProvider) -> None:
    with PageServer() as pages:
        links = [pages.url("/article"), pages.url("/unicode.txt")]
        fake_serper.answer(json_reply(200, {"organic": [{"title": "t", "link": u, "snippet": "s"} for u in links]}))
        reported: list[tuple[float, float | None]] = []

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            reported.append((progress, total))

        values = env(fake_serper, SEARCHRELAY_ALLOW_PRIVATE_NETWORKS="true", SEARCHRELAY_PAGE_TIMEOUT_SECONDS="5")
        with http_face(values) as face:
            async with mcp_session(face.url) as session:
                result = await session.call_tool(
                    "web_search", {"query": "pages", "num_results": 2}, progress_callback=on_progress
                )
    assert not result.is_error
    assert reported[-1] == (2, 2)


def test_a_call_asking_for_progress_is_answered_as_an_event_stream(fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(1))
    body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": "web_search", "arguments": {"query": "q", "return_full_pages": False},
        "_meta": {"progressToken": "p1"}}})  # fmt: skip
    with http_face(env(fake_serper)) as face:
        reply = httpx.post(face.url, headers=mcp_headers(), content=body)
    assert reply.headers["content-type"].startswith("text/event-stream")
    assert '"id":7' in reply.text


@pytest.mark.parametrize(
    ("authorization", "why"),
    [(None, "no token"), (f"Bearer {OTHER_TOKEN}", "a wrong token"), (f"Basic {TOKEN}", "not a bearer token")],
)
def test_a_request_without_a_valid_token_gets_401_and_runs_nothing(
    fake_serper: FakeProvider, caplog: pytest.LogCaptureFixture, authorization: str | None, why: str
) -> None:
    headers = mcp_headers()
    if authorization:
        headers["authorization"] = authorization
    caplog.set_level(logging.DEBUG)
    with http_face(env(fake_serper, SEARCHRELAY_HTTP_TOKENS=f"{TOKEN}, {'9' * 20}")) as face:
        reply = httpx.post(face.url, headers=headers, content=call("web_search", {"query": "q"}))
    assert reply.status_code == 401, why
    assert reply.headers["www-authenticate"].startswith("Bearer ")
    assert fake_serper.count == 0
    assert TOKEN not in reply.text and OTHER_TOKEN not in reply.text
    assert TOKEN not in caplog.text and OTHER_TOKEN not in caplog.text


async def test_a_valid_token_is_served(fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(1))
    with http_face(env(fake_serper, SEARCHRELAY_HTTP_TOKENS=f"{'9' * 20},{TOKEN}")) as face:
        async with mcp_session(face.url, token=TOKEN) as session:
            result = await session.call_tool("web_search", {"query": "authorized", "return_full_pages": False})
    assert not result.is_error
    assert fake_serper.count == 1


@pytest.mark.parametrize(
    ("header", "value", "status"),
    [("host", "evil.example:80", 421), ("origin", "http://evil.example", 403)],
)
def test_dns_rebinding_is_refused_by_host_and_origin(
    fake_serper: FakeProvider, header: str, value: str, status: int
) -> None:
    with http_face(env(fake_serper)) as face:
        reply = httpx.post(
            face.url, headers={**mcp_headers(), header: value}, content=call("web_search", {"query": "q"})
        )
    assert reply.status_code == status
    assert fake_serper.count == 0


def test_configured_hosts_and_origins_are_let_through(fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(1))
    values = env(fake_serper, SEARCHRELAY_HTTP_ALLOWED_HOSTS="search.example.org",
                 SEARCHRELAY_HTTP_ALLOWED_ORIGINS="https://app.example.org")  # fmt: skip
    headers = {**mcp_headers(), "host": "search.example.org", "origin": "https://app.example.org"}
    with http_face(values) as face:
        reply = httpx.post(face.url, headers=headers,
                           content=call("web_search", {"query": "q", "return_full_pages": False}))  # fmt: skip
    assert reply.status_code == 200
    assert fake_serper.count == 1


def test_a_body_over_the_cap_gets_413_and_runs_nothing(fake_serper: FakeProvider) -> None:
    big = call("web_search", {"query": "q" * 3000})
    with http_face(env(fake_serper, SEARCHRELAY_HTTP_MAX_BODY_BYTES="2048")) as face:
        declared = httpx.post(face.url, headers=mcp_headers(), content=big)
        streamed = httpx.post(face.url, headers=mcp_headers(), content=iter([big.encode()[:1500], big.encode()[1500:]]))
    assert declared.status_code == 413
    assert streamed.status_code == 413
    assert fake_serper.count == 0


def test_past_the_burst_a_caller_gets_429_with_retry_after_and_others_are_not_held_back(
    fake_serper: FakeProvider,
) -> None:
    fake_serper.answer(serper_reply(1))
    second = "tok-" + "2" * 40
    values = env(fake_serper, SEARCHRELAY_HTTP_TOKENS=f"{TOKEN},{second}",
                 SEARCHRELAY_HTTP_RATE_BURST="2", SEARCHRELAY_HTTP_RATE_PER_SECOND="0.001")  # fmt: skip

    def body(n: int) -> str:  # distinct queries, so the cache answers none of them
        return call("web_search", {"query": f"q{n}", "return_full_pages": False})

    with http_face(values) as face:
        statuses = [httpx.post(face.url, headers=mcp_headers(TOKEN), content=body(n)) for n in range(3)]
        other = httpx.post(face.url, headers=mcp_headers(second), content=body(3))
    assert [r.status_code for r in statuses] == [200, 200, 429]
    assert 900 <= int(statuses[2].headers["retry-after"]) <= 1000
    assert other.status_code == 200
    assert fake_serper.count == 3


def test_health_answers_without_a_token_and_readiness_names_what_is_missing() -> None:
    with http_face({"SEARCHRELAY_HTTP_TOKENS": TOKEN}) as face:
        health = httpx.get(face.base + "/healthz")
        ready = httpx.get(face.base + "/readyz")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    assert ready.status_code == 503
    assert ready.json() == {
        "status": "not ready",
        "checks": [{"name": "providers", "problem": "no search provider is configured"}],
    }


def test_readiness_is_ready_with_a_provider_and_says_nothing_secret(fake_serper: FakeProvider) -> None:
    with http_face(env(fake_serper, SEARCHRELAY_HTTP_TOKENS=TOKEN)) as face:
        ready = httpx.get(face.base + "/readyz")
    assert ready.status_code == 200
    assert ready.json()["status"] == "ready"
    assert SERPER_KEY not in ready.text and TOKEN not in ready.text


def test_readiness_names_an_unreachable_redis_without_its_password(fake_serper: FakeProvider) -> None:
    unreachable = "redis://:hunter2-redis@127.0.0.1:1/0"  # nothing listens on port 1
    with http_face(
        env(fake_serper, SEARCHRELAY_REDIS_URL=unreachable, SEARCHRELAY_REDIS_TIMEOUT_SECONDS="0.5")
    ) as face:
        ready = httpx.get(face.base + "/readyz")
    assert ready.status_code == 503
    checks = {check["name"]: check["problem"] for check in ready.json()["checks"]}
    assert checks["providers"] is None
    assert checks["redis"] is not None and checks["redis"].startswith("redis unreachable")
    assert "hunter2" not in ready.text
