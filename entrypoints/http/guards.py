"""ASGI layers in front of the MCP endpoint: the drain gate and the per-caller rate limit.

The gate counts requests in flight and, once the server is stopping, answers new ones 503 at
once, so a load balancer moves them elsewhere while the calls already running finish. The rate
limit takes one token per request from the caller's bucket (``RateLimiterPort``): the caller is
the authenticated token's key, or the peer address when no authentication is configured.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from starlette.types import ASGIApp, Receive, Scope, Send

from domain.ports import RateLimiterPort


class DrainGate:
    def __init__(self, app: ASGIApp) -> None:
        self._app = app
        self.closed = False
        self.in_flight = 0

    def close(self) -> None:
        self.closed = True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.closed:
            await send_error(send, 503, "the server is shutting down; retry on another replica", retry_after=1)
            return
        self.in_flight += 1
        try:
            await self._app(scope, receive, send)
        finally:
            self.in_flight -= 1


class RateLimited:
    def __init__(self, app: ASGIApp, limiter: Callable[[], RateLimiterPort]) -> None:
        self._app = app
        self._limiter = limiter  # the container's, once the app has started

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        wait = await self._limiter().acquire(_caller(scope))
        if wait is not None:
            seconds = max(1, math.ceil(wait))
            await send_error(send, 429, f"too many requests; retry in {seconds} s", retry_after=seconds)
            return
        await self._app(scope, receive, send)


def _caller(scope: Scope) -> str:
    user = scope.get("user")
    if isinstance(user, AuthenticatedUser):
        return user.access_token.client_id
    client = scope.get("client")
    return f"peer-{client[0]}" if client else "peer-unknown"


async def send_error(send: Send, status: int, message: str, *, retry_after: int | None = None) -> None:
    """A JSON error body (``{"error": ...}``) a person can read in a proxy's log."""
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
