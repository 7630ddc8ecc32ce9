"""The MCP face: tools with schemas, Markdown for the model plus structured content."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, StringConstraints

from domain.errors import ConfigurationError, InvalidRequestError, SearchFailed
from domain.models import SearchOutcome, SearchRequest
from entrypoints import provider_catalog
from entrypoints.container import Container, close_clients
from entrypoints.rendering import advice_for, render_failure, render_outcome

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "searchrelay searches the web through several providers and fails over between them "
    "automatically. Use web_search for current facts, documentation, news, or anything you do not "
    "know; results come back numbered with title, link and snippet."
)

WEB_SEARCH_DESCRIPTION = """Search the web and get the top results (title, link, snippet).

Use it for anything current or outside your knowledge: news, documentation, prices, people,
error messages, product details. Write the query as you would type it into a search engine:
specific keywords, names and quoted phrases work best; one topic per call.

Returns a numbered Markdown list of results and, last, which provider answered (searchrelay
fails over between providers automatically when one is down, rate-limited or out of credits).
Fewer results than asked for is normal for narrow queries; zero results means nothing matched -
rephrase rather than repeat the same query."""

Query = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=2000),
    Field(description="What to search for, 1-2000 characters, e.g. 'httpx AsyncClient timeout example'."),
]
NumResults = Annotated[int, Field(ge=1, le=20, description="How many results to return, 1-20 (default 3).")]


def build_server(container: Container) -> MCPServer[None]:
    @asynccontextmanager
    async def lifespan(_: MCPServer[None]) -> AsyncIterator[None]:
        try:
            yield None
        finally:
            await close_clients(container.opened_clients())

    server: MCPServer[None] = MCPServer(
        "searchrelay",
        instructions=INSTRUCTIONS,
        version="0.1.0",
        lifespan=lifespan,
        log_level=container.settings().log_level,
    )
    key_variables = provider_catalog.key_variables()

    async def web_search(query: Query, num_results: NumResults = 3) -> Annotated[CallToolResult, SearchOutcome]:
        try:
            request = SearchRequest(query=query, num_results=num_results)
            outcome = await container.web_search().run(request)
        except SearchFailed as failed:
            return _error(render_failure(failed, advice_for(failed.kind, failed.provider, key_variables)))
        except (ConfigurationError, InvalidRequestError) as error:
            return _error(str(error))
        return CallToolResult(
            content=[TextContent(type="text", text=render_outcome(outcome))],
            structured_content=outcome.model_dump(mode="json"),
        )

    server.add_tool(
        web_search,
        name="web_search",
        title="Web search",
        description=WEB_SEARCH_DESCRIPTION,
        annotations=ToolAnnotations(
            title="Web search",
            read_only_hint=True,
            open_world_hint=True,
            destructive_hint=False,
            idempotent_hint=True,
        ),
    )
    return server


def _error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
