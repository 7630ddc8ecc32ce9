"""Protocol hygiene through the in-process client: what is advertised is served, logging follows
``logging/setLevel``, unknown tools and resources are protocol errors, and a bug never reaches the
agent as more than one plain line.

``mode="legacy"`` opens a connection of the handshake era (``initialize``, then requests), which is
what every MCP client in use speaks and the era in which ``logging/setLevel`` exists.
"""

from __future__ import annotations

import logging
from typing import Any

import anyio
import pytest
from dependency_injector import providers
from mcp import Client, MCPError
from mcp.types import LoggingMessageNotificationParams

from entrypoints.mcp_server import build_server
from tests.support.fake_ports import FakeSearch, ok
from tests.support.servers import SERPER_KEY, container_with

# The client warns that the 2026-07-28 protocol drops logging; these tests are about the era that has it.
pytestmark = [pytest.mark.anyio, pytest.mark.filterwarnings("ignore::mcp.shared.exceptions.MCPDeprecationWarning")]
SERPER = {"SERPER_API_KEY": SERPER_KEY}


def server() -> Any:
    return build_server(container_with(SERPER, serper=FakeSearch("serper", ok(2, "serper"))))


async def test_the_capabilities_are_exactly_what_is_served() -> None:
    async with Client(server(), mode="legacy") as client:
        capabilities = client.server_capabilities
        assert capabilities.tools is not None and capabilities.resources is not None
        assert capabilities.logging is not None
        assert capabilities.prompts is None and capabilities.completions is None
        assert [t.name for t in (await client.list_tools()).tools] == ["web_search", "web_fetch"]
        assert [str(r.uri) for r in (await client.list_resources()).resources] == ["searchrelay://providers"]
        assert (await client.list_resource_templates()).resource_templates == []
        with pytest.raises(MCPError) as refused:
            await client.list_prompts()
    assert refused.value.error.code == -32601


async def test_an_unknown_tool_is_a_protocol_error_naming_the_tools() -> None:
    async with Client(server(), mode="legacy") as client:
        with pytest.raises(MCPError) as refused:
            await client.call_tool("web_serach", {"query": "q"})
    assert refused.value.error.code == -32602
    assert refused.value.error.message == "Unknown tool 'web_serach'; use web_search or web_fetch."


async def test_an_unknown_resource_is_a_protocol_error_naming_the_one_there_is() -> None:
    async with Client(server(), mode="legacy") as client:
        with pytest.raises(MCPError) as refused:
            await client.read_resource("searchrelay://nothing")
    assert refused.value.error.code == -32602
    assert "searchrelay://providers" in refused.value.error.message


class Broken:
    async def run(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"bug holding {SERPER_KEY} at /srv/secret/path")


async def test_a_bug_reaches_the_agent_as_one_plain_line_and_the_log_as_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    container = container_with(SERPER)
    container.web_search.override(providers.Object(Broken()))
    async with Client(build_server(container), mode="legacy") as client:
        result = await client.call_tool("web_search", {"query": "q"})
    assert result.is_error
    assert [c.text for c in result.content] == [  # type: ignore[union-attr]
        "web_search failed unexpectedly; the server's log has the details."
    ]
    assert "RuntimeError: bug holding" in caplog.text


class Received:
    """Log notifications as the client gets them, with a way to wait for one."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str | None, str]] = []
        self._arrived = anyio.Event()

    async def __call__(self, params: LoggingMessageNotificationParams) -> None:
        self.messages.append((params.level, params.logger, str(params.data)))
        self._arrived.set()
        self._arrived = anyio.Event()

    async def until(self, text: str) -> None:
        with anyio.fail_after(10):  # a guard against a hang, not a timing expectation
            while not any(text in data for _, _, data in self.messages):
                await self._arrived.wait()


async def test_log_notifications_start_with_set_level_and_follow_it() -> None:
    received = Received()
    ours, sdk = logging.getLogger("application.protocol_test"), logging.getLogger("mcp.protocol_test")
    async with Client(server(), mode="legacy", logging_callback=received) as client:
        ours.error("before any level was set")
        await client.set_logging_level("warning")
        ours.info("below the level")
        ours.warning("at the level")
        sdk.error("the SDK's own record")
        ours.error("marker one")
        await received.until("marker one")
        await client.set_logging_level("debug")
        ours.debug("now debug is wanted")
        await received.until("now debug is wanted")
    assert received.messages == [
        ("warning", "application.protocol_test", "at the level"),
        ("error", "application.protocol_test", "marker one"),
        ("debug", "application.protocol_test", "now debug is wanted"),
    ]


async def test_log_notifications_mask_secrets_as_stderr_does() -> None:
    received = Received()
    async with Client(server(), mode="legacy", logging_callback=received) as client:
        await client.set_logging_level("info")
        logging.getLogger("adapters.protocol_test").warning("provider answered for key %s", SERPER_KEY)
        await received.until("provider answered")
    ((_, _, data),) = received.messages
    assert SERPER_KEY not in data and "provider answered for key" in data


async def test_notice_and_alert_levels_map_onto_python_levels() -> None:
    received = Received()
    logger = logging.getLogger("domain.protocol_test")
    async with Client(server(), mode="legacy", logging_callback=received) as client:
        await client.set_logging_level("notice")  # between info and warning
        logger.info("info is below notice")
        logger.warning("warning is above notice")
        await received.until("warning is above notice")
        await client.set_logging_level("alert")  # above critical: nothing we log reaches it
        logger.critical("critical is below alert")
        await client.set_logging_level("error")
        logger.error("marker")
        await received.until("marker")
    assert [(level, data) for level, _, data in received.messages] == [
        ("warning", "warning is above notice"),
        ("error", "marker"),
    ]
