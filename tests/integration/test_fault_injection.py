"""Every fault a provider can throw, in every position of the chain, through the real container.

Serper and Tavily are real HTTP servers on 127.0.0.1 (``FaultProvider``); the MCP server is driven
through the in-process client. Each row injects one fault once, into the primary, the secondary
or both, and checks the decision table (docs/decision-table.md): who answered, or the error with
the primary's kind first; that the call ended well within the deadline (it did not hang); that no
key value reached any output or log; and that a second, normal call on the same server succeeds.
Hedging and the cache are off, so each row sees the plain fallback sequence.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from email.utils import formatdate
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.types import CallToolResult

from domain.errors import FailureKind as K
from domain.fallback import is_transient
from entrypoints.container import build_container
from entrypoints.mcp_server import build_server
from tests.support import hostile_inputs
from tests.support.fake_provider import Reply, json_reply, serper_reply, tavily_reply
from tests.support.fault_server import FaultProvider, HugeReply
from tests.support.servers import settings

pytestmark = pytest.mark.anyio

SERPER_KEY = "serper-FAULT-3c5e7a9b1d2f4e6a0b"
TAVILY_KEY = "tvly-FAULT-8b6d4f2a0c1e3a5b7d"
KEYS = {"serper": SERPER_KEY, "tavily": TAVILY_KEY}
TIMEOUT = 1.0  # per attempt
DEADLINE = 3.0  # per call
HANG_GUARD = 60.0  # seconds: fails a call that hangs; how fast a call ends is bench/tail.py's business


@dataclass(frozen=True)
class Fault:
    name: str
    kind: K
    reply: Callable[[str, str], Reply]  # (provider, its key) -> the faulty reply; bodies may echo the key
    cools: bool = False  # carries Retry-After: the provider is skipped on the next call


def good(provider: str) -> Reply:
    return serper_reply(3) if provider == "serper" else tavily_reply(3)


def in_30_seconds() -> str:
    return formatdate(time.time() + 30, usegmt=True)


BOMB_SIZE = 64_000_000  # decoded; the providers' cap is 5 MB
BOMBS = {encoding: functools.cache(make) for encoding, make in hostile_inputs.BOMBS.items()}

FAULTS = [
    Fault("HTTP 500", K.SERVER_ERROR, lambda p, key: json_reply(500, {"message": f"internal error for key {key}"})),
    Fault("HTTP 502", K.SERVER_ERROR, lambda p, key: Reply(502, b"<html>Bad Gateway</html>", "text/html")),
    Fault("HTTP 503", K.SERVER_ERROR, lambda p, key: json_reply(503, {"error": "Service Unavailable"})),
    Fault("HTTP 429", K.RATE_LIMITED, lambda p, key: json_reply(429, {"message": f"slow down, {key}"})),
    Fault(
        "HTTP 429 Retry-After seconds",
        K.RATE_LIMITED,
        lambda p, key: json_reply(429, {"message": "Too many requests"}, headers=(("Retry-After", "30"),)),
        cools=True,
    ),
    Fault(
        "HTTP 429 Retry-After date",
        K.RATE_LIMITED,
        lambda p, key: json_reply(429, {"message": "Too many requests"}, headers=(("Retry-After", in_30_seconds()),)),
        cools=True,
    ),
    Fault("HTTP 401", K.AUTH, lambda p, key: json_reply(401, {"message": f"Unauthorized: invalid API key {key}"})),
    Fault("HTTP 403", K.AUTH, lambda p, key: json_reply(403, {"detail": {"error": f"Forbidden for {key}"}})),
    Fault("HTTP 400", K.BAD_REQUEST, lambda p, key: json_reply(400, {"message": "Query field is malformed"})),
    Fault("Serper quota 400", K.QUOTA_EXHAUSTED, lambda p, key: json_reply(400, {"message": "Not enough credits"})),
    Fault(
        "Tavily 432",
        K.QUOTA_EXHAUSTED,
        lambda p, key: json_reply(432, {"detail": {"error": "This request exceeds your plan's set usage limit."}}),
    ),
    Fault(
        "Tavily 433",
        K.QUOTA_EXHAUSTED,
        lambda p, key: json_reply(433, {"detail": {"error": "This request exceeds the pay-as-you-go limit."}}),
    ),
    Fault("hang forever", K.TIMEOUT, lambda p, key: Reply(fault="hang")),
    Fault("slow beyond the attempt timeout", K.TIMEOUT, lambda p, key: replace(good(p), delay=2.5)),
    Fault("reset mid-body", K.NETWORK, lambda p, key: replace(good(p), fault="reset")),
    Fault("truncated body", K.NETWORK, lambda p, key: replace(good(p), fault="truncate")),
    Fault("non-JSON 200", K.MALFORMED, lambda p, key: Reply(200, f"oops {key}".encode(), "application/json")),
    Fault("JSON of the wrong shape", K.MALFORMED, lambda p, key: json_reply(200, {"organic": 42, "results": 42})),
    Fault("50 MB body", K.MALFORMED, lambda p, key: HugeReply(size=50_000_000)),
    *(
        Fault(f"{encoding} bomb", K.MALFORMED, lambda p, key, e=encoding, m=make: encoded(m(BOMB_SIZE), e))
        for encoding, make in BOMBS.items()
    ),
    Fault("unknown encoding", K.MALFORMED, lambda p, key: encoded(b"{}", "compress")),
    Fault("three stacked encodings", K.MALFORMED, lambda p, key: encoded(b"{}", "gzip, gzip, gzip")),
    Fault("corrupt gzip", K.MALFORMED, lambda p, key: encoded(b"\x1f\x8b not really gzip", "gzip")),
    Fault("JSON nested 100000 deep", K.MALFORMED, lambda p, key: Reply(200, b"[" * 100_000 + b"]" * 100_000)),
    Fault(
        "text/html 200",
        K.MALFORMED,
        lambda p, key: Reply(200, b"<!doctype html><html><body>Checking your browser</body></html>", "text/html"),
    ),
]


def encoded(body: bytes, encoding: str) -> Reply:
    return Reply(200, body, "application/json", headers=(("Content-Encoding", encoding),))


POSITIONS = {"primary": ("serper",), "secondary": ("tavily",), "both": ("serper", "tavily")}


@pytest.fixture
def servers() -> Iterator[dict[str, FaultProvider]]:
    started = {name: FaultProvider().start() for name in ("serper", "tavily")}
    for name, server in started.items():
        server.answer(good(name))
    yield started
    for server in started.values():
        server.stop()


def env(servers: dict[str, FaultProvider]) -> dict[str, Any]:
    return {
        "SERPER_API_KEY": SERPER_KEY,
        "TAVILY_API_KEY": TAVILY_KEY,
        "SERPER_BASE_URL": servers["serper"].url,
        "TAVILY_BASE_URL": servers["tavily"].url,
        "SEARCHRELAY_TIMEOUT_SECONDS": TIMEOUT,
        "SEARCHRELAY_DEADLINE_SECONDS": DEADLINE,
        "SEARCHRELAY_HEDGE_AFTER_SECONDS": 0,
        "SEARCHRELAY_CACHE_TTL_SECONDS": 0,
    }


def expected_first_call(fault: Fault, faulty: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """(who answers, or None for an error; which providers get a request) per the decision table."""
    if "serper" not in faulty:
        return "serper", ("serper",)
    if not is_transient(fault.kind):
        return None, ("serper",)  # auth / bad request: reported at once, no fallback
    return (None if "tavily" in faulty else "tavily"), ("serper", "tavily")


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def call(client: Client, query: str) -> CallToolResult:
    with anyio.fail_after(HANG_GUARD):
        return await client.call_tool("web_search", {"query": query})


@pytest.mark.parametrize("position", list(POSITIONS))
@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
async def test_a_fault_ends_as_the_decision_table_says_leaks_no_key_and_the_next_call_succeeds(
    fault: Fault, position: str, servers: dict[str, FaultProvider], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    faulty = POSITIONS[position]
    replies = {name: fault.reply(name, KEYS[name]) for name in faulty}
    for name, reply in replies.items():
        servers[name].then(reply)
    answerer, reached = expected_first_call(fault, faulty)
    produced: list[str] = []

    async with Client(build_server(build_container(settings(**env(servers))))) as client:
        first = await call(client, "fault injection")
        produced += [text_of(first), str(first.structured_content)]
        counts = {name: server.count for name, server in servers.items()}
        second = await call(client, "after the fault")
        produced += [text_of(second), str(second.structured_content)]

    assert counts == {name: int(name in reached) for name in servers}
    if answerer is None:
        lines = text_of(first).splitlines()
        assert first.is_error
        assert lines[0].startswith("Web search failed. serper failed:")
        assert lines[0].endswith(f"({fault.kind.value}).")
        if "tavily" in reached:
            assert lines[1].startswith("Fallback tavily also failed:") and lines[1].endswith(f"({fault.kind.value}).")
    else:
        assert not first.is_error, text_of(first)
        assert first.structured_content is not None
        assert first.structured_content["provider"] == answerer
        assert len(first.structured_content["results"]) == 3
        outcomes = [(a["provider"], a["outcome"]) for a in first.structured_content["attempts"]]
        assert outcomes == ([("serper", fault.kind.value)] if answerer == "tavily" else []) + [(answerer, "ok")]

    cooled = {name for name in faulty if fault.cools and name in reached}
    if cooled == set(servers):
        # Both providers said "retry in 30 s": the next call honours it without sending anything...
        assert second.is_error and "cooling down" in text_of(second)
        assert {name: server.count for name, server in servers.items()} == counts
        # ...and a server with fresh breakers finds both fakes serving again.
        async with Client(build_server(build_container(settings(**env(servers))))) as client:
            second = await call(client, "after the fault")
        produced += [text_of(second), str(second.structured_content)]
        cooled = set()
    assert not second.is_error, text_of(second)
    assert second.structured_content is not None
    expected_second = "tavily" if "serper" in cooled else "serper"
    assert second.structured_content["provider"] == expected_second
    if "serper" in cooled:
        (skipped, _) = second.structured_content["attempts"]
        assert skipped["outcome"] == "skipped" and "circuit open until" in skipped["detail"]

    if fault.name == "50 MB body":  # the adapter hung up at its cap; the 50 MB were never all read
        assert all(servers[name].sent_bytes < 50_000_000 for name in faulty)
    # The keys were really in play (sent on the wire, echoed in error bodies), yet none came back out.
    assert servers["serper"].requests[0].headers["x-api-key"] == SERPER_KEY
    primary = replies.get("serper")
    if primary is not None and primary.status >= 400 and SERPER_KEY.encode() in primary.body:
        assert "***" in text_of(first)  # the provider's message was shown, with the key masked
    produced.append(caplog.text)
    for text in produced:
        for key in KEYS.values():
            assert key not in text
