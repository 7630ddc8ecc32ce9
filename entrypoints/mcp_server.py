"""The MCP face: two tools, one resource and logging, on the SDK's low-level ``Server``.

The low-level server serves exactly what is registered here, so the capabilities it advertises
are the ones it serves (tools, resources, logging; no prompts). Tool arguments are checked by our
own strict models with our own messages (entrypoints/tool_arguments.py), and the schemas clients
receive are written flat (entrypoints/flat_schema.py).
"""

from __future__ import annotations

import json
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

from entrypoints import provider_catalog, tool_calls
from entrypoints.client_logging import ClientLog
from entrypoints.container import Container, Services, running
from entrypoints.provider_status import provider_report
from entrypoints.tool_arguments import parse_arguments
from entrypoints.tool_calls import ToolAnswer
from entrypoints.tool_fields import FORMS
from entrypoints.tool_schema import (
    INSTRUCTIONS,
    WebFetchArguments,
    WebSearchArguments,
    tool_definitions,
)

VERSION = "0.1.0"
PROVIDERS_URI = "searchrelay://providers"
Context = ServerRequestContext[Services, Any]
ToolBody = Callable[[Services, Any, Context], Awaitable[ToolAnswer]]


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

    async def web_search(services: Services, arguments: WebSearchArguments, ctx: Context) -> ToolAnswer:
        async def progress(done: int, total: int) -> None:
            await ctx.session.report_progress(done, total, f"read {done} of {total} pages")

        return await tool_calls.web_search(services, arguments, key_variables, progress)

    async def web_fetch(services: Services, arguments: WebFetchArguments, ctx: Context) -> ToolAnswer:
        return await tool_calls.web_fetch(services, arguments)

    bodies: dict[str, tuple[type[BaseModel], ToolBody]] = {
        "web_search": (WebSearchArguments, web_search),
        "web_fetch": (WebFetchArguments, web_fetch),
    }

    async def list_tools(ctx: Context, params: PaginatedRequestParams | None) -> ListToolsResult:
        return listed

    async def call_tool(ctx: Context, params: CallToolRequestParams) -> CallToolResult:
        if params.name not in bodies:
            raise MCPError(code=INVALID_PARAMS, message=tool_calls.unknown_tool(params.name, list(bodies)))
        model, body = bodies[params.name]

        async def call() -> ToolAnswer:
            arguments = parse_arguments(params.name, model, schemas[params.name], FORMS, params.arguments or {})
            return await body(ctx.lifespan_context, arguments, ctx)

        answer = await tool_calls.guarded(params.name, call)
        return CallToolResult(
            content=[TextContent(type="text", text=answer.text)],
            structured_content=answer.structured,
            is_error=answer.is_error,
        )

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
