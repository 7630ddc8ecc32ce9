"""What the model reads: search outcomes and failures as Markdown."""

from __future__ import annotations

from domain.errors import FailureKind, SearchFailed
from domain.models import Attempt, SearchOutcome


def render_outcome(outcome: SearchOutcome) -> str:
    lines = [f"## Search results for: {outcome.query}", ""]
    if outcome.answer:
        lines += ["### Answer", "", outcome.answer.strip(), "", "### Sources", ""]
    if not outcome.results:
        lines += ["No results found. Try different or fewer words.", ""]
    for number, result in enumerate(outcome.results, start=1):
        lines.append(f"{number}. **{result.title}**")
        lines.append(f"   {result.link}")
        if result.snippet:
            lines.append(f"   {result.snippet}")
        lines.append("")
    lines.append("---")
    lines.append(_provenance(outcome))
    return "\n".join(lines)


def _provenance(outcome: SearchOutcome) -> str:
    line = f"Answered by {outcome.provider}"
    failed = [a for a in outcome.attempts if a.outcome not in ("ok", "cancelled") and a.provider != outcome.provider]
    if failed:
        line += " after fallback: " + "; ".join(_describe(a) for a in failed)
    if outcome.cached:
        line += " (cached answer)"
    return line + f" in {outcome.took_ms:.0f} ms."


def _describe(attempt: Attempt) -> str:
    return f"{attempt.provider} {attempt.outcome.replace('_', ' ')} ({attempt.detail})"


def render_failure(error: SearchFailed, advice: str) -> str:
    """A failed search: what happened, then what to do about it."""
    return f"Web search failed. {error}\n\nWhat to do: {advice}"


def advice_for(kind: FailureKind | None, provider: str | None, key_variables: dict[str, str]) -> str:
    """One actionable sentence per failure kind."""
    key = key_variables.get(provider or "", "the provider's API key variable")
    others = ", ".join(v for p, v in key_variables.items() if p != provider)
    more = f" Configure another provider ({others}) so searchrelay can fail over." if others else ""
    if kind is None:
        return "Drop or change the filter, or configure a provider that supports it (see `searchrelay providers`)."
    if kind is FailureKind.TIMEOUT:
        return f"Try again; if it keeps happening, raise SEARCHRELAY_DEADLINE_SECONDS.{more}"
    if kind is FailureKind.AUTH:
        return f"{provider} rejected its API key: check {key} (is it current and allowed to search?)."
    if kind is FailureKind.BAD_REQUEST:
        return "The provider rejected the request itself: simplify the query or drop unusual filters."
    if kind is FailureKind.QUOTA_EXHAUSTED:
        return f"{provider}'s plan or credits are used up: top it up, or wait for the next period.{more}"
    if kind is FailureKind.RATE_LIMITED:
        return f"Wait a few seconds and search again.{more}"
    return f"Try again in a moment; the provider seems to be having trouble.{more}"
