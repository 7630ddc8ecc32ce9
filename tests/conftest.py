from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.fake_provider import FakeProvider


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
