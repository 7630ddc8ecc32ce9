"""The MCP face: tools with schemas, Markdown for the model plus structured content."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from domain.errors import ConfigurationError, InvalidRequestError, PageUnavailable
from domain.models import SearchFailed
from entrypoints import provider_catalog
from entrypoints.container import Container, close_resources
from entrypoints.provider_status import provider_report
from entrypoints.rendering import render_failure, render_outcome, render_page
from entrypoints.requests import build_request
from entrypoints.tool_schema import (
    INSTRUCTIONS,
    WEB_FETCH_DESCRIPTION,
    WEB_SEARCH_DESCRIPTION,
    Country,
    FetchToolResult,
    Freshness,
    FullPages,
    Language,
    MaxBytes,
    NumResults,
    PageFetchResult,
    Query,
    SearchToolResult,
    StartIndex,
    Url,
)

logger = logging.getLogger(__name__)

READ_ONLY = {"read_only_hint": True, "open_world_hint": True, "destructive_hint": False, "idempotent_hint": True}


def build_server(container: Container) -> MCPServer[None]:
    @asynccontextmanager
    async def lifespan(_: MCPServer[None]) -> AsyncIterator[None]:
        container.extraction().warm()  # in the background: tools/list does not wait for it
        try:
            yield None
        finally:
            await close_resources(container)
            # The closed clients must not be handed out again if the server is started anew.
            container.reset_singletons()

    server: MCPServer[None] = MCPServer(
        "searchrelay",
        instructions=INSTRUCTIONS,
        version="0.1.0",
        lifespan=lifespan,
        log_level=container.settings().log_level,
    )
    key_variables = provider_catalog.key_variables()

    async def web_search(
        query: Query,
        ctx: Context,
        num_results: NumResults = 3,
        return_full_pages: FullPages = False,
        freshness: Freshness = None,
        country: Country = None,
        language: Language = None,
    ) -> SearchToolResult:
        async def progress(done: int, total: int) -> None:
            await ctx.report_progress(done, total=total, message=f"read {done} of {total} pages")

        try:
            request = build_request(
                query,
                num_results,
                return_full_pages=return_full_pages,
                freshness=freshness,
                country=country,
                language=language,
            )
            outcome = await container.web_search().run(request, progress if return_full_pages else None)
        except SearchFailed as failed:
            return _error(render_failure(failed, key_variables))
        except (ConfigurationError, InvalidRequestError) as error:
            return _error(str(error))
        return CallToolResult(
            content=[TextContent(type="text", text=render_outcome(outcome, full_pages=return_full_pages))],
            structured_content=outcome.model_dump(mode="json"),
        )

    async def web_fetch(url: Url, max_bytes: MaxBytes = 51200, start_index: StartIndex = 0) -> FetchToolResult:
        try:
            page = await container.fetch_page().run(url.strip(), max_bytes=max_bytes, start_index=start_index)
        except PageUnavailable as missing:
            return _error(f"Could not read {missing.url}: {missing.reason}")
        except InvalidRequestError as error:
            return _error(str(error))
        structured = PageFetchResult(
            url=page.url,
            content_type=page.content_type,
            content=page.window.text,
            start_index=page.window.start_index,
            end_index=page.window.end_index,
            total_chars=page.window.total_chars,
            truncated=page.window.truncated,
            next_start_index=page.window.end_index if page.window.truncated else None,
        )
        return CallToolResult(
            content=[TextContent(type="text", text=render_page(page))],
            structured_content=structured.model_dump(mode="json"),
        )

    server.add_tool(
        web_search,
        name="web_search",
        title="Web search",
        description=WEB_SEARCH_DESCRIPTION,
        annotations=ToolAnnotations(title="Web search", **READ_ONLY),
    )
    server.add_tool(
        web_fetch,
        name="web_fetch",
        title="Read a web page",
        description=WEB_FETCH_DESCRIPTION,
        annotations=ToolAnnotations(title="Read a web page", **READ_ONLY),
    )

    @server.resource(
        "searchrelay://providers",
        name="providers",
        title="Search provider chain and health",
        description="The provider chain in order, with circuit state, last failure and recent latency.",
        mime_type="application/json",
    )
    def providers_resource() -> str:
        return json.dumps(provider_report(container), indent=2)

    return server


def _error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
