"""Perplexity Sonar: ``POST {base}/chat/completions``; an answer and its sources, direct or via OpenRouter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

import httpx
from pydantic import SecretStr

from adapters.http_errors import fetch_json, malformed
from adapters.search.parsing import result_from_item
from domain.filters import Filter, Freshness
from domain.models import ProviderAnswer, SearchRequest, WebSearchResult

PERPLEXITY_BASE_URL = "https://api.perplexity.ai"
PERPLEXITY_MODEL = "sonar-pro"
OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1"
OPENROUTER_MODEL = "perplexity/sonar-pro"
_DEFAULTS = {
    "perplexity": (PERPLEXITY_BASE_URL, PERPLEXITY_MODEL),
    "openrouter": (OPENROUTER_BASE_URL, OPENROUTER_MODEL),
}
_RECENCY = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}


@dataclass(frozen=True)
class PerplexityEndpoint:
    """Where and how to reach Sonar: the key, the API base and the model name that base expects."""

    api_key: SecretStr
    base_url: str
    model: str
    route: Literal["perplexity", "openrouter"]


def perplexity_endpoint(
    perplexity_key: str | None,
    openrouter_key: str | None,
    base_url_override: str | None = None,
    model_override: str | None = None,
) -> PerplexityEndpoint | None:
    """The endpoint the configured keys point at, or ``None`` when no key is set.

    A dedicated Perplexity key wins over an OpenRouter one. The key's prefix beats the variable
    it was found in, because users paste an ``sk-or-`` key into ``PERPLEXITY_API_KEY`` (and the
    reverse) often enough, and sending it to the wrong host only yields a puzzling 401.
    """
    perplexity_key = (perplexity_key or "").strip() or None
    openrouter_key = (openrouter_key or "").strip() or None
    key = perplexity_key or openrouter_key
    if key is None:
        return None
    if key.startswith("sk-or-"):
        route: Literal["perplexity", "openrouter"] = "openrouter"
    elif key.startswith("pplx-"):
        route = "perplexity"
    else:
        route = "perplexity" if perplexity_key else "openrouter"
    base_url, model = _DEFAULTS[route]
    return PerplexityEndpoint(
        api_key=SecretStr(key),
        base_url=(base_url_override or "").strip() or base_url,
        model=(model_override or "").strip() or model,
        route=route,
    )


class PerplexitySearch:
    """SearchPort over Sonar's chat completions: the synthesized answer plus the sources it cites."""

    name = "perplexity"
    # Periods map to search_recency_filter, ranges to the after/before date filters. Sonar has a
    # location hint but no strict country or language filter, so those are not claimed.
    capabilities = frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE})

    def __init__(self, client: httpx.AsyncClient, api_key: SecretStr, base_url: str, model: str) -> None:
        self._client = client
        self._api_key = api_key
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._model = model

    async def search(self, request: SearchRequest) -> ProviderAnswer:
        headers = {"Authorization": f"Bearer {self._api_key.get_secret_value()}"}
        body = self.request_body(request, self._model)
        data = await fetch_json(self._client, self.name, "POST", self._url, json=body, headers=headers)
        return self.parse(data, limit=request.num_results)

    @staticmethod
    def request_body(request: SearchRequest, model: str) -> dict[str, Any]:
        body: dict[str, Any] = {"model": model, "messages": [{"role": "user", "content": request.query}]}
        if request.freshness:
            # OpenRouter forwards these Perplexity-specific fields to Perplexity unchanged.
            body.update(_freshness_fields(request.freshness))
        return body

    def parse(self, data: dict[str, Any], limit: int = 20) -> ProviderAnswer:
        answer = _answer_text(data)
        if answer is None:
            raise malformed(self.name, "the answer has no 'choices[0].message.content' text")
        # search_results carries titles; older answers only list the cited URLs.
        found = _from_search_results(data.get("search_results")) or _from_citations(data.get("citations"))
        return ProviderAnswer(answer=answer, results=_unique_links(found)[:limit])


def _freshness_fields(freshness: Freshness) -> dict[str, str]:
    if freshness.period is not None:
        return {"search_recency_filter": _RECENCY[freshness.period]}
    assert freshness.start is not None
    assert freshness.end is not None
    return {
        "search_after_date_filter": f"{freshness.start:%m/%d/%Y}",
        "search_before_date_filter": f"{freshness.end:%m/%d/%Y}",
    }


def _answer_text(data: dict[str, Any]) -> str | None:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return None
    message = choices[0].get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, str) or not content.strip():
        return None
    return content.strip()


def _from_search_results(items: Any) -> list[WebSearchResult]:
    if not isinstance(items, list):
        return []
    results = []
    for item in items:
        result = result_from_item(item, "title", "url", "snippet")
        if result is None:
            continue
        date = item.get("date")
        if not result.snippet and isinstance(date, str) and date.strip():
            # Without a snippet the publication date is the one thing that helps judge the source.
            result = result.model_copy(update={"snippet": f"published {date.strip()}"})
        results.append(result)
    return results


def _from_citations(urls: Any) -> list[WebSearchResult]:
    if not isinstance(urls, list):
        return []
    results = []
    for url in urls:
        result = result_from_item({"url": url}, "title", "url", "snippet")
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
