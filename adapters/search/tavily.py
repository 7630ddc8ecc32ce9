"""Tavily: ``POST {base}/search`` with a Bearer key; hits under ``results[]`` (url, content)."""

from __future__ import annotations

from typing import Any

import httpx
from pydantic import SecretStr

from adapters.http_errors import fetch_json, malformed
from adapters.search.parsing import result_from_item
from domain.filters import Filter, Freshness
from domain.models import ProviderAnswer, SearchRequest

DEFAULT_BASE_URL = "https://api.tavily.com"
_TIME_RANGES = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}


class TavilySearch:
    """SearchPort over Tavily's search API (basic depth, no answer, images or raw content)."""

    name = "tavily"
    # Tavily takes a country by full English name, for the 'general' topic only; no language filter.
    capabilities = frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE})

    def __init__(self, client: httpx.AsyncClient, api_key: SecretStr, base_url: str = DEFAULT_BASE_URL) -> None:
        self._client = client
        self._api_key = api_key
        self._url = base_url.rstrip("/") + "/search"

    async def search(self, request: SearchRequest) -> ProviderAnswer:
        headers = {"Authorization": f"Bearer {self._api_key.get_secret_value()}"}
        data = await fetch_json(
            self._client, self.name, "POST", self._url, json=self.request_body(request), headers=headers
        )
        return self.parse(data)

    @staticmethod
    def request_body(request: SearchRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "query": request.query,
            "max_results": request.num_results,
            "search_depth": "basic",
            "include_answer": False,
            "include_images": False,
            "include_raw_content": False,
        }
        if request.freshness:
            body.update(_time_filter(request.freshness))
        return body

    def parse(self, data: dict[str, Any]) -> ProviderAnswer:
        items = data.get("results")
        if not isinstance(items, list):
            raise malformed(self.name, "'results' is not a list")
        results = [r for item in items if (r := result_from_item(item, "title", "url", "content"))]
        return ProviderAnswer(results=results)


def _time_filter(freshness: Freshness) -> dict[str, str]:
    if freshness.period is not None:
        return {"time_range": _TIME_RANGES[freshness.period]}
    return {"start_date": f"{freshness.start}", "end_date": f"{freshness.end}"}
