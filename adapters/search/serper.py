"""Serper (Google results): ``POST {base}/search`` with ``X-API-KEY``; hits under ``organic[]``.

The news topic is ``POST {base}/news`` with the same body; its hits are under ``news[]``, each with
its ``date`` and ``source`` (the publication's name). Domain filters become ``site:`` operators.
"""

from __future__ import annotations

from typing import Any

import httpx
from pydantic import SecretStr

from adapters.http_errors import malformed
from adapters.search.key_pool import KeyPool, as_pool
from adapters.search.parsing import ItemKeys, first_results
from adapters.search.site_operators import query_with_sites
from adapters.search.wire import JSON_ACCEPT, send_keyed
from domain.filters import Filter, Freshness, Topic
from domain.models import ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest, refuse_missing

DEFAULT_BASE_URL = "https://google.serper.dev"
_ORGANIC = ItemKeys("title", "link", "snippet", published="date")
_NEWS = ItemKeys("title", "link", "snippet", published="date", site_name="source")


class SerperSearch:
    """SearchPort over Serper's JSON API."""

    name = "serper"
    capabilities = frozenset({
        Filter.FRESHNESS, Filter.FRESHNESS_RANGE, Filter.COUNTRY, Filter.LANGUAGE,
        Filter.NEWS, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    })  # fmt: skip

    def __init__(
        self, client: httpx.AsyncClient, api_key: SecretStr | KeyPool, base_url: str = DEFAULT_BASE_URL
    ) -> None:
        self._client = client
        self._keys = as_pool(self.name, api_key)
        self._url = base_url.rstrip("/") + "/search"
        self._news_url = base_url.rstrip("/") + "/news"

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        # Google takes every ISO country (gl) and language (hl) code, so no value is refused.
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        body: dict[str, Any] = {"q": query_with_sites(request), "num": request.num_results}
        if request.country:
            body["gl"] = request.country
        if request.language:
            body["hl"] = request.language
        if request.freshness:
            body["tbs"] = _tbs(request.freshness)
        url = self._news_url if request.topic is Topic.NEWS else self._url
        return WireRequest("POST", url, json=body, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        data = await send_keyed(self._client, self.name, wire, self._keys, _auth)
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        # A news answer lists its hits under 'news'; either kind leaves its list out when nothing matched.
        field, keys = ("news", _NEWS) if "news" in data else ("organic", _ORGANIC)
        if field not in data and "searchParameters" not in data:
            raise malformed(self.name, "the answer has neither 'organic' nor 'news' nor 'searchParameters'")
        items = data.get(field, [])
        if not isinstance(items, list):
            raise malformed(self.name, f"'{field}' is not a list")
        return ProviderAnswer(results=first_results(items, limit, keys))


def _tbs(freshness: Freshness) -> str:
    if freshness.period is not None:
        return "qdr:" + freshness.period[1]  # pd -> qdr:d, pw -> qdr:w, ...
    assert freshness.start is not None
    assert freshness.end is not None
    return f"cdr:1,cd_min:{freshness.start:%m/%d/%Y},cd_max:{freshness.end:%m/%d/%Y}"


def _auth(key: str) -> dict[str, str]:
    return {"X-API-KEY": key}
