"""Faked site APIs for the resolver tests: a router behind httpx.MockTransport, and a real SafePageFetcher.

The fetcher is the real one, so every resolver call in these tests passes the address guard, the
byte cap and the deadline exactly as in the server; only DNS (a table) and the wire (the router)
are fake. Answers are the small JSON/XML fixtures in tests/support/sites/, written for these tests.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from adapters.pages.fetcher import SafePageFetcher
from domain.pages import FetchedPage

PUBLIC_IP = "93.184.216.34"
FIXTURES = Path(__file__).parent / "sites"

Answer = httpx.Response | Callable[[httpx.Request], httpx.Response]


def fixture(name: str) -> Any:
    """A JSON fixture as data (``name`` without .json)."""
    return json.loads((FIXTURES / f"{name}.json").read_text("utf-8"))


def fixture_bytes(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def json_answer(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(status, json=data, headers=headers)


class TableResolver:
    """DNS from a table; hosts not in it resolve to ``default`` (a public address unless told).

    Hosts in ``unknown`` are names the DNS says do not exist; registered domains in ``lapsed`` are
    those their registry no longer holds (each domain asked is kept in ``asked``)."""

    def __init__(
        self,
        table: dict[str, str] | None = None,
        default: str = PUBLIC_IP,
        *,
        unknown: frozenset[str] = frozenset(),
        lapsed: frozenset[str] = frozenset(),
    ) -> None:
        self._table = table or {}
        self._default = default
        self._unknown = unknown
        self._lapsed = lapsed
        self.asked: list[str] = []

    async def resolve(self, host: str, port: int) -> list[str]:
        if host in self._unknown:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [self._table.get(host, self._default)]

    async def lapsed(self, domain: str) -> bool:
        self.asked.append(domain)
        return domain in self._lapsed


@dataclass
class Seen:
    method: str
    host: str
    path: str
    params: dict[str, str]
    headers: httpx.Headers
    body: bytes


@dataclass
class SiteRouter:
    """Answers by (host, path); records every request. Unknown routes get a 404 with a JSON message."""

    routes: dict[tuple[str, str], Answer] = field(default_factory=dict)
    seen: list[Seen] = field(default_factory=list)

    def add(self, host: str, path: str, answer: Answer) -> SiteRouter:
        self.routes[(host, path)] = answer
        return self

    def __call__(self, request: httpx.Request) -> httpx.Response:
        host = request.headers["host"].split(":")[0]
        self.seen.append(
            Seen(request.method, host, request.url.path, dict(request.url.params), request.headers, request.content)
        )
        answer = self.routes.get((host, request.url.path))
        if answer is None:
            return httpx.Response(404, json={"message": "Not Found"})
        return answer(request) if callable(answer) else answer

    def paths(self, host: str | None = None) -> list[str]:
        return [s.path for s in self.seen if host is None or s.host == host]


def routed_fetcher(router: SiteRouter, resolver: TableResolver | None = None, **options: Any) -> SafePageFetcher:
    client = httpx.AsyncClient(transport=httpx.MockTransport(router), trust_env=False, follow_redirects=False)
    return SafePageFetcher(client, resolver=resolver or TableResolver(), **options)


class InProcessExtraction:
    """A PageExtractionPort running the real extractor in-process (no worker pool in unit tests)."""

    def __init__(self) -> None:
        from adapters.pages.extractor import TrafilaturaExtractor

        self._extractor = TrafilaturaExtractor()
        self.pages: list[FetchedPage] = []

    async def extract(self, page: FetchedPage) -> str:
        self.pages.append(page)
        return self._extractor.extract(page)
