"""The HTTP face served by uvicorn on 127.0.0.1 (a free port), on a thread with its own event loop.

Tests talk to it over real HTTP: the mcp client (streamable HTTP) or plain httpx requests.
"""

from __future__ import annotations

import argparse
import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import httpx2
import uvicorn
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from entrypoints.container import Container, build_container
from entrypoints.http.app import build_http_app
from entrypoints.http.options import http_options
from entrypoints.http.serving import listen
from entrypoints.settings import Settings
from tests.support.fake_provider import wait_for


@dataclass(frozen=True)
class RunningFace:
    base: str  # http://127.0.0.1:PORT
    path: str
    container: Container

    @property
    def url(self) -> str:
        return self.base + self.path


def serve_args(**overrides: Any) -> argparse.Namespace:
    values: dict[str, Any] = {"host": None, "port": 0, "path": "/mcp", "insecure_no_auth": False}
    return argparse.Namespace(**{**values, **overrides})


@contextmanager
def http_face(values: dict[str, str], **args: Any) -> Iterator[RunningFace]:
    settings = Settings.from_values(values)
    options = http_options(settings, serve_args(**args))
    listener = listen("127.0.0.1", 0)
    port = listener.getsockname()[1]
    container = build_container(settings)
    face = build_http_app(container, settings, options, options.public_url(settings, port))
    config = uvicorn.Config(face.app, lifespan="on", log_config=None, access_log=False, ws="none")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[listener])), daemon=True)
    thread.start()
    try:
        assert wait_for(lambda: server.started), "the HTTP face did not start"
        yield RunningFace(f"http://127.0.0.1:{port}", options.path, container)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listener.close()


def mcp_headers(token: str | None = None) -> dict[str, str]:
    headers = {"accept": "application/json, text/event-stream", "content-type": "application/json",
               "mcp-protocol-version": "2025-06-18"}  # fmt: skip
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    return headers


@asynccontextmanager
async def mcp_session(url: str, token: str | None = None) -> AsyncIterator[ClientSession]:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session
