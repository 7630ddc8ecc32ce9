"""The provider chain as a specification table: one row per scenario, three or four providers.

Each row reads: the chain in order (each provider with its scripted outcome and the filters it
honours), the request's filters, then what must happen - who answers (or the exact error
lines), the attempts as the caller sees them, and which providers were actually called.

Attempts are written "provider outcome", plus ": reason" for skips. Fakes answer at once, so a
row describes the decision table and the chain's bookkeeping only. Every row runs twice: with
hedging off (each attempt is awaited alone, the fast path) and with hedging on but never due
(attempts race as tasks): both must tell the same story.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from adapters.clock import SystemClock
from application.provider_chain import ChainAnswer, ProviderChain
from application.provider_health import HedgePolicy, ProviderHealth
from domain.errors import FailureKind as K
from domain.filters import Filter, Freshness
from domain.models import SearchFailed, SearchRequest
from domain.redaction import Redactor
from tests.support.fake_ports import ALL_FILTERS, FakeSearch, Step, fail, ok

pytestmark = pytest.mark.anyio

PERIODS_ONLY = frozenset({Filter.FRESHNESS})
NO_FILTERS: frozenset[Filter] = frozenset()


@dataclass(frozen=True)
class P:
    """One provider in a row's chain: its name, what it does when called, the filters it honours."""

    name: str
    does: Step | None = None  # None: answers with 3 results
    honours: frozenset[Filter] = ALL_FILTERS
    refuses: str | None = None  # its plan refuses the request's filter values, with this reason

    def fake(self) -> FakeSearch:
        script = () if self.does is None else (self.does,)
        return FakeSearch(self.name, *script, capabilities=self.honours, refuses=self.refuses)


def answers(count: int = 3) -> Step:
    return ok(count, "answer")


def fails(name: str, kind: K, detail: str) -> Step:
    return fail(name, kind, detail)


@dataclass(frozen=True)
class Row:
    chain: tuple[P, ...]
    attempts: tuple[str, ...]
    called: tuple[str, ...]
    answered_by: str | None = None
    results: int = 3  # how many results the answer carries (when there is one)
    error: tuple[str, ...] = ()  # the exact lines of the SearchFailed message
    error_kind: K | None = None
    error_provider: str | None = None
    filters: Mapping[str, str] = field(default_factory=dict)


def row(description: str, **fields: object) -> object:
    return pytest.param(Row(**fields), id=description)  # type: ignore[arg-type]


