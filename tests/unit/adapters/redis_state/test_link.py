"""The link: one warning when Redis goes, quiet while it is away, back by itself when it returns."""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.asyncio import Redis

from adapters.redis.link import RedisLink, RedisUnavailable
from tests.support.redis_server import RedisServer
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio


async def test_a_command_reaches_redis(link: RedisLink) -> None:
    await link.run(lambda c: c.set("k", b"v"))
    assert await link.run(lambda c: c.get("k")) == b"v"
    assert link.up


async def test_redis_going_away_warns_once_then_stays_quiet_and_comes_back_by_itself(
    link: RedisLink, redis_server: RedisServer, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    await link.run(lambda c: c.ping())
    redis_server.kill()
    caplog.set_level(logging.INFO, logger="adapters.redis.link")
    for _ in range(5):
        with pytest.raises(RedisUnavailable):
            await link.run(lambda c: c.ping())
        clock.advance(0.5)  # past the quiet period every other call: each of those really tries
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "local state" in warnings[0].getMessage()
    assert redis_server.url not in caplog.text
    assert not link.up

    redis_server.start()
    with pytest.raises(RedisUnavailable):  # still within the quiet period: not even tried
        await link.run(lambda c: c.ping())
    clock.advance(1.0)
    assert await link.run(lambda c: c.ping()) is True
    assert link.up
    assert any("reachable again" in r.getMessage() for r in caplog.records)


async def test_a_ping_asks_redis_even_within_the_quiet_period(link: RedisLink, redis_server: RedisServer) -> None:
    redis_server.kill()
    assert await link.ping() is False
    redis_server.start()
    assert await link.ping() is True
    assert link.up


async def test_a_command_sent_before_redis_went_away_does_not_mark_it_back(link: RedisLink) -> None:
    answered = asyncio.Event()

    async def sent_earlier(_: Redis) -> str:
        await answered.wait()
        return "ok"

    async def fails_now(_: Redis) -> None:
        raise ConnectionError("reset")

    earlier = asyncio.create_task(link.run(sent_earlier))
    await asyncio.sleep(0)
    with pytest.raises(RedisUnavailable):
        await link.run(fails_now)
    answered.set()
    assert await earlier == "ok"
    assert not link.up
