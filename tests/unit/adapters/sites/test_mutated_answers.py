"""Site readers on API answers mangled at random: each is read or refused by name, never a crash.

A reader that raises anything but ``SiteUnavailable`` or ``PageUnavailable`` costs the page its
site's reading (application/site_reading.py falls back to the page as fetched and logs "failed
unexpectedly"), silently for the agent. Each answer here is a recorded fixture with keys dropped
and values swapped for any JSON type (nulls, numbers where strings go, Infinity, control
characters, lone surrogates, markup, long strings).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.sites.discourse import DiscourseResolver
from adapters.sites.github import GithubResolver
from adapters.sites.gitlab import GitlabResolver
from adapters.sites.hackernews import HackerNewsResolver
from adapters.sites.reddit import RedditResolver
from adapters.sites.stackexchange import StackExchangeResolver
from adapters.sites.wikipedia import WikipediaResolver
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage
from tests.support.site_apis import SiteRouter, fixture, routed_fetcher
from tests.unit.adapters.sites.test_discourse_resolver import FORUM, shell

pytestmark = pytest.mark.anyio

_ODD: list[Any] = [None, 0, -1, float("inf"), "", "x", "\x0c\x01\ud800", "<p>a\x0bb</p>", [], {}, True, "9" * 30,
                   "<script>x()</script>", "a" * 5_000, "<h1>" * 200, "2024-99-99T00:00:00Z"]  # fmt: skip


def _mangled(value: Any, rng: random.Random, rate: float) -> Any:
    if isinstance(value, dict):
        kept = {key: item for key, item in value.items() if rng.random() >= rate * 0.3}
        return {key: _swapped(item, rng, rate) for key, item in kept.items()}
    if isinstance(value, list):
        return [_mangled(item, rng, rate) for item in value if rng.random() >= rate * 0.2]
    return value


def _swapped(value: Any, rng: random.Random, rate: float) -> Any:
    return rng.choice(_ODD) if rng.random() < rate else _mangled(value, rng, rate)


def _answer(name: str, rng: random.Random, rate: float) -> httpx.Response:
    return _json(_mangled(fixture(name), rng, rate))


def _json(data: Any) -> httpx.Response:
    # json.dumps writes a lone surrogate as an escape and infinity as Infinity, as a careless API might.
    return httpx.Response(200, content=json.dumps(data).encode(), headers={"content-type": "application/json"})


Reader = Callable[[random.Random, float], Any]
_REPO = "/repos/encode/httpx"
_SE = "api.stackexchange.com"


def _stackexchange(rng: random.Random, rate: float) -> Any:
    router = (
        SiteRouter()
        .add(_SE, "/2.3/questions/4242", _answer("se_question", rng, rate))
        .add(_SE, "/2.3/questions/4242/answers", _answer("se_answers", rng, rate))
        .add(_SE, "/2.3/posts/4242;4301;4300;4302;4303/comments", _answer("se_comments", rng, rate))
    )
    return StackExchangeResolver(routed_fetcher(router)).read("https://stackoverflow.com/questions/4242/a")


def _hackernews(rng: random.Random, rate: float) -> Any:
    router = SiteRouter().add("hn.algolia.com", "/api/v1/items/38000001", _answer("hn_item", rng, rate))
    return HackerNewsResolver(routed_fetcher(router)).read("https://news.ycombinator.com/item?id=38000001")


def _reddit(rng: random.Random, rate: float) -> Any:
    path = "/r/Python/comments/1d5xyz/is_asyncio_worth_it"
    router = SiteRouter().add("www.reddit.com", path + ".json", _answer("reddit_thread", rng, rate))
    return RedditResolver(routed_fetcher(router)).read(f"https://www.reddit.com{path}/")


def _github(rng: random.Random, rate: float) -> Any:
    router = (
        SiteRouter()
        .add("api.github.com", f"{_REPO}/issues/77", _answer("gh_issue", rng, rate))
        .add("api.github.com", f"{_REPO}/issues/77/comments", _answer("gh_issue_comments", rng, rate))
    )
    return GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/issues/77")


def _wikipedia(rng: random.Random, rate: float) -> Any:
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", _answer("wiki_article", rng, rate))
    return WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/Python")


def _gitlab(rng: random.Random, rate: float) -> Any:
    api = "/api/v4/projects/wayland/compositors/weston/issues/4242"
    notes = [{"id": 5001, "body": "A comment.", "author": {"username": "dev"}, "created_at": "2025-03-03T09:00:00Z"}]
    router = (
        SiteRouter()
        .add("gitlab.com", api, _answer("gl_issue", rng, rate))
        .add("gitlab.com", f"{api}/notes", _json(_mangled(notes, rng, rate)))
    )
    return GitlabResolver(routed_fetcher(router)).read("https://gitlab.com/wayland/compositors/weston/-/issues/4242")


def _discourse(rng: random.Random, rate: float) -> Any:
    router = SiteRouter().add(FORUM, "/t/68911.json", _answer("discourse_topic", rng, rate))
    return DiscourseResolver(routed_fetcher(router)).read_page(shell())


@pytest.mark.parametrize(
    "read",
    [_stackexchange, _hackernews, _reddit, _github, _gitlab, _wikipedia, _discourse],
    ids=["stackexchange", "hackernews", "reddit", "github", "gitlab", "wikipedia", "discourse"],
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rate=st.sampled_from([0.0, 0.05, 0.15, 0.4]))
async def test_a_mangled_answer_is_read_or_refused_by_name(read: Reader, seed: int, rate: float) -> None:
    try:
        page = await read(random.Random(seed), rate)
    except (SiteUnavailable, PageUnavailable):
        assert rate > 0.0, "the answer as recorded must read"
        return
    assert isinstance(page, ResolvedPage)
    assert page.markdown.strip() or rate > 0.0
