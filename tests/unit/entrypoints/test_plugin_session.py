"""The plugin face's line handling, over the real container with fake providers (no I/O)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pytest
from mcp import Client

from entrypoints.container import running
from entrypoints.mcp_server import build_server
from entrypoints.plugin_protocol import CANCELLED, PluginSession
from entrypoints.plugin_tools import plugin_tools
from entrypoints.stdio_transport import LineTooLong
from tests.support.fake_ports import FakeSearch, Hang, ok
from tests.support.servers import SERPER_KEY, container_with

pytestmark = pytest.mark.anyio
ENV = {"SERPER_API_KEY": SERPER_KEY}
Send = Callable[[dict[str, Any] | bytes], Any]


class Wire:
    """What the session wrote, one decoded message a line."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.arrived = anyio.Event()

    async def write(self, line: bytes, *, wait: bool = True) -> None:
        assert b"\n" not in line  # one message, one line
        self.sent.append(json.loads(line))
        self.arrived.set()

    async def next_after(self, count: int) -> dict[str, Any]:
        while len(self.sent) <= count:
            self.arrived = anyio.Event()
            await self.arrived.wait()
        return self.sent[count]


@asynccontextmanager
async def session(serper: FakeSearch, *, grace: float = 5.0) -> AsyncIterator[tuple[PluginSession, Wire]]:
    wire = Wire()
    async with running(container_with(ENV, serper=serper)) as services, anyio.create_task_group() as calls:
        plugin = PluginSession(services, plugin_tools(), {"serper": "SERPER_API_KEY"}, wire.write, calls.start_soon)
        yield plugin, wire
        with anyio.move_on_after(grace):
            await plugin.finish()
        calls.cancel_scope.cancel()


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode()


def call(call_id: object, name: str, params: object) -> bytes:
    return line({"type": "call", "name": name, "call_id": call_id, "params": params})


