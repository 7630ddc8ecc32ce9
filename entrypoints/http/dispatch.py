"""One MCP endpoint, two answer forms: JSON by default, an SSE stream when progress is asked for.

In JSON-response mode the SDK's transport sends back the response alone, so a progress
notification has no way to the client. A request whose ``params._meta.progressToken`` asks for
progress (and whose client accepts ``text/event-stream``, as the spec requires clients to) goes
to a second, SSE-mode session manager over the same server instead, and its notifications
arrive on the response stream ahead of the result. Both managers are stateless.

The body is read here under the size cap (413 past it) to look for the token, then replayed.
"""

from __future__ import annotations

import json
from typing import Any

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import RequestBodyLimitMiddleware
from starlette.types import Message, Receive, Scope, Send


class ProgressAwareDispatch:
    def __init__(self, json_answers: StreamableHTTPSessionManager, streamed: StreamableHTTPSessionManager, *,
                 max_body_bytes: int) -> None:  # fmt: skip
        self._json = json_answers
        self._streamed = streamed
        self._limited = RequestBodyLimitMiddleware(self._route, max_body_bytes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._limited(scope, receive, send)

    async def _route(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] != "POST":
            await self._json.handle_request(scope, receive, send)
            return
        body = bytearray()
        while True:  # the limit above has buffered it: a message or two, no waiting
            message = await receive()
            body += message.get("body", b"")
            if message["type"] != "http.request" or not message.get("more_body", False):
                break
        manager = self._streamed if wants_progress(bytes(body), _accept(scope)) else self._json
        await manager.handle_request(scope, _replay(bytes(body), receive), send)


def wants_progress(body: bytes, accept: str) -> bool:
    if b"progressToken" not in body or "text/event-stream" not in accept:
        return False  # the common case costs a substring search, not a parse
    try:
        message: Any = json.loads(body)
    except ValueError:
        return False
    params = message.get("params") if isinstance(message, dict) else None
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and meta.get("progressToken") is not None


def _accept(scope: Scope) -> str:
    return ",".join(v.decode("latin-1") for k, v in scope["headers"] if k == b"accept").lower()


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: the disconnect, when it comes

    return replayed
