"""The web_search use case: cache, then the provider chain, then (if asked) the pages."""

from __future__ import annotations

from application.provider_chain import ProviderChain
from domain.errors import ConfigurationError
from domain.models import SearchOutcome, SearchRequest
from domain.ports import Clock


class WebSearch:
    def __init__(self, chain: ProviderChain, *, clock: Clock, no_provider_message: str) -> None:
        self._chain = chain
        self._clock = clock
        self._no_provider_message = no_provider_message

    @property
    def chain(self) -> ProviderChain:
        return self._chain

    async def run(self, request: SearchRequest) -> SearchOutcome:
        if not self._chain.names:
            raise ConfigurationError(self._no_provider_message)
        started = self._clock.monotonic()
        found = await self._chain.search(request)
        return SearchOutcome(
            query=request.query,
            provider=found.provider,
            results=found.answer.results[: request.num_results],
            answer=found.answer.answer,
            attempts=found.attempts,
            took_ms=round((self._clock.monotonic() - started) * 1000, 1),
        )