TABLE = [
    # --- order -------------------------------------------------------------------------------------
    row(
        "the first provider answers and nobody else is called",
        chain=(P("serper", answers()), P("tavily"), P("brave")),
        answered_by="serper",
        attempts=("serper ok",),
        called=("serper",),
    ),
    row(
        "the chain order is the configured order, not the catalog or alphabetical order",
        chain=(P("brave", answers()), P("serper"), P("tavily")),
        answered_by="brave",
        attempts=("brave ok",),
        called=("brave",),
    ),
    # --- fallbacks ---------------------------------------------------------------------------------
    row(
        "a server error on the first falls back to the second",
        chain=(P("serper", fails("serper", K.SERVER_ERROR, "HTTP 500")), P("tavily", answers()), P("brave")),
        answered_by="tavily",
        attempts=("serper server_error", "tavily ok"),
        called=("serper", "tavily"),
    ),
    row(
        "fallback through three providers: 500, then 429, then the third answers",
        chain=(
            P("serper", fails("serper", K.SERVER_ERROR, "HTTP 500")),
            P("brave", fails("brave", K.RATE_LIMITED, "HTTP 429")),
            P("searxng", answers()),
        ),
        answered_by="searxng",
        attempts=("serper server_error", "brave rate_limited", "searxng ok"),
        called=("serper", "brave", "searxng"),
    ),
    row(
        "fallback through four providers: timeout, quota, network, then the fourth answers",
        chain=(
            P("serper", fails("serper", K.TIMEOUT, "no answer within 5 s")),
            P("tavily", fails("tavily", K.QUOTA_EXHAUSTED, "HTTP 432")),
            P("brave", fails("brave", K.NETWORK, "could not connect")),
            P("perplexity", answers(2)),
        ),
        answered_by="perplexity",
        results=2,
        attempts=("serper timeout", "tavily quota_exhausted", "brave network", "perplexity ok"),
        called=("serper", "tavily", "brave", "perplexity"),
    ),
    row(
        "blocked and malformed answers are transient too",
        chain=(
            P("duckduckgo", fails("duckduckgo", K.BLOCKED, "bot challenge")),
            P("searxng", fails("searxng", K.MALFORMED, "the answer was not JSON")),
            P("brave", answers()),
        ),
        answered_by="brave",
        attempts=("duckduckgo blocked", "searxng malformed", "brave ok"),
        called=("duckduckgo", "searxng", "brave"),
    ),
    # --- stops -------------------------------------------------------------------------------------
    row(
        "an auth failure on the first stops the chain",
        chain=(P("serper", fails("serper", K.AUTH, "HTTP 403: Unauthorized.")), P("tavily"), P("brave")),
        error=("serper failed: HTTP 403: Unauthorized. (auth).",),
        error_kind=K.AUTH,
        error_provider="serper",
        attempts=("serper auth",),
        called=("serper",),
    ),
    row(
        "a bad request in the middle stops the chain and the first error leads the message",
        chain=(
            P("serper", fails("serper", K.SERVER_ERROR, "HTTP 502")),
            P("tavily", fails("tavily", K.BAD_REQUEST, "HTTP 400: query too long")),
            P("brave"),
        ),
        error=(
            "serper failed: HTTP 502 (server_error).",
            "Fallback tavily also failed: HTTP 400: query too long (bad_request).",
        ),
        error_kind=K.SERVER_ERROR,
        error_provider="serper",
        attempts=("serper server_error", "tavily bad_request"),
        called=("serper", "tavily"),
    ),
    row(
        "an auth failure on the last provider ends the chain with every failure listed",
        chain=(
            P("serper", fails("serper", K.SERVER_ERROR, "HTTP 500")),
            P("tavily", fails("tavily", K.RATE_LIMITED, "HTTP 429")),
            P("brave", fails("brave", K.AUTH, "HTTP 401: SUBSCRIPTION_TOKEN_INVALID")),
        ),
        error=(
            "serper failed: HTTP 500 (server_error).",
            "Fallback tavily also failed: HTTP 429 (rate_limited).",
            "Fallback brave also failed: HTTP 401: SUBSCRIPTION_TOKEN_INVALID (auth).",
        ),
        error_kind=K.SERVER_ERROR,
        error_provider="serper",
        attempts=("serper server_error", "tavily rate_limited", "brave auth"),
        called=("serper", "tavily", "brave"),
    ),
    # --- everything fails ----------------------------------------------------------------------------
    row(
        "three transient failures: the first provider's error, then one line per other attempt in chain order",
        chain=(
            P("serper", fails("serper", K.SERVER_ERROR, "HTTP 500: down")),
            P("brave", fails("brave", K.RATE_LIMITED, "HTTP 429: RATE_LIMITED")),
            P("searxng", fails("searxng", K.NETWORK, "could not connect")),
        ),
        error=(
            "serper failed: HTTP 500: down (server_error).",
            "Fallback brave also failed: HTTP 429: RATE_LIMITED (rate_limited).",
            "Fallback searxng also failed: could not connect (network).",
        ),
        error_kind=K.SERVER_ERROR,
        error_provider="serper",
        attempts=("serper server_error", "brave rate_limited", "searxng network"),
        called=("serper", "brave", "searxng"),
    ),
    row(
        "four transient failures give four lines",
        chain=(
            P("tavily", fails("tavily", K.QUOTA_EXHAUSTED, "HTTP 433")),
            P("serper", fails("serper", K.TIMEOUT, "no answer within 5 s")),
            P("perplexity", fails("perplexity", K.MALFORMED, "no choices")),
            P("duckduckgo", fails("duckduckgo", K.BLOCKED, "anomaly page")),
        ),
        error=(
            "tavily failed: HTTP 433 (quota_exhausted).",
            "Fallback serper also failed: no answer within 5 s (timeout).",
            "Fallback perplexity also failed: no choices (malformed).",
            "Fallback duckduckgo also failed: anomaly page (blocked).",
        ),
        error_kind=K.QUOTA_EXHAUSTED,
        error_provider="tavily",
        attempts=("tavily quota_exhausted", "serper timeout", "perplexity malformed", "duckduckgo blocked"),
        called=("tavily", "serper", "perplexity", "duckduckgo"),
    ),
    # --- capability skips (providers lacking a requested filter are never called) ----------------------
    row(
        "a primary without the freshness filter is skipped with the reason and the next answers",
        chain=(P("searxng", honours=NO_FILTERS), P("brave", answers()), P("serper")),
        filters={"freshness": "pw"},
        answered_by="brave",
        attempts=("searxng skipped: does not support freshness", "brave ok"),
        called=("brave",),
    ),
    row(
        "a date range skips a provider that only knows periods, then the chain falls back as usual",
        chain=(
            P("searxng", honours=PERIODS_ONLY),
            P("tavily", fails("tavily", K.SERVER_ERROR, "HTTP 503")),
            P("brave", answers()),
        ),
        filters={"freshness": "2024-01-01to2024-02-01"},
        answered_by="brave",
        attempts=("searxng skipped: does not support freshness date range", "tavily server_error", "brave ok"),
        called=("tavily", "brave"),
    ),
    row(
        "the skip reason names every filter the provider lacks",
        chain=(
            P("tavily", honours=frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE})),
            P("perplexity", honours=frozenset({Filter.FRESHNESS})),
            P("serper", answers()),
        ),
        filters={"freshness": "2024-01-01to2024-02-01", "country": "de", "language": "fr"},
        answered_by="serper",
        attempts=(
            "tavily skipped: does not support country, language",
            "perplexity skipped: does not support country, freshness date range, language",
            "serper ok",
        ),
        called=("serper",),
    ),
    row(
        "without filters no provider is skipped for capabilities",
        chain=(P("searxng", answers(), honours=NO_FILTERS), P("brave"), P("serper")),
        answered_by="searxng",
        attempts=("searxng ok",),
        called=("searxng",),
    ),
    row(
        "when every capable provider fails, the error lists the failures and not the skips",
        chain=(
            P("tavily", honours=PERIODS_ONLY),
            P("serper", fails("serper", K.SERVER_ERROR, "HTTP 500")),
            P("brave", fails("brave", K.RATE_LIMITED, "HTTP 429")),
        ),
        filters={"country": "us"},
        error=("serper failed: HTTP 500 (server_error).", "Fallback brave also failed: HTTP 429 (rate_limited)."),
        error_kind=K.SERVER_ERROR,
        error_provider="serper",
        attempts=("tavily skipped: does not support country", "serper server_error", "brave rate_limited"),
        called=("serper", "brave"),
    ),
    # --- a plan refusing a filter value (the provider knows the filter, not this value) ---------------
    row(
        "a provider whose plan refuses a filter value is skipped without a call, and the next answers",
        chain=(
            P("brave", refuses="Brave has no results for country 'ke'"),
            P("serper", answers()),
            P("tavily"),
        ),
        filters={"country": "ke"},
        answered_by="serper",
        attempts=("brave skipped: Brave has no results for country 'ke'", "serper ok"),
        called=("serper",),
    ),
    row(
        "a refusal in the middle does not stop the fallback to the third",
        chain=(
            P("serper", fails("serper", K.RATE_LIMITED, "HTTP 429")),
            P("duckduckgo", refuses="DuckDuckGo has no region for country 'ke'"),
            P("brave", answers(1)),
        ),
        filters={"country": "ke"},
        answered_by="brave",
        results=1,
        attempts=("serper rate_limited", "duckduckgo skipped: DuckDuckGo has no region for country 'ke'", "brave ok"),
        called=("serper", "brave"),
    ),
    row(
        "when every provider refuses a value, the error names each one's reason and nobody is called",
        chain=(
            P("brave", refuses="Brave has no results for country 'ke'"),
            P("duckduckgo", refuses="DuckDuckGo has no region for country 'ke'"),
            P("perplexity", honours=PERIODS_ONLY),
        ),
        filters={"country": "ke"},
        error=(
            "No configured provider can serve this request (brave: Brave has no results for country 'ke'; "
            "duckduckgo: DuckDuckGo has no region for country 'ke'; perplexity: does not support country).",
        ),
        attempts=(
            "brave skipped: Brave has no results for country 'ke'",
            "duckduckgo skipped: DuckDuckGo has no region for country 'ke'",
            "perplexity skipped: does not support country",
        ),
        called=(),
    ),
    row(
        "a refusal before a failure: the failure alone makes the error",
        chain=(
            P("searxng", refuses="SearXNG takes a country only with a language"),
            P("brave", fails("brave", K.SERVER_ERROR, "HTTP 500")),
            P("tavily", fails("tavily", K.NETWORK, "could not connect")),
        ),
        filters={"country": "de"},
        error=("brave failed: HTTP 500 (server_error).", "Fallback tavily also failed: could not connect (network)."),
        error_kind=K.SERVER_ERROR,
        error_provider="brave",
        attempts=(
            "searxng skipped: SearXNG takes a country only with a language",
            "brave server_error",
            "tavily network",
        ),
        called=("brave", "tavily"),
    ),
    # --- no provider supports the filter ---------------------------------------------------------------
    row(
        "no provider supports date ranges: the error names the filter and the configured chain",
        chain=(
            P("searxng", honours=PERIODS_ONLY),
            P("duckduckgo", honours=PERIODS_ONLY),
            P("tavily", honours=NO_FILTERS),
        ),
        filters={"freshness": "2024-01-01to2024-02-01"},
        error=(
            "No configured provider supports the freshness date range filter (configured: searxng, duckduckgo, "
            "tavily). Drop the filter or configure a provider that supports it.",
        ),
        attempts=(
            "searxng skipped: does not support freshness date range",
            "duckduckgo skipped: does not support freshness date range",
            "tavily skipped: does not support freshness date range",
        ),
        called=(),
    ),
    row(
        "no provider supports language: only the unsupported filter is named",
        chain=(
            P("tavily", honours=frozenset({Filter.FRESHNESS, Filter.FRESHNESS_RANGE})),
            P("duckduckgo", honours=frozenset({Filter.FRESHNESS, Filter.COUNTRY})),
            P("perplexity", honours=frozenset({Filter.FRESHNESS})),
        ),
        filters={"freshness": "pw", "language": "de"},
        error=(
            "No configured provider supports the language filter (configured: tavily, duckduckgo, perplexity). "
            "Drop the filter or configure a provider that supports it.",
        ),
        attempts=(
            "tavily skipped: does not support language",
            "duckduckgo skipped: does not support language",
            "perplexity skipped: does not support language",
        ),
        called=(),
    ),
    row(
        "each filter is supported somewhere but no provider supports the combination",
        chain=(
            P("duckduckgo", honours=frozenset({Filter.COUNTRY})),
            P("searxng", honours=frozenset({Filter.LANGUAGE})),
            P("tavily", honours=NO_FILTERS),
        ),
        filters={"country": "ch", "language": "de"},
        error=(
            "No configured provider supports this combination of filters (country, language); "
            "configured: duckduckgo, searxng, tavily.",
        ),
        attempts=(
            "duckduckgo skipped: does not support language",
            "searxng skipped: does not support country",
            "tavily skipped: does not support country, language",
        ),
        called=(),
    ),
    # --- zero results is an answer -----------------------------------------------------------------
    row(
        "zero results from the first provider is an answer: the chain stops there",
        chain=(P("serper", answers(0)), P("tavily"), P("brave")),
        answered_by="serper",
        results=0,
        attempts=("serper ok",),
        called=("serper",),
    ),
    row(
        "zero results after a fallback also ends the chain",
        chain=(P("serper", fails("serper", K.SERVER_ERROR, "HTTP 500")), P("tavily", answers(0)), P("brave")),
        answered_by="tavily",
        results=0,
        attempts=("serper server_error", "tavily ok"),
        called=("serper", "tavily"),
    ),
]


