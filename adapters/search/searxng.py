"""SearXNG (self-hosted meta search): ``GET {base}/search?format=json``; hits under ``results[]``.

The news topic is ``categories=news`` (its hits carry ``publishedDate``); domain filters become
``site:`` operators in the query, which SearXNG passes on to the engines behind it.
"""

from __future__ import annotations

import base64
from typing import Any

import httpx

from adapters.http_errors import malformed
from adapters.search.parsing import ItemKeys, first_results
from adapters.search.site_operators import query_with_sites
from adapters.search.wire import JSON_ACCEPT, send_for_json
from domain.errors import ProviderFailure
from domain.filters import Filter, Topic
from domain.models import ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest, refuse_missing

_NAME = "searxng"
_TIME_RANGES = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}
_KEYS = ItemKeys("title", "url", "content", published="publishedDate")
# SearXNG answers a format it has not enabled with a bare 403 page, which tells the user nothing.
_JSON_DISABLED = (
    "; SearXNG answers 403 when the instance has JSON output disabled: add 'json' to"
    " search.formats in its settings.yml (or its proxy refused the credentials)"
)


class SearxngSearch:
    """SearchPort over a SearXNG instance's JSON output.

    The base URL may carry basic-auth credentials: they are taken out of it at start-up and sent
    only as an Authorization header, so neither a plan nor a failure detail ever holds them.
    """

    name = _NAME
    # Periods only: SearXNG has no date ranges (widening one to a period would change the filter).
    # The country is honoured only with a language, as a locale such as de-CH: SearXNG has no
    # country parameter, only locales, and the engines behind it read their region from one.
    capabilities = frozenset({
        Filter.FRESHNESS, Filter.LANGUAGE, Filter.COUNTRY, Filter.NEWS, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    })  # fmt: skip

    def __init__(self, client: httpx.AsyncClient, base_url: str) -> None:
        self._client = client
        url = httpx.URL(base_url.rstrip("/") + "/search")
        self._auth: dict[str, str] = {}
        if url.username or url.password:
            pair = f"{url.username}:{url.password}".encode()
            self._auth = {"Authorization": "Basic " + base64.b64encode(pair).decode("ascii")}
            url = url.copy_with(username=None, password=None)
        self._url = str(url)

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        params = {"q": query_with_sites(request), "format": "json", "pageno": "1"}
        if request.country and not request.language:
            return Refusal(
                f"SearXNG takes a country only with a language, as a locale (e.g. language 'de' and "
                f"country {request.country!r} for de-{request.country.upper()})"
            )
        if request.language:
            params["language"] = (
                f"{request.language}-{request.country.upper()}" if request.country else request.language
            )
        if request.freshness and request.freshness.period:
            params["time_range"] = _TIME_RANGES[request.freshness.period]
        if request.topic is Topic.NEWS:
            params["categories"] = "news"
        return WireRequest("GET", self._url, params=params, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        try:
            data = await send_for_json(self._client, self.name, wire, self._auth)
        except ProviderFailure as failure:
            if failure.status != 403:
                raise
            raise failure.with_detail(failure.detail + _JSON_DISABLED) from None
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        items = data.get("results")
        if not isinstance(items, list):
            raise malformed(self.name, "'results' is not a list")
        return ProviderAnswer(results=first_results(items, limit, _KEYS))
