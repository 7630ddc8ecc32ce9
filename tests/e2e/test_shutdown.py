"""Closed stdin, SIGTERM and Ctrl-C end the installed server cleanly, idle or in the middle of a call.

The calls in flight here would run for minutes (the provider hangs; the attempt timeout is 120 s and
the deadline 600 s), so the process ending at all shows they were cancelled; the provider also sees
its connection dropped. No test measures how fast: bench/shutdown.py prints that.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.fake_provider import Reply, wait_for
from tests.support.fault_server import FaultProvider
from tests.support.raw_stdio import RawServer


@pytest.fixture
def hanging() -> Iterator[FaultProvider]:
    provider = FaultProvider().start()
    provider.answer(Reply(fault="hang"))
    yield provider
    provider.stop()


def start(provider: FaultProvider, home: Path) -> RawServer:
    env = {
        "SERPER_API_KEY": "serper-key-for-shutdown-tests",
        "SERPER_BASE_URL": provider.url,
        "SEARCHRELAY_TIMEOUT_SECONDS": "120",
        "SEARCHRELAY_DEADLINE_SECONDS": "600",
    }
    server = RawServer(env, home)
    server.initialize()
    return server


STOPS: dict[str, tuple[Callable[[RawServer], None], int]] = {
    "stdin closed": (RawServer.close_stdin, 0),
    "SIGTERM": (lambda s: s.signal(signal.SIGTERM), 0),
    "SIGINT (Ctrl-C)": (lambda s: s.signal(signal.SIGINT), 130),
}


def stop_and_check(server: RawServer, stop: str) -> None:
    """Stop the server the given way; it must exit with that way's status and without a traceback."""
    action, expected = STOPS[stop]
    action(server)
    status, stderr = server.finish()
    assert status == expected
    assert "Traceback" not in stderr and "Error" not in stderr


@pytest.mark.parametrize("stop", STOPS, ids=list(STOPS))
def test_an_idle_server_ends_cleanly(stop: str, hanging: FaultProvider, tmp_path: Path) -> None:
    server = start(hanging, tmp_path)
    try:
        assert server.request(1, "ping") == {"jsonrpc": "2.0", "id": 1, "result": {}}
        stop_and_check(server, stop)
    finally:
        server.kill()


@pytest.mark.parametrize("stop", STOPS, ids=list(STOPS))
def test_a_server_in_the_middle_of_a_call_cancels_it_and_ends_cleanly(
    stop: str, hanging: FaultProvider, tmp_path: Path
) -> None:
    server = start(hanging, tmp_path)
    try:
        server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                     "params": {"name": "web_search", "arguments": {"query": "never answered"}}})  # fmt: skip
        assert wait_for(lambda: hanging.count == 1), "the call never reached the provider"
        stop_and_check(server, stop)
    finally:
        server.kill()
    assert wait_for(lambda: hanging.hung_up == 1), "the provider request was left open"
