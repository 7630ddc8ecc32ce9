"""Sending a planned ``WireRequest`` over httpx: the one step between a plan and the classifier."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from pydantic import SecretStr

from adapters.http_errors import json_body, send
from adapters.search.key_pool import KeyPool
from domain.planning import WireRequest

JSON_ACCEPT = {"Accept": "application/json"}


def http_request(
    client: httpx.AsyncClient, wire: WireRequest, secret_headers: dict[str, str] | None = None
) -> httpx.Request:
    """The httpx request for ``wire``, with the secret headers added only now, at the last step."""
    return client.build_request(
        wire.method,
        wire.url,
        params=dict(wire.params) or None,
        json=dict(wire.json) if wire.json is not None else None,
        data=dict(wire.form) if wire.form is not None else None,
        headers={**wire.headers, **(secret_headers or {})},
    )


async def send_for_json(
    client: httpx.AsyncClient, provider: str, wire: WireRequest, secret_headers: dict[str, str] | None = None
) -> dict[str, Any]:
    """One JSON API call: send, classify any failure (``http_errors``), return the answer's JSON object."""
    return json_body(provider, await send(client, provider, http_request(client, wire, secret_headers)))


async def send_keyed(
    client: httpx.AsyncClient,
    provider: str,
    wire: WireRequest,
    keys: KeyPool,
    secret_headers: Callable[[str], dict[str, str]],
) -> dict[str, Any]:
    """``send_for_json`` with a key from the provider's pool; the next key takes over when one is refused."""

    async def attempt(key: SecretStr) -> dict[str, Any]:
        return await send_for_json(client, provider, wire, secret_headers(key.get_secret_value()))

    return await keys.call(attempt)
