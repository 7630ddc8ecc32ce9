"""The composition root: builds every object from settings, at start-up, nowhere else."""

from __future__ import annotations

import inspect
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from dependency_injector import containers, providers

from adapters.cache.memory import MemoryCache
from adapters.clock import SystemClock
from adapters.pages.fetcher import SafePageFetcher
from adapters.ranking.bm25 import Bm25Ranker
from adapters.ratelimit.memory import MemoryRateLimiter
from application.chain_fanout import provider_chain
from application.fetch_page import FetchPage
from application.provider_health import HedgePolicy, ProviderHealth
from application.read_pages import PageReader, PageText
from application.web_search import WebSearch
from domain.circuit_breaker import BreakerPolicy
from domain.models import SearchOutcome
from domain.ports import CachePort, PassageRankerPort, ReadinessProbe, SearchPort
from domain.redaction import Redactor
from entrypoints import provider_catalog, search_adapters, shared_state
from entrypoints.page_adapters import browser_process, chromium_renderer, extraction_workers
from entrypoints.readiness import ProviderReadiness
from entrypoints.settings import Settings
from entrypoints.site_resolvers import archived_copies, page_resolvers, site_resolvers
from entrypoints.tls_preload import TlsPreload

USER_AGENT = "searchrelay/0.1 (+MCP web search)"
PAGE_CACHE_SECONDS = 600.0  # never longer than SEARCHRELAY_CACHE_TTL_SECONDS; 0 there disables it too
# What read pages may hold in memory together (a page may be as large as the download cap).
PAGE_CACHE_BYTES = 20_000_000


def page_text_bytes(page: PageText) -> int:
    return sys.getsizeof(page.markdown)


async def select_ports(settings: Settings, **factories: Callable[[], Any]) -> list[SearchPort]:
    """Instantiate only the providers in the chain, in chain order.

    A factory answers with an awaitable while its adapter depends on an HTTP client resource
    (dependency-injector's async mode), with the adapter itself when a test put a fake there.
    """
    return [await _settled(factories[name]()) for name in provider_catalog.chain_names(settings)]


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    clock = providers.Singleton(SystemClock)
    redactor = providers.Singleton(lambda s: Redactor(s.secret_values()), settings)

    # Resources: opened by ``running()`` before a face serves anything, closed by it afterwards
    # (an httpx.AsyncClient is an async context manager, so the container enters and exits it).
    # Anything else with a lifetime (the extraction workers below) is a Resource too.
    #
    # One client for every provider call: connection pooling across calls and providers.
    # The per-attempt bound is enforced by the chain; this timeout is the transport's backstop.
    #
    # Both clients share one TLS context: loading the CA bundle is most of what building a client
    # costs (about 50 ms each here), and start-up is what a desktop client waits on. It trusts
    # SSL_CERT_FILE / SSL_CERT_DIR when set (else certifi's bundle), for pages too.
    tls_context = providers.Singleton(httpx.create_ssl_context)
    http_client = providers.Resource(
        httpx.AsyncClient,
        verify=tls_context,
        timeout=settings.provided.timeout_seconds,
        headers={"User-Agent": USER_AGENT},
    )
    # Pages get their own client: no proxies from the environment (the fetcher pins vetted
    # addresses, which a proxy would bypass) and no automatic redirects (each hop is vetted).
    page_client = providers.Resource(
        httpx.AsyncClient,
        verify=tls_context,
        trust_env=False,
        follow_redirects=False,
        timeout=providers.Factory(httpx.Timeout, settings.provided.page_timeout_seconds, connect=5.0),
        limits=providers.Factory(httpx.Limits, max_connections=20, max_keepalive_connections=10),
    )

    # Shared state for replicas: None without SEARCHRELAY_REDIS_URL (see entrypoints/shared_state.py).
    redis = providers.Singleton(shared_state.redis_link, settings, clock)
    redis_connections = providers.Resource(shared_state.closing, redis)
    readiness = providers.Singleton(shared_state.readiness_probes, redis)

    # Cooldowns (and key rests) replicas share: None without SEARCHRELAY_REDIS_URL.
    breaker_store = providers.Singleton(shared_state.breaker_store, redis)
    # Every key a provider was given, and which of them rest or were rejected (key_pool.py).
    key_pools = providers.Singleton(search_adapters.build_key_pools, settings, clock, breaker_store)
    serper = providers.Singleton(
        search_adapters.serper_search, http_client, key_pools.provided["serper"], settings.provided.serper_base_url
    )
    tavily = providers.Singleton(
        search_adapters.tavily_search, http_client, key_pools.provided["tavily"], settings.provided.tavily_base_url
    )
    brave = providers.Singleton(
        search_adapters.brave_search, http_client, key_pools.provided["brave"], settings.provided.brave_base_url
    )
    searxng = providers.Singleton(search_adapters.searxng_search, http_client, settings.provided.searxng_url)
    perplexity = providers.Singleton(
        search_adapters.perplexity_search, http_client, settings, key_pools.provided["perplexity"]
    )
    duckduckgo = providers.Singleton(
        search_adapters.duckduckgo_search, http_client, settings.provided.duckduckgo_base_url
    )
    search_ports = providers.Singleton(
        select_ports,
        settings,
        serper=serper.provider,
        tavily=tavily.provider,
        brave=brave.provider,
        searxng=searxng.provider,
        perplexity=perplexity.provider,
        duckduckgo=duckduckgo.provider,
    )

    health = providers.Singleton(
        ProviderHealth,
        clock,
        breaker_policy=providers.Factory(
            BreakerPolicy,
            failure_threshold=settings.provided.breaker_failures,
            base_cooldown_seconds=settings.provided.breaker_cooldown_seconds,
            max_cooldown_seconds=settings.provided.breaker_max_cooldown_seconds,
        ),
        hedge_policy=providers.Factory(
            HedgePolicy,
            floor_seconds=settings.provided.hedge_min_seconds,
            cap_seconds=settings.provided.hedge_after_seconds,
        ),
        shared=breaker_store,
    )
    chain = providers.Singleton(
        provider_chain,
        search_ports,
        clock=clock,
        redactor=redactor,
        health=health,
        attempt_timeout=settings.provided.timeout_seconds,
        deadline=settings.provided.deadline_seconds,
        fanout=settings.provided.fanout,
    )
    cache: providers.Singleton[CachePort[SearchOutcome]] = providers.Singleton(
        shared_state.answer_cache, settings, clock, redis
    )

    # Read pages, kept briefly so web_fetch can page through one without fetching it again.
    page_cache: providers.Singleton[MemoryCache[PageText]] = providers.Singleton(
        MemoryCache,
        clock,
        ttl_seconds=providers.Callable(lambda s: min(s.cache_ttl_seconds, PAGE_CACHE_SECONDS), settings),
        max_entries=32,
        size_of=page_text_bytes,
        max_size=PAGE_CACHE_BYTES,
    )
    page_fetcher = providers.Singleton(
        SafePageFetcher,
        page_client,
        allow_private_networks=settings.provided.allow_private_networks,
        max_body_bytes=settings.provided.page_max_download_bytes,
        timeout_seconds=settings.provided.page_timeout_seconds,
    )
    extraction = providers.Resource(extraction_workers, settings)
    # Sites read through their APIs before any page fetch (docs/sites.md); none when turned off.
    resolvers = providers.Singleton(site_resolvers, settings, page_fetcher, extraction)
    # Forum software on any domain, recognised from the fetched page (Discourse); none when turned off.
    recognised_sites = providers.Singleton(page_resolvers, settings, page_fetcher, extraction)
    # A page its site withheld, read from the Wayback Machine's latest copy; None when turned off.
    archive = providers.Singleton(archived_copies, settings, page_fetcher, extraction)
    # JavaScript shells: rendered in Chromium, every request it makes answered by page_fetcher (so
    # through the same SSRF guard); None when SEARCHRELAY_BROWSER=off.
    browser = providers.Resource(browser_process, settings)
    page_renderer = providers.Singleton(chromium_renderer, browser, page_fetcher, settings)
    page_reader = providers.Singleton(
        PageReader,
        page_fetcher,
        extraction,
        page_timeout=settings.provided.page_timeout_seconds,
        concurrency=settings.provided.page_concurrency,
        cache=page_cache,
        resolvers=resolvers,
        page_resolvers=recognised_sites,
        renderer=page_renderer,
        archive=archive,
    )
    ranker = providers.Singleton(Bm25Ranker)
    fetch_page = providers.Singleton(FetchPage, page_reader, deadline=settings.provided.deadline_seconds, ranker=ranker)

    web_search = providers.Singleton(
        WebSearch,
        chain,
        clock=clock,
        no_provider_message=provider_catalog.no_provider_message(),
        cache=cache,
        pages=page_reader,
        deadline=settings.provided.deadline_seconds,
        replica_lock=providers.Singleton(shared_state.answer_lock, settings, redis),
    )

    # The HTTP face's per-caller limit (token bucket): this replica's buckets, or Redis's shared
    # ones in front of them (entrypoints/shared_state.py).
    rate_limiter = providers.Singleton(
        shared_state.rate_limiter,
        redis,
        rate=settings.provided.http_rate_per_second,
        burst=settings.provided.http_rate_burst,
        local=providers.Singleton(
            MemoryRateLimiter,
            clock,
            rate=settings.provided.http_rate_per_second,
            burst=settings.provided.http_rate_burst,
        ),
    )
    # /readyz: the providers; Services.readiness adds what shared state needs (Redis).
    provider_readiness = providers.Singleton(ProviderReadiness, settings, health)


