from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from adapters.redis.link import RedisLink, redis_client
from tests.support.redis_server import RedisServer
from tests.unit.clock_fake import FakeClock

TIMEOUT = 0.5  # generous: the machine is shared; nothing here measures speed


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def link(redis_server: RedisServer, clock: FakeClock) -> AsyncIterator[RedisLink]:
    made = RedisLink(redis_client(redis_server.url, TIMEOUT), clock=clock, timeout_seconds=TIMEOUT)
    yield made
    await made.aclose()
