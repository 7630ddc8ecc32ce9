"""Perplexity Sonar: ``POST {base}/chat/completions``; an answer and its sources, direct or via OpenRouter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

import httpx
from pydantic import SecretStr

from adapters.http_errors import malformed
from adapters.search.key_pool import KeyPool, as_pool
from adapters.search.parsing import ItemKeys, result_from_item
from adapters.search.wire import JSON_ACCEPT, send_keyed
from domain.filters import Filter, Freshness
from domain.models import ProviderAnswer, SearchRequest, WebSearchResult
from domain.planning import Refusal, WireRequest, refuse_missing

PERPLEXITY_BASE_URL = "https://api.perplexity.ai"
PERPLEXITY_MODEL = "sonar-pro"
OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1"
OPENROUTER_MODEL = "perplexity/sonar-pro"
_DEFAULTS = {
    "perplexity": (PERPLEXITY_BASE_URL, PERPLEXITY_MODEL),
    "openrouter": (OPENROUTER_BASE_URL, OPENROUTER_MODEL),
}
_RECENCY = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}
_SNIPPET_CHARS = 400
_SEARCH_RESULT = ItemKeys("title", "url", "snippet", published="date")
_CITATION = ItemKeys("title", "url", "content")


@dataclass(frozen=True)
class PerplexityEndpoint:
    """Where and how to reach Sonar: the key, the API base and the model name that base expects."""

    api_key: SecretStr
    base_url: str
    model: str
    route: Literal["perplexity", "openrouter"]
    pool: tuple[SecretStr, ...] = ()  # every key of the variable chosen, ``api_key`` first


def perplexity_endpoint(
    perplexity_key: str | None,
    openrouter_key: str | None,
    base_url_override: str | None = None,
    model_override: str | None = None,
) -> PerplexityEndpoint | None:
    """The endpoint the configured keys point at, or ``None`` when no key is set.

    A dedicated Perplexity key wins over an OpenRouter one. The key's prefix beats the variable
    it was found in, because users paste an ``sk-or-`` key into ``PERPLEXITY_API_KEY`` (and the
    reverse) often enough, and sending it to the wrong host only yields a puzzling 401. Either
    variable may hold several comma-separated keys (a pool): the first one decides the route, so
    one pool serves one service (a key meant for the other is rejected there and set aside).
    """
    perplexity_keys = _keys(perplexity_key)
    openrouter_keys = _keys(openrouter_key)
    keys = perplexity_keys or openrouter_keys
    if not keys:
        return None
    key = keys[0]
    if key.startswith("sk-or-"):
        route: Literal["perplexity", "openrouter"] = "openrouter"
    elif key.startswith("pplx-"):
        route = "perplexity"
    else:
        route = "perplexity" if perplexity_keys else "openrouter"
    base_url, model = _DEFAULTS[route]
    return PerplexityEndpoint(
        api_key=SecretStr(key),
        pool=tuple(SecretStr(k) for k in keys),
        base_url=(base_url_override or "").strip() or base_url,
        model=(model_override or "").strip() or model,
        route=route,
    )


def _keys(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


class PerplexitySearch:
    """SearchPort over Sonar's chat completions: the synthesized answer plus the sources it cites."""

    name = "perplexity"
    # Periods map to search_recency_filter, ranges to the after/before date filters. Sonar has a
    # location hint but no strict country or language filter, so those are not claimed. Nor are
    # domain filters: the answer is written from whatever sources Sonar chose, so dropping a
    # source afterwards would leave the answer still quoting it. No news topic either.
    capabilities = frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE})

    def __init__(self, client: httpx.AsyncClient, api_key: SecretStr | KeyPool, base_url: str, model: str) -> None:
        self._client = client
        self._keys = as_pool(self.name, api_key)
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._model = model

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        body: dict[str, Any] = {"model": self._model, "messages": [{"role": "user", "content": request.query}]}
        if request.freshness:
            # OpenRouter forwards these Perplexity-specific fields to Perplexity unchanged.
            body.update(_freshness_fields(request.freshness))
        return WireRequest("POST", self._url, json=body, headers=JSON_ACCEPT, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        data = await send_keyed(self._client, self.name, wire, self._keys, _auth)
        return self.parse(data, limit=wire.limit)

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        message = _message(data)
        answer = _answer_text(message)
        if answer is None:
            raise malformed(self.name, "the answer has no 'choices[0].message.content' text")
        return ProviderAnswer(answer=answer, results=_sources(data, message)[:limit])


def _freshness_fields(freshness: Freshness) -> dict[str, str]:
    if freshness.period is not None:
        return {"search_recency_filter": _RECENCY[freshness.period]}
    assert freshness.start is not None
    assert freshness.end is not None
    return {
        "search_after_date_filter": f"{freshness.start:%m/%d/%Y}",
        "search_before_date_filter": f"{freshness.end:%m/%d/%Y}",
    }


def _message(data: dict[str, Any]) -> dict[str, Any]:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return {}
    message = choices[0].get("message")
    return message if isinstance(message, dict) else {}


def _answer_text(message: dict[str, Any]) -> str | None:
    content = message.get("content")
    if not isinstance(content, str) or not content.strip():
        return None
    return content.strip()


def _sources(data: dict[str, Any], message: dict[str, Any]) -> list[WebSearchResult]:
    """Every source the answer names, wherever the API put it, each link once.

    Perplexity lists the cited URLs in ``citations`` (the order of the [n] markers) and describes
    them in ``search_results``; OpenRouter passes them as ``message.annotations[].url_citation``
    instead. The citation order leads; titles and snippets come from whichever field has them.
    """
    described: dict[str, WebSearchResult] = {}
    for result in _from_search_results(data.get("search_results")) + _from_annotations(message.get("annotations")):
        known = described.get(result.link)
        if known is None:
            described[result.link] = result
        elif not known.snippet and result.snippet:
            described[result.link] = known.model_copy(update={"snippet": result.snippet})
    cited = [described.get(r.link, r) for r in _from_citations(data.get("citations"))]
    return _unique_links(cited + list(described.values()))


def _from_annotations(annotations: Any) -> list[WebSearchResult]:
    if not isinstance(annotations, list):
        return []
    results = []
    for annotation in annotations:
        if not isinstance(annotation, dict) or annotation.get("type") != "url_citation":
            continue
        result = result_from_item(annotation.get("url_citation"), _CITATION)
        if result is not None:
            if result.title == result.link:  # no title given: a readable one beats the bare URL
                result = result.model_copy(update={"title": _title_from_url(result.link)})
            if len(result.snippet) > _SNIPPET_CHARS:  # OpenRouter may quote whole paragraphs
                result = result.model_copy(update={"snippet": result.snippet[: _SNIPPET_CHARS - 1] + "…"})
            results.append(result)
    return results


def _from_search_results(items: Any) -> list[WebSearchResult]:
    if not isinstance(items, list):
        return []
    results = []
    for item in items:
        result = result_from_item(item, _SEARCH_RESULT)
        if result is not None:
            results.append(result)
    return results


def _from_citations(urls: Any) -> list[WebSearchResult]:
    if not isinstance(urls, list):
        return []
    results = []
    for url in urls:
        result = result_from_item({"url": url}, _CITATION)
        if result is not None:
            results.append(result.model_copy(update={"title": _title_from_url(result.link)}))
    return results


def _title_from_url(url: str) -> str:
    parts = urlsplit(url)
    # hostname, not netloc: a citation URL may carry user:password@.
    return ((parts.hostname or "") + parts.path).rstrip("/")


def _unique_links(results: list[WebSearchResult]) -> list[WebSearchResult]:
    seen: set[str] = set()
    unique = []
    for result in results:
        if result.link not in seen:
            seen.add(result.link)
            unique.append(result)
    return unique


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}