async def test_init_lists_the_web_preset_with_this_servers_optional_parameters(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    async with session(FakeSearch("serper", ok(3, "serper"))) as (plugin, wire):
        await plugin.receive(line({"type": "init", "tools": []}))
        await plugin.receive(line({"type": "init", "tools": [{"name": "web_fetch"}, "web_crawl"]}))
    (everything, fetch_only) = wire.sent
    assert everything["type"] == "init" and [t["name"] for t in everything["tools"]] == ["web_search", "web_fetch"]
    search, fetch = (t["parameters"]["properties"] for t in everything["tools"])
    assert (search["max_results"]["default"], search["max_results"]["maximum"]) == (10, 20)
    assert {"freshness", "country", "language", "topic", "include_domains", "exclude_domains", "ui_lang"} <= set(search)
    assert "max_chars" in search
    assert "num_results" not in json.dumps(everything)  # the preset's name for it, in schema and description
    assert (fetch["max_bytes"]["default"], fetch["max_bytes"]["maximum"]) == (51200, 102400)
    assert everything["tools"][1]["parameters"]["required"] == ["url"]
    assert [t["name"] for t in fetch_only["tools"]] == ["web_fetch"]
    assert "init asked for 1 tool(s) this plugin lacks: 'web_crawl'" in caplog.text


async def test_a_search_answers_as_the_mcp_tool_does_with_max_results_as_its_count() -> None:
    serper = FakeSearch("serper", ok(3, "serper"))
    async with session(serper) as (plugin, wire):
        await plugin.receive(call("s1", "web_search", {"query": "relay", "return_full_pages": False}))
        await plugin.receive(call(7, "web_search", {"query": "relay", "max_results": 5, "return_full_pages": False}))
    async with Client(build_server(container_with(ENV, serper=FakeSearch("serper", ok(3, "serper"))))) as client:
        mcp = await client.call_tool("web_search", {"query": "relay", "num_results": 10, "return_full_pages": False})
    first, second = sorted(wire.sent, key=lambda m: str(m["call_id"]))
    assert (first["call_id"], second["call_id"]) == (7, "s1")
    assert first["type"] == "result" and first["is_error"] is False
    assert [r.num_results for r in serper.calls] == [10, 5]
    (content,) = second["content"]
    assert content["type"] == "text"
    assert _no_timing(content["text"]) == _no_timing(mcp.content[0].text)  # type: ignore[union-attr]


async def test_a_search_takes_the_topic_and_domain_filters_and_enforces_them() -> None:
    serper = FakeSearch("serper", ok(3, "serper"))
    async with session(serper) as (plugin, wire):
        params = {"query": "relay", "topic": "news", "exclude_domains": ["serper.example"], "return_full_pages": False}
        await plugin.receive(call("n", "web_search", params))
        await plugin.receive(call("bad", "web_search", {"query": "q", "include_domains": ["https://a.example/"]}))
    answers = {m["call_id"]: m for m in wire.sent}
    (sent,) = serper.calls
    assert (sent.topic, sent.exclude_domains) == ("news", ("serper.example",))
    text = answers["n"]["content"][0]["text"]
    assert answers["n"]["is_error"] is False
    assert "https://serper.example/" not in text and "No results within the domain filters." in text
    assert answers["bad"]["is_error"] is True
    assert answers["bad"]["content"][0]["text"].startswith("include_domains entry 'https://a.example/' is not a host")


async def test_bad_calls_get_one_error_result_each_in_the_mcp_tools_words() -> None:
    async with session(FakeSearch("serper", ok(3, "serper"))) as (plugin, wire):
        await plugin.receive(call("a", "web_search", {"query": "q", "max_results": 99}))
        await plugin.receive(call("b", "web_search", {"query": "q", "num_results": 2}))
        await plugin.receive(call("c", "web_crawl", {}))
        await plugin.receive(call("d", "web_fetch", ["https://example.com"]))
        await plugin.receive(line({"type": "cancel", "call_id": "e"}))
        await plugin.receive(call("f", "web_fetch", {"url": "ftp://example.com/file"}))
    answers = {m["call_id"]: m for m in wire.sent}
    assert all(m["is_error"] is True for m in answers.values())
    text = {call_id: m["content"][0]["text"] for call_id, m in answers.items()}
    assert text["a"] == (
        "Invalid arguments for web_search; nothing was done: max_results must be a whole number from 1 to 20; got 99."
    )
    assert text["b"].startswith("Invalid arguments for web_search; nothing was done: Unknown argument num_results;")
    assert all("\n" not in reason for reason in text.values())
    assert text["c"] == "Unknown tool 'web_crawl'; use web_search or web_fetch."
    assert text["d"] == "params must be an object of web_fetch's arguments."
    assert text["e"] == "Unknown message type 'cancel'; this plugin reads init and call."
    assert "http" in text["f"] and "Traceback" not in text["f"]


async def test_lines_without_a_call_id_are_dropped_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    async with session(FakeSearch("serper", ok(3, "serper"))) as (plugin, wire):
        for bad in (b"{not json", b"\xff\xfe", b"[1, 2]", b"[" * 100_000, b"   "):
            await plugin.receive(bad)
        await plugin.receive(LineTooLong("a message longer than 4194304 bytes was dropped"))
        await plugin.receive(line({"type": "call", "name": "web_search", "params": {"query": "q"}}))
        await plugin.receive(call(True, "web_search", {"query": "q"}))
        await plugin.receive(line({"hello": "there"}))
    assert wire.sent == []
    warnings = [r.getMessage() for r in caplog.records if r.name == "entrypoints.plugin_protocol"]
    assert sum("not JSON" in w for w in warnings) == 3
    assert sum("not a JSON object" in w for w in warnings) == 1
    assert sum("longer than" in w for w in warnings) == 1
    assert sum("without a usable call_id" in w for w in warnings) == 3


async def test_answers_come_in_completion_order_and_a_call_left_at_the_bound_is_cancelled() -> None:
    async with session(FakeSearch("serper", Hang()), grace=0) as (plugin, wire):
        await plugin.receive(call("slow", "web_search", {"query": "q"}))
        await plugin.receive(call("slow", "web_search", {"query": "q"}))
        await plugin.receive(call("quick", "web_fetch", {"url": "ftp://example.com/"}))
        await wire.next_after(1)
    assert [m["call_id"] for m in wire.sent] == ["slow", "quick", "slow"]
    assert "already in flight" in wire.sent[0]["content"][0]["text"]
    assert wire.sent[2]["content"][0]["text"] == CANCELLED and wire.sent[2]["is_error"] is True


def _no_timing(text: str) -> str:
    """The answer without what differs between any two calls: the time taken and the fence's random token."""
    return re.sub(r"UNTRUSTED_[0-9a-f]{16}", "UNTRUSTED_T", re.sub(r" in \d+ ms\.", " in N ms.", text))
