"""The composition root: builds every object from settings, at start-up, nowhere else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from dependency_injector import containers, providers

from adapters.clock import SystemClock
from adapters.search.serper import SerperSearch
from adapters.search.tavily import TavilySearch
from application.provider_chain import ProviderChain
from application.provider_health import ProviderHealth
from application.web_search import WebSearch
from domain.ports import SearchPort
from domain.redaction import Redactor
from entrypoints import provider_catalog
from entrypoints.settings import Settings


def open_client(opened: list[httpx.AsyncClient], **options: Any) -> httpx.AsyncClient:
    """An AsyncClient that the server's lifespan will close (see ``close_clients``)."""
    client = httpx.AsyncClient(**options)
    opened.append(client)
    return client


async def close_clients(opened: list[httpx.AsyncClient]) -> None:
    while opened:
        await opened.pop().aclose()


def select_ports(settings: Settings, **factories: Callable[[], SearchPort]) -> list[SearchPort]:
    """Instantiate only the providers the environment configures, in chain order."""
    return [factories[name]() for name in provider_catalog.chain_names(settings)]


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    clock = providers.Singleton(SystemClock)
    redactor = providers.Singleton(lambda s: Redactor(s.secret_values()), settings)
    opened_clients: providers.Singleton[list[httpx.AsyncClient]] = providers.Singleton(list)
    # One client for every provider call: connection pooling across calls and providers.
    # The per-attempt bound is enforced by the chain; this timeout is the transport's backstop.
    http_client = providers.Singleton(
        open_client,
        opened_clients,
        timeout=settings.provided.timeout_seconds,
        headers={"User-Agent": "searchrelay/0.1 (+MCP web search)"},
    )

    serper = providers.Singleton(
        SerperSearch,
        client=http_client,
        api_key=settings.provided.serper_api_key,
        base_url=settings.provided.serper_base_url,
    )
    tavily = providers.Singleton(
        TavilySearch,
        client=http_client,
        api_key=settings.provided.tavily_api_key,
        base_url=settings.provided.tavily_base_url,
    )
    search_ports = providers.Singleton(select_ports, settings, serper=serper.provider, tavily=tavily.provider)

    health = providers.Singleton(ProviderHealth, clock)
    chain = providers.Singleton(
        ProviderChain,
        search_ports,
        clock=clock,
        redactor=redactor,
        health=health,
        attempt_timeout=settings.provided.timeout_seconds,
        deadline=settings.provided.deadline_seconds,
    )
    web_search = providers.Singleton(
        WebSearch, chain, clock=clock, no_provider_message=provider_catalog.no_provider_message()
    )


def build_container(settings: Settings) -> Container:
    return Container(settings=providers.Object(settings))
