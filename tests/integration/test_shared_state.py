"""The real container with SEARCHRELAY_REDIS_URL: two containers (two replicas) over one real Redis."""

from __future__ import annotations

import pytest

from domain.models import SearchRequest
from entrypoints import shared_state
from entrypoints.container import build_container, running
from tests.support.fake_ports import FixedLimiter
from tests.support.fake_provider import FakeProvider, serper_reply
from tests.support.redis_server import RedisServer
from tests.support.servers import SERPER_KEY, settings

pytestmark = pytest.mark.anyio


def env(serper: FakeProvider, redis: RedisServer | None) -> dict[str, object]:
    values: dict[str, object] = {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": serper.url}
    if redis is not None:
        values |= {"SEARCHRELAY_REDIS_URL": redis.url, "SEARCHRELAY_REDIS_TIMEOUT_SECONDS": 1.0}
    return values


async def test_an_answer_found_through_one_replica_is_a_cached_answer_on_the_other(
    fake_serper: FakeProvider, redis_server: RedisServer
) -> None:
    fake_serper.answer(serper_reply(2))
    request = SearchRequest(query="shared between replicas", num_results=2)
    async with running(build_container(settings(**env(fake_serper, redis_server)))) as first:
        fresh = await first.web_search.run(request)
    async with running(build_container(settings(**env(fake_serper, redis_server)))) as second:
        again = await second.web_search.run(request)
    assert fake_serper.count == 1
    assert not fresh.cached and again.cached
    assert again.results == fresh.results


async def test_readiness_asks_redis_when_it_is_configured(fake_serper: FakeProvider, redis_server: RedisServer) -> None:
    async with running(build_container(settings(**env(fake_serper, redis_server)))) as services:
        (probe,) = services.readiness
        assert probe.name == "redis"
        assert await probe.check() is None
        redis_server.kill()
        reason = await probe.check()
    assert reason is not None and "redis unreachable" in reason
    assert redis_server.url not in reason


async def test_without_a_redis_url_there_is_nothing_more_to_be_ready_for(fake_serper: FakeProvider) -> None:
    async with running(build_container(settings(**env(fake_serper, None)))) as services:
        assert services.readiness == ()


async def test_the_rate_limit_is_shared_through_redis_when_it_is_configured(
    fake_serper: FakeProvider, redis_server: RedisServer
) -> None:
    container = build_container(settings(**env(fake_serper, redis_server)))
    local = FixedLimiter(None)
    first = shared_state.rate_limiter(container.redis(), rate=0.01, burst=1, local=local)
    second = shared_state.rate_limiter(container.redis(), rate=0.01, burst=1, local=local)
    assert await first.acquire("caller") is None
    assert await second.acquire("caller") is not None
    assert local.callers == []
    assert shared_state.rate_limiter(None, rate=1, burst=1, local=local) is local
    link = container.redis()
    assert link is not None
    await link.aclose()
