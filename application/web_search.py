"""The web_search use case: the answer (cached, or from the provider chain), then, if asked, the pages.

Answers and pages are cached apart. The answer cache holds what the providers said, without
pages, keyed by everything that changes it (not by whether pages were asked for); pages are
read through the page reader, which keeps only pages that were read. So a page that failed is
tried again on the next call instead of being served as "unavailable" for the answer's TTL, and
a search asked again with full pages reuses the answer and fetches only what is missing.

Domain filters are enforced here, on every answer, wherever it came from: a provider that sent
them natively, one that read its ``site:`` operators loosely, the cache or another replica's
entry. No result under an excluded domain (or outside the included ones) ever leaves this use case.
"""

from __future__ import annotations

from collections.abc import Sequence

from application.provider_chain import ProviderChain
from application.read_pages import PageProgress, PageReader
from application.replica_flight import ReplicaFlight
from application.single_flight import SingleFlight
from domain.cache_key import cache_key
from domain.errors import ConfigurationError, PageUnavailable
from domain.models import SearchOutcome, SearchRequest, WebSearchResult
from domain.ports import CachePort, Clock, FlightLockPort


class WebSearch:
    def __init__(
        self,
        chain: ProviderChain,
        *,
        clock: Clock,
        no_provider_message: str,
        cache: CachePort[SearchOutcome],
        pages: PageReader,
        deadline: float,
        replica_lock: FlightLockPort | None = None,
    ) -> None:
        self._chain = chain
        self._clock = clock
        self._no_provider_message = no_provider_message
        self._cache = cache
        self._pages = pages
        self._deadline = deadline
        self._flights: SingleFlight[SearchOutcome] = SingleFlight()
        # With replicas sharing a cache, identical searches on different replicas share one call too.
        self._replicas = (
            None if replica_lock is None else ReplicaFlight(replica_lock, cache, clock, wait_seconds=deadline)
        )

    async def run(self, request: SearchRequest, progress: PageProgress | None = None) -> SearchOutcome:
        if not self._chain.names:
            raise ConfigurationError(self._no_provider_message)
        started = self._clock.monotonic()
        key = cache_key(request)
        outcome = await self._cache.get(key)
        if outcome is not None:
            outcome = outcome.model_copy(update={"cached": True})
        else:
            # Concurrent identical searches share one upstream call (pages are shared per URL).
            outcome = await self._flights.run(key, lambda: self._search_once(request, key, started))
        outcome = _enforce_domains(request, outcome)
        if request.return_full_pages and outcome.results:
            remaining = self._deadline - (self._clock.monotonic() - started)
            pages = await self._with_pages(outcome.results, remaining, progress)
            outcome = outcome.model_copy(update={"results": pages})
        return outcome.model_copy(update={"took_ms": self._elapsed_ms(started)})

    async def _search_once(self, request: SearchRequest, key: str, started: float) -> SearchOutcome:
        if self._replicas is None:
            return await self._search(request, key, started)
        outcome, cached = await self._replicas.run(key, lambda: self._search(request, key, started))
        return outcome.model_copy(update={"cached": True}) if cached else outcome

    async def _search(self, request: SearchRequest, key: str, started: float) -> SearchOutcome:
        found = await self._chain.search(request)
        outcome = SearchOutcome(
            query=request.query,
            provider=found.provider,
            results=tuple(found.answer.results),
            answer=found.answer.answer,
            attempts=tuple(found.attempts),
            took_ms=self._elapsed_ms(started),
        )
        outcome = _enforce_domains(request, outcome)
        outcome = outcome.model_copy(update={"results": outcome.results[: request.num_results]})
        await self._cache.set(key, outcome)
        return outcome

    async def _with_pages(
        self, results: Sequence[WebSearchResult], budget: float, progress: PageProgress | None
    ) -> tuple[WebSearchResult, ...]:
        pages = await self._pages.read_many([r.link for r in results], budget_seconds=budget, progress=progress)
        enriched = []
        for result, page in zip(results, pages, strict=True):
            update: dict[str, str | None]
            if isinstance(page, PageUnavailable):
                update = {"page_content": f"[Page content unavailable: {page.reason}]"}
            else:
                # Whole: how much of it the answer has room for is the face's to decide (application/fit_pages.py).
                cap = "The page was larger than the download cap; its end is missing." if page.truncated else None
                update = {
                    "page_content": page.markdown,
                    "page_note": " ".join(n for n in (page.note, cap) if n) or None,
                }
            enriched.append(result.model_copy(update=update))
        return tuple(enriched)

    def _elapsed_ms(self, started: float) -> float:
        return round((self._clock.monotonic() - started) * 1000, 1)


def _enforce_domains(request: SearchRequest, outcome: SearchOutcome) -> SearchOutcome:
    """The outcome without results outside the request's domain filters, counting those left out."""
    kept = tuple(result for result in outcome.results if request.admits(result.link))
    if len(kept) == len(outcome.results):
        return outcome
    left_out = outcome.outside_domains + len(outcome.results) - len(kept)
    return outcome.model_copy(update={"results": kept, "outside_domains": left_out})
