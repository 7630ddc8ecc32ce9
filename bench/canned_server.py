"""An MCP server that answers ``web_search`` at once with a fixed result shaped like searchrelay's.

No provider, no chain: what is left is the SDK's per-call work (and the client's check of the
result against the same flat output schema). bench/overhead.py runs it over stdio with our
transport and with the SDK's (``python bench/canned_server.py ours|sdk``) to measure what the
transport saves, and in-process as the SDK's floor.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    ListToolsResult,
    PaginatedRequestParams,
    TextContent,
)

from domain.models import Attempt, SearchOutcome, WebSearchResult
from entrypoints.fitted_answers import structured_content
from entrypoints.rendering import render_outcome
from entrypoints.stdio_transport import stdio_streams
from entrypoints.tool_schema import tool_definitions

OUTCOME = SearchOutcome(
    query="bench",
    provider="serper",
    results=[
        WebSearchResult(title=f"Result {i}", link=f"https://example.com/{i}", snippet="A snippet " * 8)
        for i in range(3)
    ],
    attempts=[Attempt(provider="serper", outcome="ok", detail="3 results in 1 ms")],
    took_ms=1.0,
)


def build() -> Server[Any]:
    listed = ListToolsResult(tools=tool_definitions())
    text, structured = render_outcome(OUTCOME), structured_content(OUTCOME)  # as searchrelay sends it

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams | None) -> ListToolsResult:
        return listed

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: CallToolRequestParams) -> CallToolResult:
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)

    server: Server[Any] = Server("canned", on_list_tools=list_tools, on_call_tool=call_tool)
    server.middleware.clear()  # as searchrelay does
    return server


async def main(transport: str) -> None:
    server = build()
    streams = stdio_streams() if transport == "ours" else stdio_server()
    async with streams as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
