"""The real container with SEARCHRELAY_REDIS_URL: two containers (two replicas) over one real Redis."""

from __future__ import annotations

import pytest

from domain.models import SearchRequest
from entrypoints import shared_state
from entrypoints.container import build_container, running
from tests.support.fake_ports import FixedLimiter
from tests.support.fake_provider import FakeProvider, json_reply, serper_reply
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


async def test_a_key_resting_on_one_replica_rests_on_the_other_through_redis(
    fake_serper: FakeProvider, redis_server: RedisServer
) -> None:
    keys = ("serper-SHARED-one-0a1b2c3d", "serper-SHARED-two-4e5f6a7b")
    fake_serper.answer(serper_reply(1))
    fake_serper.then(json_reply(429, {"message": "Too many requests"}, headers=(("Retry-After", "120"),)))
    values = env(fake_serper, redis_server) | {"SERPER_API_KEY": ",".join(keys), "SEARCHRELAY_CACHE_TTL_SECONDS": 0}
    async with running(build_container(settings(**values))) as first:
        await first.web_search.run(SearchRequest(query="first replica", num_results=1))
    async with running(build_container(settings(**values))) as second:
        await second.web_search.run(SearchRequest(query="second replica", num_results=1))
    sent = [keys.index(r.headers["x-api-key"]) + 1 for r in fake_serper.requests]
    assert sent == [1, 2, 2]  # the second replica never tried key #1: it rests there too
    link = build_container(settings(**values)).redis()
    assert link is not None
    stored = await link.run(lambda client: client.keys("searchrelay:cooldown:key:serper:*"))
    await link.aclose()
    assert len(stored) == 1 and not any(key.encode() in name for name in stored for key in keys)
