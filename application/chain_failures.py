"""What the chain tells the caller when it has no answer: skips, failures, and the message that sums them up."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Sequence

from domain.errors import FailureKind, ProviderFailure
from domain.models import Attempt, AttemptOutcome, SearchFailed, SearchRequest
from domain.planning import Refusal
from domain.redaction import Redactor

logger = logging.getLogger("application.provider_chain")


def nothing_eligible(refusals: Sequence[tuple[str, Refusal]], request: SearchRequest) -> SearchFailed:
    """Every provider refused the request before any call: name the filter nobody supports, if one is."""
    wanted = sorted(request.requested_filters())
    names = ", ".join(name for name, _ in refusals)
    unsupported = [f for f in wanted if all(f in refusal.unsupported for _, refusal in refusals)]
    if unsupported:
        message = (
            f"No configured provider supports the {', '.join(unsupported)} filter "
            f"(configured: {names}). Drop the filter or configure a provider that supports it."
        )
    elif all(refusal.unsupported for _, refusal in refusals):
        message = (
            f"No configured provider supports this combination of filters ({', '.join(wanted)}); configured: {names}."
        )
    else:
        reasons = "; ".join(f"{name}: {refusal.reason}" for name, refusal in refusals)
        message = f"No configured provider can serve this request ({reasons})."
    return SearchFailed(message, [skipped(name, refusal.reason) for name, refusal in refusals])


def all_failed(chain: Sequence[str], failures: Sequence[ProviderFailure], attempts: list[Attempt]) -> SearchFailed:
    """The first provider's error (in chain order), then a line per other failed attempt."""
    if not failures:
        # Every provider was skipped: circuits open, or filter values they cannot honour.
        skips = "; ".join(f"{a.provider}: {a.detail}" for a in attempts)
        if all(a.detail.startswith("circuit") for a in attempts):
            return SearchFailed(
                f"Every provider is cooling down after failures ({skips}).", attempts, FailureKind.SERVER_ERROR
            )
        return SearchFailed(f"No configured provider can serve this request ({skips}).", attempts)
    # With hedging a later provider can fail first; the caller hears about them in chain order.
    order = {name: i for i, name in enumerate(chain)}
    first, *others = sorted(failures, key=lambda f: order.get(f.provider, len(order)))
    message = f"{first.provider} failed: {first.detail} ({first.kind.value})."
    for other in others:
        message += f"\nFallback {other.provider} also failed: {other.detail} ({other.kind.value})."
    return SearchFailed(message, attempts, first.kind, first.provider)


def skipped(provider: str, reason: str) -> Attempt:
    return Attempt(provider=provider, outcome=AttemptOutcome.SKIPPED, detail=reason)


def as_failure(
    provider: str, exc: Exception, redact: Redactor, *, doing: str = "reading the answer"
) -> ProviderFailure:
    """The classified failure an adapter raised, or, for anything else (a bug), a ``malformed`` one."""
    if isinstance(exc, ProviderFailure):
        return exc
    # An adapter bug must not take the call down: treat it as a malformed answer. The trace goes
    # to the log through the redactor, since an exception's text can hold anything it touched.
    trace = "".join(traceback.format_exception(exc))
    logger.error("provider %s raised an unexpected %s:\n%s", provider, type(exc).__name__, redact(trace))
    return ProviderFailure(provider, FailureKind.MALFORMED, f"unexpected {type(exc).__name__} while {doing}")
