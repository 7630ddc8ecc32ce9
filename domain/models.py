"""The request and outcome models every layer speaks."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from domain.domains import link_allowed
from domain.errors import FailureKind, SearchRelayError
from domain.filters import Filter, Freshness, Topic
from domain.redaction import without_userinfo


class WebSearchResult(BaseModel):
    """One search hit. ``page_content`` is filled only when full pages were asked for."""

    model_config = ConfigDict(frozen=True)

    title: str
    link: str
    snippet: str
    published: str | None = Field(
        default=None,
        description="When the page was published, as the provider gave it (an ISO date, or e.g. '2 days ago').",
    )
    site_name: str | None = Field(
        default=None, description="The site's own name, e.g. 'Wikipedia', when the provider gives one."
    )
    page_content: str | None = Field(
        default=None,
        description="The page as Markdown (when full pages were asked for), or one line saying why it is missing.",
    )
    page_note: str | None = Field(
        default=None,
        description="searchrelay's own note on page_content, e.g. where it was cut and how to read the rest.",
    )
    providers: tuple[str, ...] = Field(
        default=(),
        description="With fan-out (SEARCHRELAY_FANOUT > 1): every provider that returned this page, best first.",
    )

    @field_validator("link", "title")
    @classmethod
    def _no_credentials(cls, value: str) -> str:
        # A provider may index a link with someone's user:password@ in it: never pass that on.
        return without_userinfo(value)


class SearchRequest(BaseModel):
    """A validated search request; the entrypoints build it, the use case and adapters read it."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    query: str = Field(min_length=1, max_length=2000)
    num_results: int = Field(default=3, ge=1, le=20)
    return_full_pages: bool = False
    freshness: Freshness | None = None
    country: str | None = None  # ISO 3166-1 alpha-2, lower case
    language: str | None = None  # ISO 639-1, lower case
    topic: Topic = Topic.GENERAL
    # Brave's interface locale (e.g. en-US): only the wording of its answer (such as a result's age)
    # depends on it, so it is a hint, not a filter - providers without it simply do not send it.
    ui_lang: str | None = None
    include_domains: tuple[str, ...] = ()  # normalised host names (domain/domains.py)
    exclude_domains: tuple[str, ...] = ()

    def requested_filters(self) -> frozenset[Filter]:
        wanted = {
            Filter.FRESHNESS: self.freshness is not None and self.freshness.period is not None,
            Filter.FRESHNESS_RANGE: self.freshness is not None and self.freshness.period is None,
            Filter.COUNTRY: self.country is not None,
            Filter.LANGUAGE: self.language is not None,
            Filter.NEWS: self.topic is Topic.NEWS,
            Filter.INCLUDE_DOMAINS: bool(self.include_domains),
            Filter.EXCLUDE_DOMAINS: bool(self.exclude_domains),
        }
        return frozenset(name for name, asked in wanted.items() if asked)

    def admits(self, link: str) -> bool:
        """Whether a result's link passes the request's domain filters, whoever found it."""
        return link_allowed(link, self.include_domains, self.exclude_domains)


class ProviderAnswer(BaseModel):
    """What one provider returned: hits, and for answer engines the synthesized answer."""

    model_config = ConfigDict(frozen=True)

    results: list[WebSearchResult]
    answer: str | None = None


class AttemptOutcome(StrEnum):
    """How one step of the provider chain ended: a closed set, so callers can match on it."""

    OK = "ok"
    SKIPPED = "skipped"  # never sent: a filter the provider cannot honour, or its circuit is open
    CANCELLED = "cancelled"  # sent, then dropped because another provider answered first
    # The failure kinds again, spelled out: an enum cannot extend another, and a generated one
    # would hide its members from mypy. tests/unit/domain/test_attempt_outcome.py keeps them in step.
    SERVER_ERROR = "server_error"
    RATE_LIMITED = "rate_limited"
    QUOTA_EXHAUSTED = "quota_exhausted"
    TIMEOUT = "timeout"
    NETWORK = "network"
    MALFORMED = "malformed"
    BLOCKED = "blocked"
    AUTH = "auth"
    BAD_REQUEST = "bad_request"

    @classmethod
    def failed(cls, kind: FailureKind) -> AttemptOutcome:
        return cls(kind.value)

    @property
    def failure(self) -> FailureKind | None:
        """The failure kind this outcome reports, or None for ok, skipped and cancelled."""
        try:
            return FailureKind(self.value)
        except ValueError:
            return None


class Attempt(BaseModel):
    """One step of the provider chain as the caller sees it."""

    model_config = ConfigDict(frozen=True)

    provider: str
    outcome: AttemptOutcome = Field(description="'ok', 'skipped', 'cancelled' or the failure kind, e.g. 'server_error'")
    detail: str = ""
    started_ms: float = Field(
        default=0.0, description="When this step started (or was skipped), in ms since the call began."
    )
    hedged: bool = Field(
        default=False, description="Started alongside a slower provider that had not answered yet (a hedge)."
    )


class SearchOutcome(BaseModel):
    """A successful search: who answered, with what, after which attempts. Immutable, so it can be shared."""

    model_config = ConfigDict(frozen=True)

    query: str
    provider: str
    results: tuple[WebSearchResult, ...]
    attempts: tuple[Attempt, ...]
    took_ms: float
    answer: str | None = None
    cached: bool = False
    outside_domains: int = Field(
        default=0, description="Results the provider gave from outside include_domains/exclude_domains, left out."
    )


class SearchFailed(SearchRelayError):
    """No provider produced an answer. Carries every attempt so the caller can show what happened."""

    def __init__(
        self,
        message: str,
        attempts: list[Attempt],
        kind: FailureKind | None = None,
        provider: str | None = None,
    ) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.kind = kind
        self.provider = provider  # whose failure ``kind`` describes: the first in chain order
