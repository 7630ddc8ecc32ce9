"""Building the real container and MCP server for tests, pointed at fakes."""

from __future__ import annotations

from typing import Any

from dependency_injector import providers

from entrypoints.container import Container, build_container
from entrypoints.settings import Settings
from tests.support.fake_ports import FakeSearch

SERPER_KEY = "serper-KEY-7f3a9c1e5b2d4f6a"
TAVILY_KEY = "tvly-KEY-0d9e8c7b6a5f4e3d"


def settings(**env: Any) -> Settings:
    """Settings from explicit values only: the test's own environment and .env files are never read."""
    return Settings.from_values(env)


def container_with(env: dict[str, Any], **fakes: FakeSearch) -> Container:
    container = build_container(settings(**env))
    for name, fake in fakes.items():
        getattr(container, name).override(providers.Object(fake))
    return container
