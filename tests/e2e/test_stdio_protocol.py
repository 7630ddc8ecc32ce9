"""The installed server over raw stdio: what is advertised is served, what is not is -32601, and
nothing a client sends (garbage, an oversized line) stops it from answering the next request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from entrypoints.stdio_transport import MAX_LINE_BYTES
from tests.support.raw_stdio import RawServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RawServer]:
    raw = RawServer({"SERPER_API_KEY": "serper-key-for-raw-tests"}, tmp_path)
    yield raw
    raw.kill()


def test_initialize_advertises_tools_resources_and_logging_and_no_prompts(server: RawServer) -> None:
    capabilities = server.initialize()["result"]["capabilities"]
    assert set(capabilities) == {"tools", "resources", "logging"}


@pytest.mark.parametrize("method", ["prompts/list", "prompts/get", "searchrelay/unknown"])
def test_methods_not_served_get_method_not_found(server: RawServer, method: str) -> None:
    server.initialize()
    answer = server.request(7, method, {"name": "x"})
    assert answer["id"] == 7 and answer["error"]["code"] == -32601


def test_logging_set_level_is_served(server: RawServer) -> None:
    server.initialize()
    assert server.request(3, "logging/setLevel", {"level": "info"}) == {"jsonrpc": "2.0", "id": 3, "result": {}}


def test_garbage_and_an_oversized_line_are_dropped_and_the_next_request_is_answered(server: RawServer) -> None:
    server.initialize()
    server.send(b"this is not json\n")
    server.send(
        b'{"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {"x": "' + b"a" * MAX_LINE_BYTES + b'"}}\n'
    )
    answer = server.request(6, "tools/list")
    assert answer["id"] == 6 and [t["name"] for t in answer["result"]["tools"]] == ["web_search", "web_fetch"]
