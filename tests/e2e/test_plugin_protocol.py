"""The installed `searchrelay plugin` driven as an agent runtime drives it: JSON lines on its pipes,
a fake Serper and a page server on 127.0.0.1, a clean environment."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import searchrelay_command
from tests.support.fake_provider import FakeProvider, json_reply, wait_for
from tests.support.page_server import PageServer, numbered_lines
from tests.support.raw_stdio import GUARD_SECONDS, RawServer

SERPER_KEY = "serper-E2E-plugin-8d7c6b5a4f3e"


@pytest.fixture
def pages() -> Iterator[PageServer]:
    with PageServer() as server:
        yield server


def call(call_id: str | int, name: str, **params: Any) -> dict[str, Any]:
    return {"type": "call", "name": name, "call_id": call_id, "params": params}


def text(answer: dict[str, Any]) -> str:
    (content,) = answer["content"]
    assert content["type"] == "text"
    return str(content["text"])


def test_a_runtime_session_init_concurrent_calls_bad_input_and_eof(
    tmp_path: Path, fake_serper: FakeProvider, pages: PageServer
) -> None:
    organic = [{"title": f"Page {n}", "link": pages.url(f"/page{n}"), "snippet": f"about {n}"} for n in (1, 2, 3)]
    fake_serper.answer(json_reply(200, {"organic": organic}, fault="hold"))  # answers once released
    env = {
        "SERPER_API_KEY": SERPER_KEY,
        "SERPER_BASE_URL": fake_serper.url,
        "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "true",
        # Generous: the held search must outlast the fetch on a loaded box; nothing here waits for them.
        "SEARCHRELAY_TIMEOUT_SECONDS": "60",
        "SEARCHRELAY_DEADLINE_SECONDS": "60",
    }
    plugin = RawServer(env, tmp_path, "plugin")
    try:
        plugin.send({"type": "init", "tools": [{"name": "web_search"}, {"name": "web_fetch"}]})
        init = plugin.receive()
        assert init["type"] == "init" and [t["name"] for t in init["tools"]] == ["web_search", "web_fetch"]
        assert init["tools"][0]["parameters"]["properties"]["max_results"]["default"] == 10

        plugin.send(
            {"type": "call", "name": "web_search", "call_id": "s", "params": {"query": "relay", "max_results": 2}}
        )
        plugin.send({"type": "call", "name": "web_fetch", "call_id": 2, "params": {"url": pages.url("/lines.txt")}})
        fetched = plugin.receive()  # the search is held at Serper: the fetch can only come first if both run at once
        fake_serper.release.set()
        searched = plugin.receive()

        plugin.send(
            {"type": "call", "name": "web_search", "call_id": "bad", "params": {"query": "q", "max_results": 0}}
        )
        bad = plugin.receive()
        plugin.send(b"{this is not json\n")
        plugin.send(call("after", "web_fetch", url="ftp://example.com/"))
        after = plugin.receive()  # the malformed line got no answer, and the plugin still answers
        plugin.close_stdin()
        status, stderr = plugin.finish()
        assert plugin.proc.stdout is not None
        rest = plugin.proc.stdout.read()
    finally:
        plugin.kill()

    assert (fetched["type"], fetched["call_id"], fetched["is_error"]) == ("result", 2, False)
    window = text(fetched)
    assert numbered_lines(2000).splitlines()[-1] in window and numbered_lines(2001).splitlines()[-1] not in window
    assert f"characters 0-{len(numbered_lines(2000))} of {len(numbered_lines(2500))}" in window
    assert f"start_index={len(numbered_lines(2000))}" in window  # the summary line says how to read on

    assert (searched["call_id"], searched["is_error"]) == ("s", False)
    assert json.loads(fake_serper.requests[0].body)["num"] == 2
    assert "## Search results for: relay" in text(searched) and pages.url("/page2") in text(searched)
    assert pages.url("/page3") not in text(searched) and "Answered by serper" in text(searched)

    assert (bad["call_id"], bad["is_error"]) == ("bad", True)
    assert "max_results must be a whole number from 1 to 20; got 0." in text(bad)
    assert (after["call_id"], after["is_error"]) == ("after", True)

    assert status == 0 and rest == b""
    assert "a line that is not JSON was dropped" in stderr and "Traceback" not in stderr
    assert SERPER_KEY not in stderr + json.dumps([fetched, searched, bad, after])


@pytest.mark.parametrize(("signum", "expected"), [(signal.SIGTERM, 0), (signal.SIGINT, 130)])
def test_a_signal_cancels_the_calls_in_flight_and_ends_it_as_it_ends_serve(
    tmp_path: Path, fake_serper: FakeProvider, signum: signal.Signals, expected: int
) -> None:
    fake_serper.answer(json_reply(200, {"organic": []}, fault="hold"))  # never released
    plugin = RawServer({"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url}, tmp_path, "plugin")
    try:
        plugin.send(call("held", "web_search", query="relay"))
        assert wait_for(lambda: fake_serper.count == 1)
        plugin.signal(signum)
        cancelled = plugin.receive()
        status, stderr = plugin.finish()
    finally:
        fake_serper.release.set()
        plugin.kill()
    assert (cancelled["call_id"], cancelled["is_error"]) == ("held", True)
    assert "cancelled" in text(cancelled)
    assert status == expected and "Traceback" not in stderr


def test_stdin_that_is_not_a_pipe_is_refused_in_one_line(tmp_path: Path) -> None:
    calls = tmp_path / "calls.jsonl"
    calls.write_text(json.dumps({"type": "init", "tools": []}) + "\n")
    with calls.open("rb") as stdin:
        done = subprocess.run(
            [searchrelay_command(), "plugin"],
            stdin=stdin,
            capture_output=True,
            env={"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path)},
            cwd=tmp_path,
            timeout=GUARD_SECONDS,
        )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().strip() == (
        "searchrelay plugin: stdin and stdout must be pipes; an agent runtime starts it so."
    )
