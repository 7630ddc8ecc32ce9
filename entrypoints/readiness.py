"""The providers' readiness probe for ``GET /readyz`` (shared state brings its own: Services.readiness)."""

from __future__ import annotations

from application.provider_health import ProviderHealth
from domain.circuit_breaker import BreakerState
from entrypoints import provider_catalog
from entrypoints.settings import Settings


class ProviderReadiness:
    """Ready while a provider is configured and not every provider's circuit is open."""

    name = "providers"

    def __init__(self, settings: Settings, health: ProviderHealth) -> None:
        self._names = provider_catalog.chain_names(settings)
        self._health = health

    async def check(self) -> str | None:
        if not self._names:
            return "no search provider is configured"
        down = [name for name in self._names if self._health.status(name).circuit is BreakerState.OPEN]
        if len(down) == len(self._names):
            return f"every provider's circuit is open ({', '.join(down)})"
        return None
