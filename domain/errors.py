"""One small error tree. Every failure a provider can produce is a ``ProviderFailure`` with a kind.

This module imports nothing else from the domain, so every other module may import it. The one
error that carries models (``SearchFailed``, with its attempts) lives beside them in ``models``.
"""

from __future__ import annotations

from enum import StrEnum

from domain.redaction import without_userinfo


class FailureKind(StrEnum):
    """Why a provider attempt failed; the fallback policy decides on this alone."""

    SERVER_ERROR = "server_error"
    RATE_LIMITED = "rate_limited"
    QUOTA_EXHAUSTED = "quota_exhausted"
    TIMEOUT = "timeout"
    NETWORK = "network"
    MALFORMED = "malformed"
    BLOCKED = "blocked"
    AUTH = "auth"
    BAD_REQUEST = "bad_request"


class SearchRelayError(Exception):
    """Base of every error searchrelay raises on purpose; its message is safe to show a user."""


class ConfigurationError(SearchRelayError):
    """The environment does not describe a usable setup (missing key, unknown provider, ...)."""


class InvalidRequestError(SearchRelayError):
    """The caller asked for something that cannot be served (bad filter value, bad URL, ...)."""


class ProviderFailure(SearchRelayError):
    """One provider attempt failed. ``detail`` is short, human-readable and free of secrets."""

    def __init__(
        self,
        provider: str,
        kind: FailureKind,
        detail: str,
        *,
        status: int | None = None,
        retry_after: str | None = None,
        rate_limit_reset: tuple[str, str | None] | None = None,
    ) -> None:
        super().__init__(f"{provider}: {kind.value}: {detail}")
        self.provider = provider
        self.kind = kind
        self.detail = detail
        self.status = status
        # The raw Retry-After header value; the policy interprets it (domain.retry_after).
        self.retry_after = retry_after
        # The raw X-RateLimit-Reset and -Remaining values, when a refusal carried them: when the
        # key that was refused may be used again (domain.retry_after.rate_limit_reset_seconds).
        self.rate_limit_reset = rate_limit_reset

    def with_detail(self, detail: str) -> ProviderFailure:
        """The same failure told differently (explained further, or with secrets masked)."""
        return ProviderFailure(
            self.provider,
            self.kind,
            detail,
            status=self.status,
            retry_after=self.retry_after,
            rate_limit_reset=self.rate_limit_reset,
        )


class PageUnavailable(SearchRelayError):
    """A page could not be read. ``reason`` is one short line, e.g. 'HTTP 404' or 'blocked: private address'.

    ``url`` never carries credentials: a ``user:pass@`` the caller put in the URL is left out.
    """

    def __init__(self, url: str, reason: str) -> None:
        url = without_userinfo(url)
        super().__init__(f"{url}: {reason}")
        self.url = url
        self.reason = reason

    def with_reason(self, reason: str) -> PageUnavailable:
        """The same failure of the same kind (an unsafe address stays one), saying ``reason``."""
        return type(self)(self.url, reason)


class PageWithheld(PageUnavailable):
    """A public site answered, but not with the page: an error status, a bot check or a sign-in page in
    its place; or a public site is down, or its domain lapsed. A public archive may still hold a
    copy (``ArchivedCopyPort``)."""

    @staticmethod
    def unless_private(url: str, reason: str, *, public: bool) -> PageUnavailable:
        """Withheld when every hop to the page was public; else the same refusal, which no archive
        may hear of."""
        return PageWithheld(url, reason) if public else PageUnavailable(url, reason)


class DomainLapsed(PageWithheld):
    """A host that does not resolve because its registry holds no such domain: a site that lapsed,
    or an intranet's name under a domain never registered in public (``wiki.acme-internal.com``,
    ``jenkins.prod``). The page's address is named to an archive only once the archive shows it
    holds pages of ``domain`` (which the public DNS has heard of already), so a public site."""

    def __init__(self, url: str, reason: str, *, domain: str) -> None:
        super().__init__(url, reason)
        self.domain = domain

    def with_reason(self, reason: str) -> PageUnavailable:
        return DomainLapsed(self.url, reason, domain=self.domain)


class UnsafeUrl(PageUnavailable):
    """The URL points somewhere the server must not go (private network, odd scheme, ...)."""


class UnsupportedContent(PageUnavailable):
    """The page is of a content type that cannot be turned into text."""


class SiteUnavailable(SearchRelayError):
    """A site's API could not serve a page (quota, not found, malformed answer, timeout...).

    ``reason`` is one short line in plain words; the page is then read the generic way and the
    reason goes into its note.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
