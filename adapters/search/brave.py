"""Brave Search: ``GET {base}/res/v1/web/search`` with ``X-Subscription-Token``; hits in ``web.results``.

The news topic is ``GET {base}/res/v1/news/search`` (same parameters, hits in ``results`` at the top).
Domain filters become ``site:`` operators in ``q``; ``ui_lang`` is sent as is (validated against
``BRAVE_UI_LANGS`` when the request is built).
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
from domain.filters import Filter, Topic
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
#: The ``ui_lang`` values (language-COUNTRY): the locale Brave writes its answer's own words in.
BRAVE_UI_LANGS = frozenset({
    "es-AR", "en-AU", "de-AT", "nl-BE", "fr-BE", "pt-BR", "en-CA", "fr-CA", "es-CL", "da-DK", "fi-FI", "fr-FR",
    "de-DE", "zh-HK", "en-IN", "en-ID", "it-IT", "ja-JP", "ko-KR", "en-MY", "es-MX", "nl-NL", "en-NZ", "no-NO",
    "zh-CN", "pl-PL", "en-PH", "ru-RU", "en-ZA", "es-ES", "sv-SE", "fr-CH", "de-CH", "zh-TW", "tr-TR", "en-GB",
    "en-US", "es-US",
})  # fmt: skip
# Brave answers a longer q with 422 (a bad request, which would stop the chain): refuse it up front.
MAX_QUERY_CHARS = 400
MAX_QUERY_WORDS = 50
# The fields prepare() adds to an item: the best date and site name among Brave's several.
_KEYS = ItemKeys("title", "url", "description", published="_published", site_name="_site_name")
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
    capabilities = frozenset({
        Filter.FRESHNESS, Filter.FRESHNESS_RANGE, Filter.COUNTRY, Filter.LANGUAGE,
        Filter.NEWS, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    })  # fmt: skip

    def __init__(
        self, client: httpx.AsyncClient, api_key: SecretStr | KeyPool, base_url: str = DEFAULT_BASE_URL
    ) -> None:
        self._client = client
        self._keys = as_pool(self.name, api_key)
        self._url = base_url.rstrip("/") + "/res/v1/web/search"
        self._news_url = base_url.rstrip("/") + "/res/v1/news/search"

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        query = query_with_sites(request)
        if len(query) > MAX_QUERY_CHARS or len(query.split()) > MAX_QUERY_WORDS:
            with_sites = " with its site: operators" if request.include_domains or request.exclude_domains else ""
            words = len(query.split())
            return Refusal(
                f"Brave takes at most {MAX_QUERY_CHARS} characters and {MAX_QUERY_WORDS} words; the query{with_sites}"
                f" has {len(query)} characters and {words} word{'' if words == 1 else 's'}"
            )
        params = {"q": query, "count": str(request.num_results)}
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
        if request.ui_lang:
            params["ui_lang"] = request.ui_lang
        url = self._news_url if request.topic is Topic.NEWS else self._url
        return WireRequest("GET", url, params=params, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        data = await send_keyed(self._client, self.name, wire, self._keys, _auth)
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        if data.get("type") == "news":  # the news endpoint's answer: hits at the top, no 'web'
            return ProviderAnswer(results=first_results(_listed(data, "results"), limit, _KEYS, _plain_item))
        if "web" not in data:
            # Brave leaves 'web' out when nothing matched, but still describes the query it ran.
            if data.get("type") == "search" or "query" in data:
                return ProviderAnswer(results=[])
            raise malformed(self.name, "the answer has neither 'web' nor 'query'")
        web = data["web"]
        if not isinstance(web, dict):
            raise malformed(self.name, "'web' is not an object")
        return ProviderAnswer(results=first_results(_listed(web, "results", "web."), limit, _KEYS, _plain_item))


def _listed(data: dict[str, Any], field: str, where: str = "") -> list[Any]:
    items = data.get(field, [])
    if not isinstance(items, list):
        raise malformed(BraveSearch.name, f"'{where}{field}' is not a list")
    return items


def _plain_item(item: Any) -> Any:
    # Brave marks the query terms with <strong> and escapes entities in titles and descriptions.
    if not isinstance(item, dict):
        return item
    plain = {k: _plain(item[k]) for k in ("title", "description") if isinstance(item.get(k), str)}
    return {**item, **plain, "_published": _published(item), "_site_name": _site_name(item)}


def _published(item: dict[str, Any]) -> Any:
    # page_age is a timestamp (2024-03-01T08:00:00); age is for people ("2 days ago", "March 1, 2024").
    page_age = item.get("page_age")
    return page_age if isinstance(page_age, str) and page_age.strip() else item.get("age")


def _site_name(item: dict[str, Any]) -> Any:
    # The profile names the site ("Wikipedia"); news hits may carry only meta_url, whose hostname will do.
    for field, key in (("profile", "name"), ("meta_url", "hostname")):
        holder = item.get(field)
        if isinstance(holder, dict) and isinstance(holder.get(key), str) and holder[key].strip():
            return holder[key]
    return None


def _plain(fragment: str) -> str:
    # Imported here, not at the top: lxml is only needed once an answer arrives, and a server
    # that never gets one should not pay for it at start-up (docs/architecture.md, start-up).
    import lxml.etree
    import lxml.html

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
