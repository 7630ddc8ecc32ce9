"""Seed 002's plugin protocol: one JSON object a line on stdin, one answer a line on stdout.

A runtime sends ``{"type": "init", "tools": [...]}`` once and is told the tools; then any number of
``{"type": "call", "name", "call_id", "params"}``, each run as its own task and answered with
``{"type": "result", "call_id", "content": [{"type": "text", "text"}], "is_error"}`` as soon as it
is done, so answers come in completion order and the ``call_id`` pairs them up. What cannot be
answered is never fatal: a message with a ``call_id`` gets an error result, one without a
``call_id`` (garbage, an over-long line) is dropped with a warning on stderr.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import anyio

from entrypoints import tool_calls
from entrypoints.container import Services
from entrypoints.plugin_tools import PluginTool
from entrypoints.stdio_transport import LineTooLong, LineWriter
from entrypoints.tool_calls import ToolAnswer
from entrypoints.tool_schema import WebSearchArguments

logger = logging.getLogger(__name__)

CallId = str | int
Start = Callable[[Callable[[], Coroutine[Any, Any, None]]], object]  # a task group's start_soon
CANCELLED = "The call was cancelled before it finished: the plugin is shutting down."


class PluginSession:
    """One runtime's session over the application core; ``receive`` each line, then ``finish``."""

    def __init__(
        self,
        services: Services,
        tools: Mapping[str, PluginTool],
        key_variables: dict[str, str],
        write: LineWriter,
        start: Start,
    ) -> None:
        self._services = services
        self._tools = tools
        self._key_variables = key_variables
        self._write = write
        self._start = start
        self._in_flight: set[CallId] = set()
        self._idle = anyio.Event()
        self._idle.set()

    async def receive(self, line: bytes | LineTooLong) -> None:
        message = _message(line)
        if message is None:
            return
        kind, call_id = message.get("type"), message.get("call_id")
        if not _usable_id(call_id):
            call_id = None
        if kind == "init":
            await self._send({"type": "init", "tools": self._listed(message.get("tools"))})
        elif call_id is None:
            logger.warning(
                "plugin: a %s message without a usable call_id (a string or a number) was dropped", _kind(kind)
            )
        elif kind != "call":
            await self._error(call_id, f"Unknown message type {_kind(kind)}; this plugin reads init and call.")
        elif call_id in self._in_flight:
            await self._error(call_id, f"call_id {call_id!r} is already in flight; give every call its own.")
        elif (tool := self._tools.get(_name(message.get("name")))) is None:
            await self._error(call_id, tool_calls.unknown_tool(message.get("name"), list(self._tools)))
        elif not isinstance(params := message.get("params", {}), dict):
            await self._error(call_id, f"params must be an object of {tool.name}'s arguments.")
        else:
            self._in_flight.add(call_id)
            self._idle = self._idle if not self._idle.is_set() else anyio.Event()
            self._start(lambda: self._call(call_id, tool, params))

    async def finish(self) -> None:
        """Wait until no call is in flight (the caller bounds the wait and cancels the rest)."""
        await self._idle.wait()

    async def _call(self, call_id: CallId, tool: PluginTool, params: dict[str, Any]) -> None:
        try:
            answer = await tool_calls.guarded(tool.name, lambda: self._answer(tool, params), one_line=True)
        except anyio.get_cancelled_exc_class():
            # The runtime may still be reading: say what became of the call, without waiting for room.
            await self._write(_encoded(_result(call_id, ToolAnswer(CANCELLED, is_error=True))), wait=False)
            raise
        finally:
            self._in_flight.discard(call_id)
            if not self._in_flight:
                self._idle.set()
        await self._send(_result(call_id, answer))

    async def _answer(self, tool: PluginTool, params: dict[str, Any]) -> ToolAnswer:
        arguments = tool.arguments(params)
        if isinstance(arguments, WebSearchArguments):
            return await tool_calls.web_search(self._services, arguments, self._key_variables)
        return await tool_calls.web_fetch(self._services, arguments)

    def _listed(self, wanted: object) -> list[dict[str, Any]]:
        """The tools the runtime asked for (by name or ``{"name": ...}``), or all when it named none."""
        names = [_name(w) for w in wanted] if isinstance(wanted, list) else []
        unknown = [n for n in names if n not in self._tools]
        if unknown:
            shown = ", ".join(_kind(name) for name in unknown[:5])  # bounded: the names come from outside
            logger.warning("plugin: init asked for %d tool(s) this plugin lacks: %s", len(unknown), shown)
        chosen = [self._tools[n] for n in names if n in self._tools] or list(self._tools.values())
        return [tool.listed() for tool in chosen]

    async def _error(self, call_id: CallId, text: str) -> None:
        await self._send(_result(call_id, ToolAnswer(text, is_error=True)))

    async def _send(self, message: dict[str, Any]) -> None:
        await self._write(_encoded(message))


def _message(line: bytes | LineTooLong) -> dict[str, Any] | None:
    """The line's JSON object, or None (warned about unless the line was blank)."""
    if isinstance(line, LineTooLong):
        logger.warning("plugin: %s", line)
        return None
    if not line.strip():
        return None
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested beyond what the parser takes
        logger.warning("plugin: a line that is not JSON was dropped")
        return None
    if not isinstance(message, dict):
        logger.warning("plugin: a line that is not a JSON object was dropped")
        return None
    return message


def _name(wanted: object) -> str:
    return str(wanted.get("name") if isinstance(wanted, dict) else wanted)


def _usable_id(call_id: object) -> bool:
    return isinstance(call_id, str | int) and not isinstance(call_id, bool)


def _kind(kind: object) -> str:
    return repr(kind)[:40] if kind is not None else "(no type)"


def _result(call_id: CallId, answer: ToolAnswer) -> dict[str, Any]:
    return {
        "type": "result",
        "call_id": call_id,
        "content": [{"type": "text", "text": answer.text}],
        "is_error": answer.is_error,
    }


def _encoded(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode()