# Hedging off: nothing can be hedged, so every attempt takes the fast path (awaited alone).
# Hedging on with a 60 s delay: attempts race as tasks, and the hedge never comes due.
HEDGING = [pytest.param(0.0, id="fast path"), pytest.param(60.0, id="racing")]


def build_chain(fakes: list[FakeSearch], hedge_cap: float = 0.0) -> ProviderChain:
    clock = SystemClock()
    return ProviderChain(
        fakes,
        clock=clock,
        redactor=Redactor(()),
        health=ProviderHealth(clock, hedge_policy=HedgePolicy(cap_seconds=hedge_cap)),
        attempt_timeout=5,
        deadline=10,
    )


def build_request(filters: Mapping[str, str]) -> SearchRequest:
    freshness = Freshness.parse(filters["freshness"]) if "freshness" in filters else None
    return SearchRequest(
        query="python", freshness=freshness, country=filters.get("country"), language=filters.get("language")
    )


def as_written(answer_or_error: ChainAnswer | SearchFailed) -> tuple[str, ...]:
    return tuple(
        f"{a.provider} {a.outcome}" + (f": {a.detail}" if a.outcome == "skipped" else "")
        for a in answer_or_error.attempts
    )


@pytest.mark.parametrize("hedge_cap", HEDGING)
@pytest.mark.parametrize("spec", TABLE)
async def test_the_chain_follows_the_table(spec: Row, hedge_cap: float) -> None:
    fakes = [p.fake() for p in spec.chain]
    chain = build_chain(fakes, hedge_cap)
    request = build_request(spec.filters)

    if spec.answered_by is not None:
        found = await chain.search(request)
        assert found.provider == spec.answered_by
        assert len(found.answer.results) == spec.results
        assert as_written(found) == spec.attempts
    else:
        with pytest.raises(SearchFailed) as caught:
            await chain.search(request)
        failed = caught.value
        assert tuple(str(failed).splitlines()) == spec.error
        assert (failed.kind, failed.provider) == (spec.error_kind, spec.error_provider)
        assert as_written(failed) == spec.attempts

    assert tuple(f.name for f in fakes if f.calls) == spec.called
    assert all(len(f.calls) <= 1 for f in fakes), "no provider is called twice in one search"
    assert all(f.calls[0] == request for f in fakes if f.calls), "every provider gets the request unchanged"


async def test_a_skip_further_down_the_chain_is_recorded_in_chain_order() -> None:
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR, "HTTP 500"))
    searxng = FakeSearch("searxng", capabilities=PERIODS_ONLY)
    brave = FakeSearch("brave", ok(1))
    found = await build_chain([serper, searxng, brave]).search(build_request({"country": "de"}))
    assert as_written(found) == ("serper server_error", "searxng skipped: does not support country", "brave ok")
