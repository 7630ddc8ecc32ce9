"""What the model reads: search outcomes, pages and failures as Markdown."""

from __future__ import annotations

from application.fetch_page import PageWindow
from domain.errors import FailureKind
from domain.models import Attempt, SearchFailed, SearchOutcome, WebSearchResult
from domain.page_titles import opens_with_title
from entrypoints.fence import Fence, neutralise, one_line


def render_outcome(outcome: SearchOutcome, *, full_pages: bool = False) -> str:
    """Results for the model. Everything a provider or a page wrote is inside a fence."""
    fence = Fence()
    lines = [f"## Search results for: {one_line(outcome.query)}", ""]
    if outcome.results or outcome.answer:
        lines += [fence.note(), ""]
    if outcome.answer:
        lines += ["### Answer", "", fence.wrap(outcome.answer, "answer"), "", "### Sources", ""]
    if not outcome.results and outcome.outside_domains:
        lines += ["No results within the domain filters. Widen include_domains, or try different words.", ""]
    elif not outcome.results:
        lines += ["No results found. Try different or fewer words.", ""]
    for number, result in enumerate(outcome.results, start=1):
        lines += [f"{number}. " + _fenced_result(fence, result, number)]
        if full_pages and result.page_content:  # empty: the page got no share of the budget (its note says so)
            lines += ["", fence.wrap(result.page_content, f"result {number} page")]
        if full_pages and result.page_note:
            lines.append(f"[{one_line(result.page_note)}]")
        lines.append("")
    lines.append("---")
    lines.append(_provenance(outcome, full_pages=full_pages))
    return "\n".join(lines)


def _fenced_result(fence: Fence, result: WebSearchResult, number: int) -> str:
    fields = [f"**{one_line(result.title)}**", one_line(result.link)]
    about = [
        f"{label}: {value}" for label, value in (("site", result.site_name), ("published", result.published)) if value
    ]
    if about:
        fields.append(one_line(" · ".join(about)))
    if result.snippet.strip():
        fields.append(one_line(result.snippet))
    block = [f"{fence.open} result {number}>>>", *fields, fence.close]
    if result.providers:  # our own provider names (a fan-out), so outside the fence
        block.append(f"(from {', '.join(result.providers)})")
    return "\n   ".join(block)


def render_page(page: PageWindow) -> str:
    """The page's title (its own words, so fenced apart, on one line), then the window's text; the
    characters reported are those of the text alone. A window that opens with a heading saying the
    title (most first windows) does not repeat it; any other shows it, a later window above all."""
    fence = Fence()
    window = page.window
    head = f"## Content of {one_line(page.url)}"
    facts = f"{page.content_type}, characters {window.start_index}-{window.end_index} of {window.total_chars}"
    if page.focused:
        facts += ", the passages that best match the focus, in order"
    lines = [head, "", f"({facts})", "", fence.note(), ""]
    if page.title and not opens_with_title(window.text, page.title):
        lines += [fence.wrap(one_line(page.title), "page title"), ""]
    lines.append(fence.wrap(window.text, "web_fetch"))
    if page.source_note:
        lines += ["", f"[{one_line(page.source_note)}]"]
    if page.note:
        lines += ["", page.note]
    if page.cut_by_download_cap:
        lines += ["", "[The page was larger than the download cap; its end is missing.]"]
    return "\n".join(lines)


def _provenance(outcome: SearchOutcome, *, full_pages: bool) -> str:
    line = f"Answered by {outcome.provider}"
    failed = [a for a in outcome.attempts if a.outcome not in ("ok", "cancelled") and a.provider != outcome.provider]
    if failed:
        line += " after fallback: " + "; ".join(_describe(a) for a in failed)
    if any(a.hedged and a.provider == outcome.provider and a.outcome == "ok" for a in outcome.attempts):
        raced = [a.provider for a in outcome.attempts if a.outcome == "cancelled" and not a.hedged]
        line += f" (a hedge started while {', '.join(raced) or 'a slower provider'} was slow)"
    if outcome.outside_domains:
        plural = "s" if outcome.outside_domains > 1 else ""
        line += f" ({outcome.outside_domains} result{plural} from outside the domain filters left out)"
    if outcome.cached:
        line += " (cached answer)"
    line += f" in {outcome.took_ms:.0f} ms."
    if not full_pages:
        line += " Snippets only: pass return_full_pages=true, or call web_fetch on a link, for page content."
    return line


def _describe(attempt: Attempt) -> str:
    # A detail may quote the provider's own error message: one line, no marker-like text.
    return f"{attempt.provider} {attempt.outcome.replace('_', ' ')} ({one_line(attempt.detail)})"


def render_failure(error: SearchFailed, key_variables: dict[str, str]) -> str:
    """A failed search: what happened (the first provider's error first), then what to do about it.

    The advice follows the failure that ended the chain when it was the caller's to fix (a
    rejected key or request further down), since no retry helps with that.
    """
    stopping = next((a for a in error.attempts if a.outcome in _CALLER_SIDE), None)
    if stopping is not None:
        advice = advice_for(FailureKind(stopping.outcome), stopping.provider, key_variables)
    else:
        advice = advice_for(error.kind, error.provider, key_variables)
    return f"Web search failed. {neutralise(str(error))}\n\nWhat to do: {advice}"


_CALLER_SIDE = (FailureKind.AUTH.value, FailureKind.BAD_REQUEST.value)


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
