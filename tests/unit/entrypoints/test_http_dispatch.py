"""Which answer form a request gets: an event stream only for a request that asks for progress."""

from __future__ import annotations

import json

import pytest

from entrypoints.http.dispatch import wants_progress

BOTH = "application/json, text/event-stream"


def call(meta: object) -> bytes:
    params: dict[str, object] = {"name": "web_search", "arguments": {"query": "progressToken"}}
    if meta is not None:
        params["_meta"] = meta
    return json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).encode()


@pytest.mark.parametrize(
    ("body", "accept", "expected"),
    [
        (call({"progressToken": "p1"}), BOTH, True),
        (call({"progressToken": 7}), BOTH, True),
        (call({"progressToken": "p1"}), "application/json", False),  # the client cannot read a stream
        (call({"progressToken": None}), BOTH, False),
        (call({}), BOTH, False),
        (call(None), BOTH, False),  # the word in an argument is not a request for progress
        (b'{"progressToken": "not json', BOTH, False),
        (json.dumps([{"params": {"_meta": {"progressToken": 1}}}]).encode(), BOTH, False),  # a batch
    ],
)
def test_only_a_progress_token_in_the_meta_of_a_streaming_client_asks_for_progress(
    body: bytes, accept: str, expected: bool
) -> None:
    assert wants_progress(body, accept) is expected
