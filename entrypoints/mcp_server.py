"""The MCP face: two tools, one resource and logging, on the SDK's low-level ``Server``.

The low-level server serves exactly what is registered here, so the capabilities it advertises
are the ones it serves (tools, resources, logging; no prompts). Tool arguments are checked by our
own strict models with our own messages (entrypoints/tool_arguments.py), and the schemas clients
receive are written flat (entrypoints/flat_schema.py).
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from mcp.server import Server, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    CallToolRequestParams,
    CallToolResult,
    EmptyResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ListToolsResult,
    PaginatedRequestParams,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
    SetLevelRequestParams,
    TextContent,
    TextResourceContents,
)
from pydantic import BaseModel

from domain.errors import ConfigurationError, InvalidRequestError, PageUnavailable
from domain.models import SearchFailed
from entrypoints import provider_catalog
from entrypoints.client_logging import ClientLog
from entrypoints.container import Container, Services, running
from entrypoints.fitted_answers import page_answer, search_answer
from entrypoints.provider_status import provider_report
from entrypoints.rendering import render_failure
from entrypoints.search_request import build_request
from entrypoints.tool_arguments import ArgumentProblems, parse_arguments
from entrypoints.tool_schema import (
    FORMS,
    INSTRUCTIONS,
    PageFetchResult,
    WebFetchArguments,
    WebSearchArguments,
    tool_definitions,
)

logger = logging.getLogger(__name__)

VERSION = "0.1.0"
PROVIDERS_URI = "searchrelay://providers"
Context = ServerRequestContext[Services, Any]
ToolBody = Callable[[Services, Any, Context], Awaitable[CallToolResult]]


def build_server(
    container: Container, *, opened: Callable[[], AbstractAsyncContextManager[Services]] | None = None
) -> Server[Services]:
    """The MCP server over the container's use cases, for any transport.

    By default the server's lifespan opens the container (stdio: one client, one run). A face
    that serves many short connections (streamable HTTP) opens the container once itself and
    passes ``opened``, which hands out those services; log records are then not forwarded to
    clients, because no one connection is *the* client to send them to.
    """
    client_log = ClientLog(container.redactor())
    forward_logs = opened is None
    key_variables = provider_catalog.key_variables()
    tools = tool_definitions()
    listed = ListToolsResult(tools=tools)
    schemas = {tool.name: tool.input_schema for tool in tools}

    @asynccontextmanager
    async def lifespan(_: Server[Services]) -> AsyncIterator[Services]:
        if opened is not None:
            async with opened() as services:
                yield services
            return
        async with running(container) as services, client_log.attached():
            yield services

    async def web_search(services: Services, arguments: WebSearchArguments, ctx: Context) -> CallToolResult:
        async def progress(done: int, total: int) -> None:
            await ctx.session.report_progress(done, total, f"read {done} of {total} pages")

        max_chars = arguments.max_chars or services.max_chars
        try:
            request = build_request(**arguments.search_arguments())
            outcome = await services.web_search.run(request, progress if request.return_full_pages else None)
        except SearchFailed as failed:
            return _error(render_failure(failed, key_variables))
        except (ConfigurationError, InvalidRequestError) as error:
            return _error(str(error))
        text, structured = search_answer(
            outcome, full_pages=request.return_full_pages, max_chars=max_chars, ranker=services.ranker
        )
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)

    async def web_fetch(services: Services, arguments: WebFetchArguments, ctx: Context) -> CallToolResult:
        try:
            page, text = await page_answer(
                services.fetch_page,
                arguments.url,
                max_bytes=arguments.max_bytes,
                start_index=arguments.start_index,
                max_chars=arguments.max_chars or services.max_chars,
                focus=arguments.focus,
            )
        except PageUnavailable as missing:
            return _error(f"Could not read {missing.url}: {missing.reason}")
        except InvalidRequestError as error:
            return _error(str(error))
        window = page.window
        structured = PageFetchResult(
            url=page.url,
            content_type=page.content_type,
            content=window.text,
            start_index=window.start_index,
            end_index=window.end_index,
            total_chars=window.total_chars,
            truncated=window.truncated,
            next_start_index=page.next_start_index,
            focused=page.focused,
        )
        return CallToolResult(
            content=[TextContent(type="text", text=text)],
            structured_content=structured.model_dump(mode="json"),
        )

    bodies: dict[str, tuple[type[BaseModel], ToolBody]] = {
        "web_search": (WebSearchArguments, web_search),
        "web_fetch": (WebFetchArguments, web_fetch),
    }

    async def list_tools(ctx: Context, params: PaginatedRequestParams | None) -> ListToolsResult:
        return listed

    async def call_tool(ctx: Context, params: CallToolRequestParams) -> CallToolResult:
        if params.name not in bodies:
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool {params.name!r}; use {' or '.join(bodies)}.")
        model, body = bodies[params.name]
        try:
            arguments = parse_arguments(params.name, model, schemas[params.name], FORMS, params.arguments or {})
            return await body(ctx.lifespan_context, arguments, ctx)
        except ArgumentProblems as problems:
            return _error(str(problems))
        except Exception:
            # A bug, not an answer: the details go to the (redacted) log, never to the agent.
            logger.exception("%s failed unexpectedly", params.name)
            return _error(f"{params.name} failed unexpectedly; the server's log has the details.")

    async def list_resources(ctx: Context, params: PaginatedRequestParams | None) -> ListResourcesResult:
        return ListResourcesResult(
            resources=[
                Resource(
                    uri=PROVIDERS_URI,
                    name="providers",
                    title="Search provider chain and health",
                    description="The provider chain in order, with circuit state, last failure and recent latency.",
                    mime_type="application/json",
                )
            ]
        )

    async def list_templates(ctx: Context, params: PaginatedRequestParams | None) -> ListResourceTemplatesResult:
        return ListResourceTemplatesResult(resource_templates=[])

    async def read_resource(ctx: Context, params: ReadResourceRequestParams) -> ReadResourceResult:
        if str(params.uri) != PROVIDERS_URI:
            raise MCPError(code=INVALID_PARAMS, message=f"No resource {params.uri}; this server has {PROVIDERS_URI}.")
        report = json.dumps(provider_report(container), indent=2)
        return ReadResourceResult(
            contents=[TextResourceContents(uri=PROVIDERS_URI, text=report, mime_type="application/json")]
        )

    async def set_level(ctx: Context, params: SetLevelRequestParams) -> EmptyResult:
        if forward_logs:
            client_log.set_level(ctx.session, params.level)
        return EmptyResult()

    server: Server[Services] = Server(
        "searchrelay",
        version=VERSION,
        instructions=INSTRUCTIONS,
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
    )
    # Registered this way, not as on_set_logging_level: the constructor argument warns that the
    # 2026-07-28 protocol drops logging/setLevel, but every client of the handshake era sends it.
    server.add_request_handler("logging/setLevel", SetLevelRequestParams, set_level)
    # The SDK opens an OpenTelemetry span per message by default; searchrelay exports no traces,
    # so that is pure per-call cost. The SDK documents emptying this list as the way to opt out.
    server.middleware.clear()
    return server


def _error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
