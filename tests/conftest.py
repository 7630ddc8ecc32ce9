from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.fake_provider import FakeProvider
from tests.support.redis_server import RedisServer


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def fake_serper() -> Iterator[FakeProvider]:
    provider = FakeProvider().start()
    yield provider
    provider.stop()


@pytest.fixture
def fake_tavily() -> Iterator[FakeProvider]:
    provider = FakeProvider().start()
    yield provider
    provider.stop()


@pytest.fixture
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A real redis-server of this test's own (skipped, with the reason, only if it is not installed)."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.kill()
