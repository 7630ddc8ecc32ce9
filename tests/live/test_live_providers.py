"""Against the real APIs: only with RUN_LIVE_TESTS=1 and the provider's key in the environment."""

from __future__ import annotations

import os

import pytest

from domain.filters import Topic
from domain.models import SearchRequest
from entrypoints.configuration import load
from entrypoints.container import build_container, running
from entrypoints.settings import Settings
from tests.support.planned import search

pytestmark = [pytest.mark.anyio, pytest.mark.live]

LIVE = os.environ.get("RUN_LIVE_TESTS") == "1"
PROVIDERS = {
    "serper": "SERPER_API_KEY",
    "tavily": "TAVILY_API_KEY",
    "brave": "BRAVE_API_KEY",
    "perplexity": "PERPLEXITY_API_KEY",
    "searxng": "SEARXNG_URL",
}


def only(name: str, variable: str) -> Settings:
    """The real environment's settings (on purpose) with this provider alone; skips unless live and configured."""
    if not LIVE:
        pytest.skip("live tests run only with RUN_LIVE_TESTS=1")
    if not os.environ.get(variable, "").strip():
        pytest.skip(f"{variable} is not set")
    return load().settings.model_copy(update={"providers": name})


@pytest.mark.parametrize(("name", "variable"), PROVIDERS.items())
async def test_the_real_provider_answers_a_plain_query(name: str, variable: str) -> None:
    container = build_container(only(name, variable))
    async with running(container):
        (port,) = await container.search_ports()
        answer = await search(port, SearchRequest(query="python programming language", num_results=3))
    assert answer.results
    assert all(r.link.startswith("http") for r in answer.results)


NEWS_PROVIDERS = {name: variable for name, variable in PROVIDERS.items() if name != "perplexity"}


@pytest.mark.parametrize(("name", "variable"), NEWS_PROVIDERS.items())
async def test_the_real_provider_answers_news_with_dates_inside_the_domain_filters(name: str, variable: str) -> None:
    settings = only(name, variable)
    request = SearchRequest(
        query="technology", num_results=5, topic=Topic.NEWS, exclude_domains=("wikipedia.org",), ui_lang="en-US"
    )
    async with running(build_container(settings)) as services:
        outcome = await services.web_search.run(request)
    assert outcome.results
    assert all(request.admits(r.link) for r in outcome.results)
    if name != "searxng":  # the engines behind an instance may or may not give dates
        assert any(r.published for r in outcome.results)


async def test_the_real_page_fetcher_reads_a_public_page() -> None:
    if not LIVE:
        pytest.skip("live tests run only with RUN_LIVE_TESTS=1")
    async with running(build_container(load().settings)) as services:
        page = await services.fetch_page.run("https://www.python.org/", max_bytes=20000)
    assert "Python" in page.window.text
