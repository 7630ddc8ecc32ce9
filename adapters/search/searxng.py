"""SearXNG (self-hosted meta search): ``GET {base}/search?format=json``; hits under ``results[]``."""

from __future__ import annotations

from typing import Any

import httpx

from adapters.http_errors import fetch_json, malformed
from adapters.search.parsing import result_from_item
from domain.errors import FilterNotSupported, ProviderFailure
from domain.filters import Filter
from domain.models import ProviderAnswer, SearchRequest

_NAME = "searxng"
_TIME_RANGES = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}
# SearXNG answers a format it has not enabled with a bare 403 page, which tells the user nothing.
_JSON_DISABLED = (
    "; SearXNG answers 403 when the instance has JSON output disabled: add 'json' to"
    " search.formats in its settings.yml (or its proxy refused the credentials)"
)


class SearxngSearch:
    """SearchPort over a SearXNG instance's JSON output.

    The base URL may carry basic-auth credentials (httpx sends them as an Authorization header),
    which is why no failure detail here ever mentions it.
    """

    name = _NAME
    # Periods only (SearXNG has no date ranges; a range is refused, see request_params). The
    # country only refines a language into a locale such as de-CH, so it is not a filter alone.
    capabilities = frozenset({Filter.FRESHNESS, Filter.LANGUAGE})

    def __init__(self, client: httpx.AsyncClient, base_url: str) -> None:
        self._client = client
        self._url = base_url.rstrip("/") + "/search"

    async def search(self, request: SearchRequest) -> ProviderAnswer:
        try:
            data = await fetch_json(
                self._client, self.name, "GET", self._url, params=self.request_params(request), headers={}
            )
        except ProviderFailure as failure:
            if failure.status != 403:
                raise
            raise failure.with_detail(failure.detail + _JSON_DISABLED) from None
        return self.parse(data, limit=request.num_results)

    @staticmethod
    def request_params(request: SearchRequest) -> dict[str, str]:
        params = {"q": request.query, "format": "json", "pageno": "1"}
        if request.language:
            params["language"] = (
                f"{request.language}-{request.country.upper()}" if request.country else request.language
            )
        if request.freshness:
            if request.freshness.period is None:
                # Widening a range to the nearest period would silently change the filter.
                raise FilterNotSupported(_NAME, "SearXNG supports only pd/pw/pm/py freshness, not date ranges")
            params["time_range"] = _TIME_RANGES[request.freshness.period]
        return params

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        items = data.get("results")
        if not isinstance(items, list):
            raise malformed(self.name, "'results' is not a list")
        results = [r for item in items if (r := result_from_item(item, "title", "url", "content"))]
        return ProviderAnswer(results=results[:limit])
