"""The provider adapters, built from settings; each adapter's module is imported when it is built.

Only the providers in the chain are built (``container.select_ports``), so a start-up pays for the
adapters it uses and for none of the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.errors import ConfigurationError
from domain.ports import BreakerStatePort, Clock, SearchPort
from entrypoints.settings import Settings

if TYPE_CHECKING:
    import httpx

    from adapters.search.key_pool import KeyPool
    from adapters.search.perplexity import PerplexityEndpoint


def serper_search(client: httpx.AsyncClient, keys: KeyPool, base_url: str) -> SearchPort:
    from adapters.search.serper import SerperSearch

    return SerperSearch(client, keys, base_url)


def tavily_search(client: httpx.AsyncClient, keys: KeyPool, base_url: str) -> SearchPort:
    from adapters.search.tavily import TavilySearch

    return TavilySearch(client, keys, base_url)


def brave_search(client: httpx.AsyncClient, keys: KeyPool, base_url: str) -> SearchPort:
    from adapters.search.brave import BraveSearch

    return BraveSearch(client, keys, base_url)


def searxng_search(client: httpx.AsyncClient, base_url: str) -> SearchPort:
    from adapters.search.searxng import SearxngSearch

    return SearxngSearch(client, base_url)


def duckduckgo_search(client: httpx.AsyncClient, base_url: str) -> SearchPort:
    from adapters.search.duckduckgo import DuckDuckGoLiteSearch

    return DuckDuckGoLiteSearch(client, base_url)


def perplexity_search(client: httpx.AsyncClient, settings: Settings, keys: KeyPool) -> SearchPort:
    from adapters.search.perplexity import PerplexitySearch

    endpoint = _perplexity(settings)
    if endpoint is None:
        raise ConfigurationError("perplexity needs PERPLEXITY_API_KEY or OPENROUTER_API_KEY")
    return PerplexitySearch(client, keys, endpoint.base_url, endpoint.model)


def _perplexity(settings: Settings) -> PerplexityEndpoint | None:
    if settings.perplexity_api_key is None and settings.openrouter_api_key is None:
        return None  # as perplexity_endpoint answers, without importing the adapter
    from adapters.search.perplexity import perplexity_endpoint

    return perplexity_endpoint(
        settings.perplexity_api_key.get_secret_value() if settings.perplexity_api_key else None,
        settings.openrouter_api_key.get_secret_value() if settings.openrouter_api_key else None,
        settings.perplexity_base_url,
        settings.sonar_model(),
    )


def build_key_pools(settings: Settings, clock: Clock, shared: BreakerStatePort | None) -> dict[str, KeyPool]:
    """Each keyed provider's pool (its comma-separated keys), whether or not it is in the chain."""
    from adapters.search.key_pool import KeyPool

    keys = {name: settings.keys(f"{name}_api_key") for name in ("serper", "tavily", "brave")}
    endpoint = _perplexity(settings)
    keys["perplexity"] = list(endpoint.pool) if endpoint else []
    return {name: KeyPool(name, pool, clock, shared=shared) for name, pool in keys.items() if pool}
