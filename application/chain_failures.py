"""What the chain tells the caller when it has no answer: skips, failures, and the message that sums them up."""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Sequence

from domain.errors import FailureKind, FilterNotSupported, ProviderFailure, SearchFailed
from domain.models import Attempt, ProviderAnswer, SearchRequest
from domain.ports import SearchPort
from domain.redaction import Redactor

logger = logging.getLogger("application.provider_chain")


def nothing_eligible(ports: Sequence[SearchPort], request: SearchRequest) -> SearchFailed:
    """No provider can honour the request's filters: name the filter nobody supports."""
    wanted = sorted(request.requested_filters())
    unsupported = [f for f in wanted if not any(f in port.capabilities for port in ports)]
    names = ", ".join(port.name for port in ports)
    if unsupported:
        message = (
            f"No configured provider supports the {', '.join(unsupported)} filter "
            f"(configured: {names}). Drop the filter or configure a provider that supports it."
        )
    else:
        message = (
            f"No configured provider supports this combination of filters ({', '.join(wanted)}); configured: {names}."
        )
    return SearchFailed(message, [capability_skip(port, request) for port in ports])


def all_failed(chain: Sequence[str], failures: Sequence[ProviderFailure], attempts: list[Attempt]) -> SearchFailed:
    """The first provider's error (in chain order), then a line per other failed attempt."""
    if not failures:
        # Every provider was skipped: circuits open, or filter values they cannot honour.
        skipped = "; ".join(f"{a.provider}: {a.detail}" for a in attempts)
        if all(a.detail.startswith("circuit") for a in attempts):
            return SearchFailed(
                f"Every provider is cooling down after failures ({skipped}).", attempts, FailureKind.SERVER_ERROR
            )
        return SearchFailed(f"No configured provider can serve this request ({skipped}).", attempts)
    # With hedging a later provider can fail first; the caller hears about them in chain order.
    order = {name: i for i, name in enumerate(chain)}
    first, *others = sorted(failures, key=lambda f: order.get(f.provider, len(order)))
    message = f"{first.provider} failed: {first.detail} ({first.kind.value})."
    for other in others:
        message += f"\nFallback {other.provider} also failed: {other.detail} ({other.kind.value})."
    return SearchFailed(message, attempts, first.kind, first.provider)


def missing_filters(port: SearchPort, request: SearchRequest) -> list[str]:
    return sorted(request.requested_filters() - port.capabilities)


def capability_skip(port: SearchPort, request: SearchRequest) -> Attempt:
    missing = ", ".join(missing_filters(port, request))
    return Attempt(provider=port.name, outcome="skipped", detail=f"does not support {missing}")


def failure_of(
    port: SearchPort, task: asyncio.Task[ProviderAnswer], redact: Redactor
) -> ProviderFailure | FilterNotSupported | None:
    exc = task.exception()
    if exc is None:
        return None
    if isinstance(exc, ProviderFailure | FilterNotSupported):
        return exc
    # An adapter bug must not take the call down: treat it as a malformed answer. The trace goes
    # to the log through the redactor, since an exception's text can hold anything it touched.
    trace = "".join(traceback.format_exception(exc))
    logger.error("provider %s raised an unexpected %s:\n%s", port.name, type(exc).__name__, redact(trace))
    return ProviderFailure(
        port.name, FailureKind.MALFORMED, f"unexpected {type(exc).__name__} while reading the answer"
    )
