"""Building the site resolvers from settings: the ones enabled, in the order they are asked."""

from __future__ import annotations

from adapters.sites.api_calls import GuardedCaller
from adapters.sites.arxiv import ArxivResolver
from adapters.sites.github import GithubResolver
from adapters.sites.stackexchange import StackExchangeResolver
from adapters.sites.wikipedia import WikipediaResolver
from domain.ports import PageExtractionPort, SiteResolverPort
from entrypoints.settings import Settings


def site_resolvers(
    settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort
) -> list[SiteResolverPort]:
    """Every call a resolver makes goes through ``fetcher``: the pages' address guard, caps and deadline."""
    built: dict[str, SiteResolverPort] = {
        "stackexchange": StackExchangeResolver(
            fetcher, key=settings.stackexchange_key, base_url=settings.stackexchange_api_url
        ),
        "github": GithubResolver(
            fetcher, token=settings.github_token, api_url=settings.github_api_url, raw_url=settings.github_raw_url
        ),
        "wikipedia": WikipediaResolver(fetcher, api_url=settings.wikipedia_api_url),
        "arxiv": ArxivResolver(fetcher, extraction, api_url=settings.arxiv_api_url, site_url=settings.arxiv_site_url),
    }
    return [built[name] for name in settings.enabled_sites()]
