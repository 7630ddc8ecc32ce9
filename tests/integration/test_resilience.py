"""Hedging, the deadline, circuit breakers, Retry-After, the cache and single flight, end to end.

The real container and MCP server (in-process client) against Serper and Tavily played by
``FaultProvider`` servers on 127.0.0.1, with small real delays (a 0.2 s hedge cap, sub-second
timeouts). What happened is read from the outcome (which attempt ended how, and why) and from the
wire (which request was hung up on), never from a clock; how fast is bench/tail.py's business.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import anyio
import pytest
from dependency_injector import providers
from mcp import Client
from mcp.types import CallToolResult

from domain.errors import FailureKind
from domain.models import SearchFailed, SearchRequest
from entrypoints.container import Container, build_container
from entrypoints.mcp_server import build_server
from tests.support.fake_provider import Reply, json_reply, serper_reply, tavily_reply, wait_for
from tests.support.fault_server import FaultProvider
from tests.support.servers import settings
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio

SERPER_KEY = "serper-RESIL-5d4c3b2a19f8e7d6"
TAVILY_KEY = "tvly-RESIL-a1b2c3d4e5f60718"
HEDGE_CAP = 0.2


@pytest.fixture
def servers() -> Iterator[dict[str, FaultProvider]]:
    started = {"serper": FaultProvider().start(), "tavily": FaultProvider().start()}
    started["serper"].answer(serper_reply(3))
    started["tavily"].answer(tavily_reply(3))
    yield started
    for server in started.values():
        server.stop()


def container(servers: dict[str, FaultProvider], **overrides: Any) -> Container:
    env: dict[str, Any] = {
        "SERPER_API_KEY": SERPER_KEY,
        "TAVILY_API_KEY": TAVILY_KEY,
        "SERPER_BASE_URL": servers["serper"].url,
        "TAVILY_BASE_URL": servers["tavily"].url,
        "SEARCHRELAY_TIMEOUT_SECONDS": 3.0,
        "SEARCHRELAY_DEADLINE_SECONDS": 5.0,
        "SEARCHRELAY_HEDGE_AFTER_SECONDS": HEDGE_CAP,
        "SEARCHRELAY_CACHE_TTL_SECONDS": 0,
    }
    return build_container(settings(**{**env, **overrides}))


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def attempts_of(result: CallToolResult) -> list[tuple[str, str]]:
    assert result.structured_content is not None, text_of(result)
    return [(a["provider"], a["outcome"]) for a in result.structured_content["attempts"]]


async def search(client: Client, query: str = "resilience") -> CallToolResult:
    return await client.call_tool("web_search", {"query": query})


async def providers_report(client: Client) -> tuple[str, dict[str, dict[str, Any]]]:
    resource = await client.read_resource("searchrelay://providers", cache_mode="bypass")
    text = resource.contents[0].text  # type: ignore[union-attr]
    return text, {p["name"]: p for p in json.loads(text)["chain"]}


def no_key_in(*texts: str) -> bool:
    return not any(key in text for text in texts for key in (SERPER_KEY, TAVILY_KEY))


# --- hedging ---------------------------------------------------------------------------------


@pytest.mark.parametrize("primary", [Reply(fault="hang"), replace(serper_reply(3), delay=2.5)], ids=["hang", "slow"])
async def test_a_stuck_primary_is_hedged_after_the_cap_and_really_cancelled_when_the_secondary_wins(
    primary: Reply, servers: dict[str, FaultProvider]
) -> None:
    servers["serper"].answer(primary)
    async with Client(build_server(container(servers))) as client:
        result = await search(client)
    assert not result.is_error, text_of(result)
    assert result.structured_content is not None and result.structured_content["provider"] == "tavily"
    # The whole story, in the order things started: the primary, raced and cancelled; the hedge.
    assert attempts_of(result) == [("serper", "cancelled"), ("tavily", "ok")]
    primary, hedge = result.structured_content["attempts"]
    assert (primary["hedged"], hedge["hedged"]) == (False, True)
    assert re.fullmatch(r"tavily answered first; cancelled after \d+\.\d s", primary["detail"])
    assert re.fullmatch(r"3 results in \d+ ms \(hedged: serper had not answered after \d+\.\d s\)", hedge["detail"])
    assert hedge["started_ms"] >= primary["started_ms"] + HEDGE_CAP * 1000  # once the hedge delay had passed
    # The primary's HTTP request was abandoned on the wire, not left running in the background.
    assert wait_for(lambda: servers["serper"].hung_up == 1)


async def test_a_primary_answering_before_the_hedge_delay_is_never_hedged(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].answer(replace(serper_reply(3), delay=0.05))
    async with Client(build_server(container(servers))) as client:
        for _ in range(3):
            result = await search(client)
            assert attempts_of(result) == [("serper", "ok")]
    assert servers["serper"].count == 3
    assert servers["tavily"].count == 0


async def test_hedge_after_zero_disables_hedging_so_a_hung_primary_costs_the_attempt_timeout(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].answer(Reply(fault="hang"))
    timeout = 0.8
    overrides = {"SEARCHRELAY_HEDGE_AFTER_SECONDS": 0, "SEARCHRELAY_TIMEOUT_SECONDS": timeout}
    async with Client(build_server(container(servers, **overrides))) as client:
        result = await search(client)
    assert attempts_of(result) == [("serper", "timeout"), ("tavily", "ok")]
    assert result.structured_content is not None
    # The fallback started only when the attempt timed out: nothing hedged, nothing cancelled.
    assert result.structured_content["attempts"][0]["detail"] == "no answer within 0.8 s"
    assert wait_for(lambda: servers["serper"].hung_up == 1)


# --- the deadline ----------------------------------------------------------------------------


async def test_when_every_provider_hangs_the_call_ends_at_the_deadline_with_every_attempt_recorded(
    servers: dict[str, FaultProvider],
) -> None:
    for server in servers.values():
        server.answer(Reply(fault="hang"))
    deadline = 1.0
    relay = container(servers, SEARCHRELAY_DEADLINE_SECONDS=deadline)
    async with Client(build_server(relay)) as client:
        result = await search(client)
        with pytest.raises(SearchFailed) as caught:  # the same call at the use case, for its attempts
            await (await relay.web_search()).run(SearchRequest(query="resilience, again"))
    assert result.is_error
    assert text_of(result).startswith("Web search failed. No provider answered within the 1 s deadline")
    assert "SEARCHRELAY_DEADLINE_SECONDS" in text_of(result)
    failed = caught.value
    assert failed.kind is FailureKind.TIMEOUT
    assert [(a.provider, a.outcome, a.detail) for a in failed.attempts] == [
        ("serper", "timeout", "still running at the deadline"),
        ("tavily", "timeout", "still running at the deadline"),
    ]
    assert wait_for(lambda: servers["serper"].hung_up == 2 and servers["tavily"].hung_up == 2)


# --- circuit breakers and Retry-After ----------------------------------------------------------


async def test_three_consecutive_503s_open_the_primary_circuit_and_the_fourth_call_skips_it(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].answer(json_reply(503, {"message": "Service Unavailable"}))
    async with Client(build_server(container(servers))) as client:
        for _ in range(3):
            result = await search(client)
            assert attempts_of(result) == [("serper", "server_error"), ("tavily", "ok")]
        fourth = await search(client)
        report_text, report = await providers_report(client)
    assert servers["serper"].count == 3  # the fourth call never reached the primary
    assert attempts_of(fourth) == [("serper", "skipped"), ("tavily", "ok")]
    assert fourth.structured_content is not None
    assert fourth.structured_content["attempts"][0]["detail"].startswith("circuit open until ")
    assert "Answered by tavily after fallback: serper skipped (circuit open until" in text_of(fourth)
    serper, tavily = report["serper"], report["tavily"]
    assert (serper["circuit"], serper["last_failure"], serper["consecutive_failures"]) == ("open", "server_error", 3)
    assert serper["circuit_open_until"] is not None
    assert (tavily["circuit"], tavily["last_failure"], tavily["latency_samples"]) == ("closed", None, 4)
    assert tavily["latency_p50_ms"] is not None and tavily["latency_p95_ms"] is not None
    assert no_key_in(report_text, *(text_of(r) for r in (result, fourth)))


async def test_a_primary_that_hangs_on_every_call_is_eventually_skipped_even_when_hedging_rescues_each_call(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].answer(Reply(fault="hang"))
    async with Client(build_server(container(servers))) as client:
        results = [await search(client) for _ in range(5)]
    assert all(not r.is_error for r in results)
    assert servers["serper"].count == 3
    assert attempts_of(results[-1]) == [("serper", "skipped"), ("tavily", "ok")]


async def test_a_429_with_retry_after_60_skips_the_primary_on_the_next_call(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].then(json_reply(429, {"message": "Too many requests"}, headers=(("Retry-After", "60"),)))
    relay, clock = container(servers), FakeClock()  # the clock stands still: "until" is exact
    relay.clock.override(providers.Object(clock))
    async with Client(build_server(relay)) as client:
        first = await search(client)
        second = await search(client)
        _, report = await providers_report(client)
    assert attempts_of(first) == [("serper", "rate_limited"), ("tavily", "ok")]
    assert attempts_of(second) == [("serper", "skipped"), ("tavily", "ok")]
    assert servers["serper"].count == 1
    # One failure, far below the threshold of 3: the provider's own advice opened the circuit.
    serper = report["serper"]
    assert (serper["circuit"], serper["last_failure"], serper["consecutive_failures"]) == ("open", "rate_limited", 1)
    assert datetime.fromisoformat(serper["circuit_open_until"]) == clock.now() + timedelta(seconds=60)


async def test_auth_failures_say_nothing_about_the_provider_and_never_open_its_circuit(
    servers: dict[str, FaultProvider],
) -> None:
    servers["serper"].answer(json_reply(401, {"message": f"Unauthorized: {SERPER_KEY} is not a valid key"}))
    # No hedge: on a loaded machine a 401 slower than the hedge delay would race tavily, and what
    # is checked here is how an auth failure is classified, not when a hedge starts.
    async with Client(build_server(container(servers, SEARCHRELAY_HEDGE_AFTER_SECONDS=0))) as client:
        results = [await search(client) for _ in range(5)]
        report_text, report = await providers_report(client)
    assert all(r.is_error and "(auth)." in text_of(r).splitlines()[0] for r in results)
    assert servers["serper"].count == 5  # every call still reached it: no breaker skipped a single one
    assert servers["tavily"].count == 0  # a bad key is reported at once, never failed over
    assert (report["serper"]["circuit"], report["serper"]["consecutive_failures"]) == ("closed", 0)
    assert no_key_in(report_text, *(text_of(r) for r in results))


async def test_the_providers_resource_shows_state_and_latency_but_never_a_key(
    servers: dict[str, FaultProvider],
) -> None:
    async with Client(build_server(container(servers))) as client:
        _, before = await providers_report(client)
        await search(client)
        text, after = await providers_report(client)
    assert [before["serper"]["role"], before["tavily"]["role"]] == ["primary", "fallback"]
    assert before["serper"]["latency_samples"] == 0 and before["serper"]["latency_p50_ms"] is None
    assert after["serper"]["latency_samples"] == 1 and after["serper"]["latency_p50_ms"] > 0
    assert (after["serper"]["circuit"], after["serper"]["last_failure"]) == ("closed", None)
    assert after["serper"]["configured_by"] == "SERPER_API_KEY=set"
    assert no_key_in(text)


# --- cache and single flight -------------------------------------------------------------------


async def test_the_same_query_in_other_case_and_spacing_is_served_from_the_cache(
    servers: dict[str, FaultProvider],
) -> None:
    async with Client(build_server(container(servers, SEARCHRELAY_CACHE_TTL_SECONDS=60))) as client:
        first = await search(client, "Model Context Protocol")
        second = await search(client, "  model   context PROTOCOL ")
    assert first.structured_content is not None and second.structured_content is not None
    assert first.structured_content["cached"] is False
    assert "(cached answer)" not in text_of(first)
    assert second.structured_content["cached"] is True
    assert "(cached answer)" in text_of(second).splitlines()[-1]
    assert second.structured_content["results"] == first.structured_content["results"]
    assert servers["serper"].count == 1


async def test_a_failure_is_not_cached_and_the_next_identical_call_goes_upstream(
    servers: dict[str, FaultProvider],
) -> None:
    for server in servers.values():
        server.then(json_reply(500, {"message": "down"}))
    async with Client(build_server(container(servers, SEARCHRELAY_CACHE_TTL_SECONDS=60))) as client:
        failed = await search(client, "flaky")
        recovered = await search(client, "flaky")
    assert failed.is_error
    assert not recovered.is_error
    assert recovered.structured_content is not None and recovered.structured_content["cached"] is False
    assert (servers["serper"].count, servers["tavily"].count) == (2, 1)


@pytest.mark.parametrize("ttl", [0, 60], ids=["cache off", "cache on"])
async def test_fifty_concurrent_identical_calls_make_one_upstream_request(
    ttl: int, servers: dict[str, FaultProvider], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    servers["serper"].answer(replace(serper_reply(3), delay=0.4))
    results: list[CallToolResult] = []

    async def one(client: Client) -> None:
        results.append(await search(client, "everyone asks this"))

    relay = container(servers, SEARCHRELAY_CACHE_TTL_SECONDS=ttl, SEARCHRELAY_HEDGE_AFTER_SECONDS=0)  # 0.4 s > cap
    async with Client(build_server(relay)) as client, anyio.create_task_group() as group:
        for _ in range(50):
            group.start_soon(one, client)
    assert len(results) == 50
    assert all(not r.is_error for r in results), [text_of(r) for r in results if r.is_error][:1]
    assert {r.structured_content["provider"] for r in results if r.structured_content} == {"serper"}
    assert servers["serper"].count == 1
    assert servers["tavily"].count == 0
