"""Shared fixtures for the search adapter tests: an httpx client over MockTransport that records."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

Handler = Callable[[httpx.Request], httpx.Response]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Recorder:
    """Builds clients whose transport answers from a handler and remembers every request sent."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def client(self, answer: httpx.Response | Handler) -> httpx.AsyncClient:
        def handler(request: httpx.Request) -> httpx.Response:
            self.requests.append(request)
            if isinstance(answer, httpx.Response):
                # A fresh copy per request: a Response's body can be read only once.
                return httpx.Response(answer.status_code, headers=answer.headers, content=answer.content)
            return answer(request)

        return httpx.AsyncClient(transport=httpx.MockTransport(handler))

    @property
    def sent(self) -> httpx.Request:
        """The one request sent; fails when there were none or several."""
        (request,) = self.requests
        return request


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()
