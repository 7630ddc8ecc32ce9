"""/healthz and /readyz on their own: every check's verdict, bounded, and nothing but one line each."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from entrypoints.http.health import health_routes


@dataclass
class Check:
    name: str
    answer: str | None = None
    fails: bool = False
    hangs: bool = False

    async def check(self) -> str | None:
        if self.hangs:
            await asyncio.Event().wait()
        if self.fails:
            raise RuntimeError("redis://:hunter2@cache:6379 refused")  # a detail that must not be served
        return self.answer


def client(*checks: Check, draining: bool = False) -> TestClient:
    routes = health_routes(lambda: checks, lambda: draining, check_seconds=0.05)
    return TestClient(Starlette(routes=routes))


def test_ready_when_every_check_passes() -> None:
    reply = client(Check("providers"), Check("redis")).get("/readyz")
    assert reply.status_code == 200
    assert reply.json() == {"status": "ready", "checks": [{"name": "providers", "problem": None},
                                                          {"name": "redis", "problem": None}]}  # fmt: skip


@pytest.mark.parametrize(
    ("check", "problem"),
    [
        (Check("redis", answer="Redis does not answer"), "Redis does not answer"),
        (Check("redis", fails=True), "the check failed; the server's log has the details"),
        (Check("redis", hangs=True), "no answer within 0.05 s"),
    ],
)
def test_one_failing_check_makes_the_replica_not_ready_and_says_why_in_one_line(check: Check, problem: str) -> None:
    reply = client(Check("providers"), check).get("/readyz")
    assert reply.status_code == 503
    assert reply.json()["checks"][1] == {"name": "redis", "problem": problem}
    assert "hunter2" not in reply.text


def test_a_draining_replica_is_alive_but_not_ready() -> None:
    draining = client(Check("providers"), draining=True)
    assert draining.get("/healthz").json() == {"status": "ok"}
    reply = draining.get("/readyz")
    assert reply.status_code == 503
    assert {"name": "shutdown", "problem": "the server is shutting down"} in reply.json()["checks"]
