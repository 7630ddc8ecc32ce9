"""``searchrelay serve --http`` as installed: where it agrees to listen, and SIGTERM draining the
calls in flight while refusing new ones. No test depends on how fast anything happens."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.conftest import searchrelay_command
from tests.support.fake_provider import FakeProvider, Reply, serper_reply, wait_for
from tests.support.http_face import mcp_headers
from tests.support.http_process import HttpProcess

SERPER_KEY = "serper-E2E-HTTP-0c9d8e7f"


@pytest.fixture
def server(tmp_path: Path, fake_serper: FakeProvider) -> Iterator[HttpProcess]:
    env = {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url, "SEARCHRELAY_HTTP_GRACE_SECONDS": "120",
           "SEARCHRELAY_TIMEOUT_SECONDS": "120", "SEARCHRELAY_DEADLINE_SECONDS": "600"}  # fmt: skip
    process = HttpProcess(env, tmp_path)
    yield process
    process.kill()


def search(query: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": {"name": "web_search",
                                  "arguments": {"query": query, "return_full_pages": False}}})  # fmt: skip


def test_sigterm_finishes_the_call_in_flight_refuses_new_ones_and_exits_0(
    server: HttpProcess, fake_serper: FakeProvider
) -> None:
    fake_serper.answer(Reply(status=200, body=serper_reply(2).body, fault="hold"))
    url = server.url()
    answers: list[httpx.Response] = []
    in_flight = threading.Thread(
        target=lambda: answers.append(httpx.post(url, headers=mcp_headers(), content=search("held"), timeout=120))
    )
    in_flight.start()
    assert wait_for(lambda: fake_serper.count == 1)
    server.signal(signal.SIGTERM)
    try:
        late = httpx.post(url, headers=mcp_headers(), content=search("late"), timeout=30)
    except httpx.TransportError:
        pass  # refused at the socket: the listener is closed
    else:
        assert late.status_code == 503 and late.headers["retry-after"]
    fake_serper.release.set()
    in_flight.join(timeout=120)
    status, stderr = server.finish()
    (answer,) = answers
    assert answer.status_code == 200
    assert answer.json()["result"]["structuredContent"]["provider"] == "serper"
    assert fake_serper.count == 1  # the late call reached no provider
    assert status == 0
    assert "Traceback" not in stderr


def test_another_address_without_authentication_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [searchrelay_command(), "serve", "--http", "--host", "0.0.0.0", "--port", "0"],
        env={"HOME": str(tmp_path)}, cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("searchrelay: refusing to serve 0.0.0.0 without authentication")


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run(
            [searchrelay_command(), "serve", "--http", "--port", str(port)],
            env={"HOME": str(tmp_path)}, cwd=tmp_path, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip() == f"searchrelay: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_stdio_start_up_loads_none_of_the_http_face() -> None:
    probe = (
        "import sys, entrypoints.main, entrypoints.serving, entrypoints.mcp_server;"
        "print(sorted(m for m in sys.modules if m.startswith('entrypoints.http.') or m in ('jwt', 'adapters.auth')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_a_call_still_running_when_the_grace_period_ends_is_cancelled_and_the_server_exits(
    tmp_path: Path, fake_serper: FakeProvider
) -> None:
    fake_serper.answer(Reply(status=200, body=serper_reply(1).body, fault="hold"))  # never released here
    env = {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url, "SEARCHRELAY_HTTP_GRACE_SECONDS": "1",
           "SEARCHRELAY_TIMEOUT_SECONDS": "120", "SEARCHRELAY_DEADLINE_SECONDS": "600"}  # fmt: skip
    server = HttpProcess(env, tmp_path)
    try:
        url = server.url()
        outcome: list[object] = []

        def call() -> None:
            try:
                outcome.append(httpx.post(url, headers=mcp_headers(), content=search("held"), timeout=120).status_code)
            except httpx.TransportError as dropped:
                outcome.append(type(dropped).__name__)

        in_flight = threading.Thread(target=call)
        in_flight.start()
        assert wait_for(lambda: fake_serper.count == 1)
        server.signal(signal.SIGTERM)
        status, stderr = server.finish()  # the provider still holds the call: only the grace period ends it
        in_flight.join(timeout=120)
    finally:
        server.kill()
    assert status == 0
    assert "Traceback" not in stderr
    assert outcome and outcome[0] != 200


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 0), (signal.SIGINT, 130)])
def test_an_idle_server_stops_on_a_signal_with_the_status_shells_expect(
    server: HttpProcess, signum: signal.Signals, status: int
) -> None:
    server.url()
    server.signal(signum)
    code, stderr = server.finish()
    assert code == status
    assert "Traceback" not in stderr
