"""The data a YouTube page is drawn from, taken out of the page's scripts without trusting its shape.

A watch page (and a playlist's) carries what the web app draws as two JavaScript assignments:
``var ytInitialPlayerResponse = {...};`` (the video: title, channel, length, description,
caption tracks) and ``var ytInitialData = {...};`` (the page around it: chapters, a playlist's
videos). Each is read with the JSON decoder from its opening brace, so nothing scans the page
with a pattern; the objects nested inside change names and places between YouTube releases,
so the parts read here are found by their renderer's name wherever they sit (``renderers``),
within a bound on how many nodes are looked at.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

#: Nodes of a page's data looked at when searching it (a long playlist page holds about 100,000).
MAX_NODES = 400_000
_ASSIGNMENTS = {
    "ytInitialPlayerResponse": (b"var ytInitialPlayerResponse = ", b'window["ytInitialPlayerResponse"] = '),
    "ytInitialData": (b"var ytInitialData = ", b'window["ytInitialData"] = '),
}
_API_KEY = b'"INNERTUBE_API_KEY":"'
_API_KEY_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def embedded_json(body: bytes, name: str) -> dict[str, Any]:
    """The object a page's script assigns to ``name`` (one of ``_ASSIGNMENTS``); {} when absent or unreadable."""
    for marker in _ASSIGNMENTS[name]:
        at = body.find(marker)
        if at < 0:
            continue
        start = at + len(marker)
        if body[start : start + 1] != b"{":
            continue
        text = body[start:].decode("utf-8", errors="replace")
        try:
            data, _ = json.JSONDecoder().raw_decode(text)
        except (ValueError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}
    return {}


def api_key(body: bytes) -> str | None:
    """The web client's API key the page names (``"INNERTUBE_API_KEY":"..."``), when it is one."""
    at = body.find(_API_KEY)
    if at < 0:
        return None
    start = at + len(_API_KEY)
    end = body.find(b'"', start, start + 100)
    key = body[start:end] if end > start else b""
    return key.decode("ascii") if key and all(byte in _API_KEY_CHARS for byte in key) else None


def renderers(data: Any, name: str, *, limit: int = 1_000) -> list[dict[str, Any]]:
    """Every object held under the key ``name`` anywhere in ``data``, in document order (at most ``limit``)."""
    found: list[dict[str, Any]] = []
    for key, value in _walk(data):
        if key == name and isinstance(value, dict):
            found.append(value)
            if len(found) >= limit:
                break
    return found


def _walk(data: Any) -> Iterator[tuple[str, Any]]:
    """(key, value) of every object member under ``data``, depth first, within ``MAX_NODES``."""
    stack: list[Any] = [data]
    seen = 0
    while stack and seen < MAX_NODES:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            items = list(node.items())
            yield from items
            stack.extend(value for _, value in reversed(items) if isinstance(value, (dict, list)))
        elif isinstance(node, list):
            stack.extend(value for value in reversed(node) if isinstance(value, (dict, list)))


def said(value: Any) -> str:
    """The text of one of YouTube's text objects: ``{"simpleText": ...}``, ``{"runs": [{"text": ...}]}``
    or ``{"content": ...}`` (the newer view models); "" for anything else."""
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        return ""
    simple = value.get("simpleText", value.get("content"))
    if isinstance(simple, str):
        return simple
    runs = value.get("runs")
    if isinstance(runs, list):
        return "".join(run["text"] for run in runs if isinstance(run, dict) and isinstance(run.get("text"), str))
    return ""
