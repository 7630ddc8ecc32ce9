"""The streamable HTTP face as one Starlette app: the MCP endpoint behind its guards, health routes,
and (in OAuth mode) the protected-resource metadata.

Request path to a tool: drain gate (503 while stopping) -> authentication (401 with
``WWW-Authenticate``; nothing runs) -> rate limit (429 with ``Retry-After``) -> body cap (413)
-> the SDK's stateless transport (Host/Origin checks, JSON or SSE answer) -> the same MCP server
and use cases stdio serves. The container is opened once, in the app's lifespan, for every
request; the rate limiter, readiness checks and token verifiers come from it then.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from mcp.server.auth.middleware.bearer_auth import BearerAuthBackend, RequireAuthMiddleware
from mcp.server.auth.provider import AccessToken, TokenVerifier
from mcp.server.auth.routes import build_resource_metadata_url, create_protected_resource_routes
from mcp.server.auth.settings import AuthSettings
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.authentication import AuthenticationMiddleware
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp

from domain.ports import RateLimiterPort, ReadinessProbe
from entrypoints.container import Container, Services, running
from entrypoints.http.auth import StaticTokenVerifier
from entrypoints.http.dispatch import ProgressAwareDispatch
from entrypoints.http.guards import DrainGate, RateLimited
from entrypoints.http.health import health_routes
from entrypoints.http.oauth import OAuthMode, oauth_verifier
from entrypoints.http.options import HttpOptions, transport_security
from entrypoints.mcp_server import build_server
from entrypoints.settings import Settings


@dataclass
class _Started:
    """What the lifespan opens, for the layers built before it runs."""

    services: Services | None = None
    limiter: RateLimiterPort | None = None
    checks: list[ReadinessProbe] = field(default_factory=list)
    verifiers: list[TokenVerifier] = field(default_factory=list)


class _AnyOf:
    """``TokenVerifier`` accepting a token any of the configured verifiers accepts."""

    def __init__(self, started: _Started) -> None:
        self._started = started

    async def verify_token(self, token: str) -> AccessToken | None:
        for verifier in self._started.verifiers:
            if (access := await verifier.verify_token(token)) is not None:
                return access
        return None


@dataclass(frozen=True)
class HttpFace:
    app: Starlette
    gate: DrainGate


def build_http_app(container: Container, settings: Settings, options: HttpOptions, public_url: str) -> HttpFace:
    started = _Started()

    @asynccontextmanager
    async def opened() -> AsyncIterator[Services]:
        assert started.services is not None  # the app's lifespan opened them before any request
        yield started.services

    server = build_server(container, opened=opened)
    security = transport_security(settings, options)
    managers = [
        StreamableHTTPSessionManager(server, json_response=json_response, stateless=True,
                                     security_settings=security, max_request_body_size=settings.http_max_body_bytes)
        for json_response in (True, False)
    ]  # fmt: skip
    endpoint: ASGIApp = ProgressAwareDispatch(*managers, max_body_bytes=settings.http_max_body_bytes)
    endpoint = RateLimited(endpoint, lambda: _present(started.limiter))
    routes: list[BaseRoute] = []
    middleware: list[Middleware] = []
    oauth = OAuthMode.from_settings(settings, public_url)
    static_tokens = settings.http_token_list()
    if static_tokens or oauth:
        metadata_url = build_resource_metadata_url(AnyHttpUrl(public_url)) if oauth else None
        endpoint = RequireAuthMiddleware(endpoint, oauth.scopes if oauth else [], metadata_url)
        middleware.append(Middleware(AuthenticationMiddleware, backend=BearerAuthBackend(_AnyOf(started))))
        if static_tokens:
            started.verifiers.append(StaticTokenVerifier(static_tokens))
    if oauth:
        # Parsed as the SDK parses its own settings: an issuer without a path keeps no trailing
        # slash, since clients compare issuers as exact strings (RFC 8414).
        urls = AuthSettings(issuer_url=oauth.issuer, resource_server_url=public_url, validate_token_resource=False)
        assert urls.resource_server_url is not None
        routes += create_protected_resource_routes(
            urls.resource_server_url, [urls.issuer_url], scopes_supported=oauth.scopes or None,
            resource_name="searchrelay",
        )  # fmt: skip
    gate = DrainGate(endpoint)
    routes += [Route(options.path, endpoint=gate), *health_routes(lambda: started.checks, lambda: gate.closed)]

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with running(container) as services:
            started.services = services
            started.limiter = await _settled(container.rate_limiter())
            started.checks = [await _settled(container.provider_readiness()), *services.readiness]
            if oauth:
                started.verifiers.append(
                    oauth_verifier(oauth, await _settled(container.http_client()), container.clock())
                )
            async with managers[0].run(), managers[1].run():
                yield

    return HttpFace(Starlette(routes=routes, middleware=middleware, lifespan=lifespan), gate)


def _present(limiter: RateLimiterPort | None) -> RateLimiterPort:
    assert limiter is not None
    return limiter


async def _settled(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value
