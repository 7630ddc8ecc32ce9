"""Brave Search: ``GET {base}/res/v1/web/search`` with ``X-Subscription-Token``; hits in ``web.results``."""

from __future__ import annotations

from typing import Any

import httpx
import lxml.etree
import lxml.html
from pydantic import SecretStr

from adapters.http_errors import fetch_json, malformed
from adapters.search.parsing import result_from_item
from domain.filters import Filter
from domain.models import ProviderAnswer, SearchRequest

DEFAULT_BASE_URL = "https://api.search.brave.com"
# Brave names a few languages its own way; an ISO 639-1 code it does not know is answered with 422.
_SEARCH_LANG = {"ja": "jp", "no": "nb", "zh": "zh-hans", "pt": "pt-pt"}
_REGIONAL_SEARCH_LANG = {
    ("zh", "tw"): "zh-hant",
    ("zh", "hk"): "zh-hant",
    ("zh", "mo"): "zh-hant",
    ("pt", "br"): "pt-br",
    ("en", "gb"): "en-gb",
}


class BraveSearch:
    """SearchPort over the Brave Search web API."""

    name = "brave"
    capabilities = frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE, Filter.COUNTRY, Filter.LANGUAGE})

    def __init__(self, client: httpx.AsyncClient, api_key: SecretStr, base_url: str = DEFAULT_BASE_URL) -> None:
        self._client = client
        self._api_key = api_key
        self._url = base_url.rstrip("/") + "/res/v1/web/search"

    async def search(self, request: SearchRequest) -> ProviderAnswer:
        headers = {"X-Subscription-Token": self._api_key.get_secret_value()}
        data = await fetch_json(
            self._client, self.name, "GET", self._url, params=self.request_params(request), headers=headers
        )
        return self.parse(data)

    @staticmethod
    def request_params(request: SearchRequest) -> dict[str, str]:
        params = {"q": request.query, "count": str(request.num_results)}
        if request.freshness:
            # Brave takes both forms verbatim: pd|pw|pm|py and YYYY-MM-DDtoYYYY-MM-DD.
            params["freshness"] = str(request.freshness)
        if request.country:
            params["country"] = request.country.upper()
        if request.language:
            params["search_lang"] = _search_lang(request.language, request.country)
        return params

    def parse(self, data: dict[str, Any]) -> ProviderAnswer:
        if "web" not in data:
            # Brave leaves 'web' out when nothing matched, but still describes the query it ran.
            if data.get("type") == "search" or "query" in data:
                return ProviderAnswer(results=[])
            raise malformed(self.name, "the answer has neither 'web' nor 'query'")
        web = data["web"]
        if not isinstance(web, dict):
            raise malformed(self.name, "'web' is not an object")
        items = web.get("results", [])
        if not isinstance(items, list):
            raise malformed(self.name, "'web.results' is not a list")
        results = [r for item in items if (r := result_from_item(_plain_item(item), "title", "url", "description"))]
        return ProviderAnswer(results=results)


def _plain_item(item: Any) -> Any:
    # Brave marks the query terms with <strong> and escapes entities in titles and descriptions.
    if not isinstance(item, dict):
        return item
    return {**item, **{k: _plain(item[k]) for k in ("title", "description") if isinstance(item.get(k), str)}}


def _plain(fragment: str) -> str:
    try:
        return str(lxml.html.fragment_fromstring(fragment, create_parent="div").text_content())
    except (ValueError, lxml.etree.ParserError):
        # Control characters make lxml refuse the text; the raw string is still better than no hit.
        return fragment


def _search_lang(language: str, country: str | None) -> str:
    regional = _REGIONAL_SEARCH_LANG.get((language, country or ""))
    return regional or _SEARCH_LANG.get(language, language)
