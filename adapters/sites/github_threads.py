"""GitHub issues and pull requests as Markdown: the opening post, then every comment in order.

For a pull request, the conversation, the reviews and the review comments on lines of code are
one thread, ordered by time, as the pull request's page shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, text


def thread_markdown(
    kind: str, subject: dict[str, Any], entries: list[dict[str, Any]], *, cuts: Sequence[str] = ()
) -> str:
    """``subject`` is the issue or pull request; ``entries`` its comments, reviews and review comments.

    ``cuts`` say which lists were not read to their end (``github_paging.cut_note``).
    """
    title = text(subject.get("title")) or "(untitled)"
    number_ = number(subject.get("number"))
    head = [f"# {title} (#{number_})" if number_ is not None else f"# {title}", "", " · ".join(_facts(kind, subject))]
    labels = [text(label.get("name")) for label in _labels(subject)]
    if any(labels):
        head.append("Labels: " + ", ".join(name for name in labels if name))
    lines = [*head, "", _body(subject)]
    ordered = sorted(entries, key=lambda e: text(e.get("created_at")) or text(e.get("submitted_at")))
    for entry in ordered:
        lines += ["", _entry_heading(entry), "", _body(entry)]
    lines += [line for cut in cuts for line in ("", f"[{cut}]")]
    return "\n".join(lines).strip() + "\n"


def _facts(kind: str, subject: dict[str, Any]) -> list[str]:
    state = text(subject.get("state")) or "unknown state"
    if kind == "pull" and subject.get("merged") is True:
        state = "merged"
    facts = [f"{'Pull request' if kind == 'pull' else 'Issue'} · {state}", _by(subject, "opened by")]
    if kind == "pull":
        base, head = text(obj(subject, "base").get("ref")), text(obj(subject, "head").get("ref"))
        if base and head:
            facts.append(f"{head} → {base}")
        changes = [number(subject.get(k)) for k in ("changed_files", "additions", "deletions")]
        if all(c is not None for c in changes):
            facts.append(f"{changes[0]} files changed, +{changes[1]} −{changes[2]}")
    return facts


def _entry_heading(entry: dict[str, Any]) -> str:
    if "path" in entry:  # a review comment on a line of code
        line = number(entry.get("line")) or number(entry.get("original_line"))
        where = f"{text(entry.get('path'))}" + (f" line {line}" if line else "")
        return f"### Review comment on {where} · {_by(entry, 'by')}"
    if "state" in entry:  # a review
        state = text(entry.get("state")).replace("_", " ").lower() or "reviewed"
        return f"### Review ({state}) · {_by(entry, 'by', 'submitted_at')}"
    return f"### Comment · {_by(entry, 'by')}"


def _by(item: dict[str, Any], verb: str, date_key: str = "created_at") -> str:
    return byline(text(obj(item, "user").get("login")), day_from_iso(item.get(date_key)), verb=verb)


def _body(item: dict[str, Any]) -> str:
    return text(item.get("body")).strip() or "(no text)"


def _labels(subject: dict[str, Any]) -> list[dict[str, Any]]:
    labels = subject.get("labels")
    return [label for label in labels if isinstance(label, dict)] if isinstance(labels, list) else []
