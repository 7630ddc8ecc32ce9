"""Serper (Google results): ``POST {base}/search`` with ``X-API-KEY``; hits under ``organic[]``."""

from __future__ import annotations

from typing import Any

import httpx
from pydantic import SecretStr

from adapters.http_errors import malformed
from adapters.search.key_pool import KeyPool, as_pool
from adapters.search.parsing import first_results
from adapters.search.wire import JSON_ACCEPT, send_keyed
from domain.filters import Filter, Freshness
from domain.models import ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest, refuse_missing

DEFAULT_BASE_URL = "https://google.serper.dev"


class SerperSearch:
    """SearchPort over Serper's JSON API."""

    name = "serper"
    capabilities = frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE, Filter.COUNTRY, Filter.LANGUAGE})

    def __init__(
        self, client: httpx.AsyncClient, api_key: SecretStr | KeyPool, base_url: str = DEFAULT_BASE_URL
    ) -> None:
        self._client = client
        self._keys = as_pool(self.name, api_key)
        self._url = base_url.rstrip("/") + "/search"

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        # Google takes every ISO country (gl) and language (hl) code, so no value is refused.
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        body: dict[str, Any] = {"q": request.query, "num": request.num_results}
        if request.country:
            body["gl"] = request.country
        if request.language:
            body["hl"] = request.language
        if request.freshness:
            body["tbs"] = _tbs(request.freshness)
        return WireRequest("POST", self._url, json=body, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        data = await send_keyed(self._client, self.name, wire, self._keys, _auth)
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        if "organic" not in data and "searchParameters" not in data:
            raise malformed(self.name, "the answer has neither 'organic' nor 'searchParameters'")
        organic = data.get("organic", [])
        if not isinstance(organic, list):
            raise malformed(self.name, "'organic' is not a list")
        return ProviderAnswer(results=first_results(organic, limit, ("title", "link", "snippet")))


def _tbs(freshness: Freshness) -> str:
    if freshness.period is not None:
        return "qdr:" + freshness.period[1]  # pd -> qdr:d, pw -> qdr:w, ...
    assert freshness.start is not None
    assert freshness.end is not None
    return f"cdr:1,cd_min:{freshness.start:%m/%d/%Y},cd_max:{freshness.end:%m/%d/%Y}"


def _auth(key: str) -> dict[str, str]:
    return {"X-API-KEY": key}
