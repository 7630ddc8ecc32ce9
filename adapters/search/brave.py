"""Brave Search: ``GET {base}/res/v1/web/search`` with ``X-Subscription-Token``; hits in ``web.results``."""

from __future__ import annotations

from typing import Any

import httpx
import lxml.etree
import lxml.html
from pydantic import SecretStr

from adapters.http_errors import malformed
from adapters.search.key_pool import KeyPool, as_pool
from adapters.search.parsing import first_results
from adapters.search.wire import JSON_ACCEPT, send_keyed
from domain.filters import Filter
from domain.models import ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest, refuse_missing

DEFAULT_BASE_URL = "https://api.search.brave.com"
# Brave's documented web search codes. Anything else is answered with 422, a bad request that
# would stop the chain, so plan() refuses it up front and the chain moves on.
#: The ``country`` values (ISO 3166-1 alpha-2, sent upper case).
BRAVE_COUNTRIES = frozenset({
    "ar", "at", "au", "be", "br", "ca", "ch", "cl", "cn", "de", "dk", "es", "fi", "fr", "gb", "hk", "id", "in",
    "it", "jp", "kr", "mx", "my", "nl", "no", "nz", "ph", "pl", "pt", "ru", "sa", "se", "tr", "tw", "us", "za",
})  # fmt: skip
#: The ``search_lang`` values; mostly ISO 639-1, with Brave's own names for a few.
BRAVE_SEARCH_LANGS = frozenset({
    "ar", "bg", "bn", "ca", "cs", "da", "de", "en", "en-gb", "es", "et", "eu", "fi", "fr", "gl", "gu", "he", "hi",
    "hr", "hu", "is", "it", "jp", "kn", "ko", "lt", "lv", "ml", "mr", "ms", "nb", "nl", "pa", "pl", "pt-br", "pt-pt",
    "ro", "ru", "sk", "sl", "sr", "sv", "ta", "te", "th", "tr", "uk", "vi", "zh-hans", "zh-hant",
})  # fmt: skip
# ISO 639-1 codes Brave spells differently.
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

    def __init__(
        self, client: httpx.AsyncClient, api_key: SecretStr | KeyPool, base_url: str = DEFAULT_BASE_URL
    ) -> None:
        self._client = client
        self._keys = as_pool(self.name, api_key)
        self._url = base_url.rstrip("/") + "/res/v1/web/search"

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        params = {"q": request.query, "count": str(request.num_results)}
        if request.freshness:
            # Brave takes both forms verbatim: pd|pw|pm|py and YYYY-MM-DDtoYYYY-MM-DD.
            params["freshness"] = str(request.freshness)
        if request.country:
            if request.country not in BRAVE_COUNTRIES:
                covered = ", ".join(sorted(BRAVE_COUNTRIES))
                return Refusal(f"Brave has no results for country {request.country!r} (it covers {covered})")
            params["country"] = request.country.upper()
        if request.language:
            search_lang = _search_lang(request.language, request.country)
            if search_lang not in BRAVE_SEARCH_LANGS:
                return Refusal(f"Brave cannot search in language {request.language!r}")
            params["search_lang"] = search_lang
        return WireRequest("GET", self._url, params=params, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        data = await send_keyed(self._client, self.name, wire, self._keys, _auth)
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
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
        return ProviderAnswer(results=first_results(items, limit, ("title", "url", "description"), _plain_item))


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


def _auth(key: str) -> dict[str, str]:
    return {"X-Subscription-Token": key}