def build_container(settings: Settings, *, tls: TlsPreload | None = None) -> Container:
    """``tls``: a TLS context already loading (``entrypoints.main`` starts it before the settings and imports)."""
    container = Container(settings=providers.Object(settings))
    if tls is not None:
        container.tls_context.override(providers.Singleton(tls.context))
    return container


@dataclass(frozen=True)
class Services:
    """The use cases a face calls, built from a running container."""

    web_search: WebSearch
    fetch_page: FetchPage
    ranker: PassageRankerPort  # cuts pages to the passages that answer the query
    max_chars: int  # the default character budget of an answer (SEARCHRELAY_MAX_CHARS)
    # What a readiness check asks besides the providers (Redis when configured); each says None when ready.
    readiness: tuple[ReadinessProbe, ...] = ()


@asynccontextmanager
async def running(container: Container) -> AsyncIterator[Services]:
    """Open the container's resources, hand out the use cases, and close every resource at the end.

    Because the HTTP clients are async resources, every provider that depends on them answers with
    an awaitable (dependency-injector's async mode); one that a test overrode with a plain object
    answers with the object itself. Both are resolved here, once, so no face deals with either.
    Resources are opened before anything that uses them is built, and closed after the face is done.
    """
    await _settled(container.init_resources())
    try:
        yield Services(
            web_search=await _settled(container.web_search()),
            fetch_page=await _settled(container.fetch_page()),
            ranker=await _settled(container.ranker()),
            max_chars=container.settings().max_chars,
            readiness=await _settled(container.readiness()),
        )
    finally:
        await _settled(container.shutdown_resources())
        # The closed clients must not be handed out again if the container is started anew.
        container.reset_singletons()


async def _settled(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value
