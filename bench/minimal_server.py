"""The yardstick for bench/overhead.py: the simplest MCP server that makes the same POST.

The mcp SDK's defaults throughout: ``MCPServer``, one tool from a signature, structured output
from the return annotation, ``server.run()`` on stdio. It POSTs the query to the Serper URL in
``SERPER_BASE_URL`` with one shared ``httpx.AsyncClient`` and returns the organic results.
No failover, no cache, no Markdown: what any server that does the same POST costs at least.
"""

from __future__ import annotations

import os
from typing import Any

import httpx
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel


class Result(BaseModel):
    title: str
    link: str
    snippet: str | None = None


def build(base_url: str | None = None) -> MCPServer[Any]:
    """The server, POSTing to ``base_url`` (spawned: ``SERPER_BASE_URL``; bench/overhead.py also runs it in-process)."""
    server: MCPServer[Any] = MCPServer("minimal")
    client = httpx.AsyncClient(timeout=10)
    base_url = base_url or os.environ["SERPER_BASE_URL"]

    @server.tool()
    async def web_search(query: str, num_results: int = 3) -> list[Result]:
        response = await client.post(
            f"{base_url}/search", json={"q": query, "num": num_results}, headers={"X-API-KEY": "bench-key"}
        )
        organic = response.json()["organic"][:num_results]
        return [Result(title=r["title"], link=r["link"], snippet=r.get("snippet")) for r in organic]

    return server


if __name__ == "__main__":
    build().run()
