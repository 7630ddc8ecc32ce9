from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from adapters.redis.link import RedisLink, redis_client
from tests.support.redis_server import RedisServer
from tests.unit.clock_fake import FakeClock

# Generous: a loaded 2-core machine once took over 0.5 s to answer 50 calls at once; nothing here measures speed.
TIMEOUT = 5.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def link(redis_server: RedisServer, clock: FakeClock) -> AsyncIterator[RedisLink]:
    made = RedisLink(redis_client(redis_server.url, TIMEOUT), clock=clock, timeout_seconds=TIMEOUT)
    yield made
    await made.aclose()
