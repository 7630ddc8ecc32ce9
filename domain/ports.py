"""The ports: what the application needs from the outside world, as typing.Protocol."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol, TypeVar

from domain.models import ProviderAnswer, SearchRequest
from domain.pages import FetchedPage, ResolvedPage
from domain.planning import Refusal, WireRequest

V = TypeVar("V")


class SearchPort(Protocol):
    """A web search provider: decide before the call (``plan``), then make it (``send``)."""

    @property
    def name(self) -> str: ...

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        """Pure: the call that serves ``request``, or why this provider cannot honour it."""
        ...

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        """Make a planned call. Raises ``ProviderFailure`` (with a kind) on any failure."""
        ...


class PageFetcherPort(Protocol):
    """Fetches one URL safely. Raises ``PageUnavailable`` (or ``UnsafeUrl``) with a short reason."""

    async def fetch(self, url: str) -> FetchedPage: ...


class ContentExtractorPort(Protocol):
    """Turns a fetched page into clean Markdown. CPU-bound and synchronous: it runs inside a
    worker of a ``PageExtractionPort``, never on the event loop.

    Raises ``UnsupportedContent`` for content types it cannot turn into text.
    """

    def extract(self, page: FetchedPage) -> str: ...


class PageExtractionPort(Protocol):
    """Runs extraction within bounds: at most N pages at once, each under a deadline and a memory cap.

    Raises ``PageUnavailable`` (``UnsupportedContent`` included) with a one-line reason when a
    page cannot be extracted, overran its deadline, or crashed whatever ran it. Cancelling the
    call gives the extraction up and reclaims what was running it.
    """

    async def extract(self, page: FetchedPage) -> str: ...


class PageRendererPort(Protocol):
    """Renders a fetched HTML page in a real browser; hands back the DOM its scripts built, as an HTML page.

    The fetched body is the document the browser loads; every other request it makes passes the
    same address guard as a page fetch, or is blocked. Raises ``PageUnavailable`` with a one-line
    reason (deadline, crash, no browser installed...).
    """

    async def render(self, page: FetchedPage) -> FetchedPage: ...


class ArchivedCopyPort(Protocol):
    """A public archive's latest copy of a page its site withheld (a bot check, a sign-in page, an
    error in its place): adapters/sites/wayback_copies.py.

    Asked only about addresses that may be named to a third party (``domain.walls.archivable``).
    Raises ``SiteUnavailable`` with a one-line reason (no copy, the copy unreadable).
    """

    async def latest_copy(self, url: str) -> ResolvedPage: ...

    async def holds_site(self, domain: str) -> bool | None:
        """Whether the archive holds any page of the registered domain ``domain``: evidence that a
        domain its registry no longer holds was a public site (``errors.DomainLapsed``). None when
        the archive could not be asked."""
        ...


class SiteResolverPort(Protocol):
    """Reads one site's pages through its API rather than its HTML (adapters/sites).

    Chosen by URL alone, before any page is fetched; its calls go through the same address
    guard, byte caps and deadline as a page fetch.
    """

    @property
    def site(self) -> str:
        """The API's name for notes, e.g. "the Stack Exchange API"."""
        ...

    def handles(self, url: str) -> bool:
        """Pure: whether ``url`` is a page this resolver reads (a question, an issue, an article...)."""
        ...

    async def read(self, url: str) -> ResolvedPage:
        """The page as Markdown. Raises ``SiteUnavailable`` with a one-line reason on any API failure."""
        ...


class FetchedPageResolverPort(Protocol):
    """Reads a page through its site's API when the fetched page shows which software serves it.

    For software that runs on any domain (a Discourse forum), where the URL alone cannot tell:
    ``recognises`` looks at the page already fetched; ``read_page``'s calls go through the same
    address guard, byte caps and deadline as a page fetch.
    """

    @property
    def site(self) -> str:
        """The API's name for notes, e.g. "the forum's Discourse API"."""
        ...

    def recognises(self, page: FetchedPage) -> bool:
        """Pure and cheap (it runs on every page fetched): whether this resolver reads ``page``."""
        ...

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        """The page as Markdown. Raises ``SiteUnavailable`` with a one-line reason on any API failure."""
        ...


class CachePort(Protocol[V]):
    """Keeps values (successful outcomes, read pages) by key for a while."""

    async def get(self, key: str) -> V | None: ...

    async def set(self, key: str, value: V) -> None: ...


class Clock(Protocol):
    """Time, injected so that behaviour depending on it can be tested without sleeping."""

    def monotonic(self) -> float: ...

    def now(self) -> datetime:
        """Aware UTC wall-clock time (for Retry-After dates and 'until' times shown to users)."""
        ...


class PassageRankerPort(Protocol):
    """Scores passages (a page's blocks) against a question: higher is more relevant, 0 is unrelated.

    CPU-bound and synchronous, like extraction; one score per passage, in their order.
    """

    def scores(self, query: str, passages: Sequence[str]) -> list[float]: ...


class RateLimiterPort(Protocol):
    """Per-caller token buckets: the HTTP face's rate limit per bearer token.

    An adapter is built with its rate and burst; memory is the default, Redis shares the buckets
    between replicas. ``caller`` is an opaque key derived from the token, never the token itself.
    """

    async def acquire(self, caller: str) -> float | None:
        """Take one token: ``None`` if the call may go ahead, else the seconds until a token is free."""
        ...


class FlightLockPort(Protocol):
    """A short lock per key shared by replicas, so one of them does the work the others wait for.

    An adapter that cannot reach its store answers as if it had the lock: each replica then works
    on its own, which is what a single replica does anyway.
    """

    async def acquire(self, key: str) -> str | None:
        """A token proving the lock is ours, or ``None`` while another holder has it."""
        ...

    async def release(self, key: str, token: str) -> None:
        """Let go of a lock acquired with ``token`` (a lock that expired and was taken since stays)."""
        ...

    async def held(self, key: str) -> bool:
        """Whether someone holds the lock now (``False`` when the store cannot be asked)."""
        ...


class BreakerStatePort(Protocol):
    """Where replicas share their providers' cooldowns (open breakers, Retry-After advice).

    It stores state only: what a cooldown means is ``domain.circuit_breaker``'s business.
    """

    async def load(self, names: Sequence[str]) -> dict[str, float]:
        """Seconds of cooldown left per provider, for those cooling down now (empty if unreachable)."""
        ...

    async def save(self, name: str, seconds: float) -> None:
        """Record that ``name`` cools down for ``seconds`` more, unless a longer cooldown is recorded."""
        ...


class ReadinessProbe(Protocol):
    """Something a server needs before it can serve well, checked by a readiness endpoint."""

    @property
    def name(self) -> str: ...

    async def check(self) -> str | None:
        """``None`` when ready, else a short reason without secrets (e.g. "redis: unreachable")."""
        ...
