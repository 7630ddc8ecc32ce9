"""Tavily: ``POST {base}/search`` with a Bearer key; hits under ``results[]`` (url, content).

Tavily takes the news topic (``topic: "news"``, whose hits carry ``published_date``) and domain
lists (``include_domains``, ``exclude_domains``) as body fields of their own.
"""

from __future__ import annotations

from typing import Any

import httpx
from pydantic import SecretStr

from adapters.http_errors import malformed
from adapters.search.key_pool import KeyPool, as_pool
from adapters.search.parsing import ItemKeys, first_results
from adapters.search.wire import JSON_ACCEPT, send_keyed
from domain.filters import Filter, Freshness, Topic
from domain.models import ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest, refuse_missing

DEFAULT_BASE_URL = "https://api.tavily.com"
_TIME_RANGES = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}
_KEYS = ItemKeys("title", "url", "content", published="published_date")


class TavilySearch:
    """SearchPort over Tavily's search API (basic depth, no answer, images or raw content)."""

    name = "tavily"
    # Tavily takes a country by full English name, for the 'general' topic only; no language filter.
    capabilities = frozenset({
        Filter.FRESHNESS, Filter.FRESHNESS_RANGE, Filter.NEWS, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    })  # fmt: skip

    def __init__(
        self, client: httpx.AsyncClient, api_key: SecretStr | KeyPool, base_url: str = DEFAULT_BASE_URL
    ) -> None:
        self._client = client
        self._keys = as_pool(self.name, api_key)
        self._url = base_url.rstrip("/") + "/search"

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        body: dict[str, Any] = {
            "query": request.query,
            "max_results": request.num_results,
            "search_depth": "basic",
            "include_answer": False,
            "include_images": False,
            "include_raw_content": False,
        }
        if request.topic is Topic.NEWS:
            body["topic"] = "news"
        if request.freshness:
            body.update(_time_filter(request.freshness))
        if request.include_domains:
            body["include_domains"] = list(request.include_domains)
        if request.exclude_domains:
            body["exclude_domains"] = list(request.exclude_domains)
        return WireRequest("POST", self._url, json=body, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        data = await send_keyed(self._client, self.name, wire, self._keys, _auth)
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        items = data.get("results")
        if not isinstance(items, list):
            raise malformed(self.name, "'results' is not a list")
        return ProviderAnswer(results=first_results(items, limit, _KEYS))


def _time_filter(freshness: Freshness) -> dict[str, str]:
    if freshness.period is not None:
        return {"time_range": _TIME_RANGES[freshness.period]}
    return {"start_date": f"{freshness.start}", "end_date": f"{freshness.end}"}


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}
