"""A Gerrit change as Markdown: its facts, its votes, its commit message, the files it touches, then the
review messages in order.

Gerrit's ``ChangeInfo`` asked with ``CURRENT_REVISION``, ``CURRENT_COMMIT``, ``CURRENT_FILES``,
``MESSAGES``, ``DETAILED_LABELS`` and ``DETAILED_ACCOUNTS``: the latest patch set's commit and
files, every message posted on the change (votes and comments summarised by Gerrit, "Patch Set 3:
Code-Review+2"), and each label's votes by account.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, objs, text
from adapters.pages.fences import fenced

#: Files listed and messages written at most.
SHOWN_FILES = 200
SHOWN_MESSAGES = 500
_MAX_MESSAGE_CHARS = 20_000


def change_markdown(change: dict[str, Any], base: str) -> str:
    number_ = number(change.get("_number"))
    subject = " ".join(text(change.get("subject")).split()) or "(no subject)"
    lines = [f"# {subject} (change {number_})", "", " · ".join(_facts(change))]
    if votes := _votes(change):
        lines.append("Votes: " + "; ".join(votes))
    revision = obj(change, "revisions", text(change.get("current_revision")))
    commit = obj(revision, "commit")
    if message := text(commit.get("message")).strip():
        lines += ["", "## Commit message", "", fenced(message, "text")]
    files = [(path, info) for path, info in obj(revision, "files").items() if isinstance(info, dict)]
    if files:
        patch_set = number(revision.get("_number"))
        lines += ["", f"## Files (patch set {patch_set})" if patch_set else "## Files", ""]
        for path, info in files[:SHOWN_FILES]:
            status = {"A": "added", "D": "deleted", "R": "renamed", "C": "copied"}.get(text(info.get("status")), "")
            counts = f"+{number(info.get('lines_inserted')) or 0} −{number(info.get('lines_deleted')) or 0}"
            lines.append(f"- `{path}` {counts}" + (f" ({status})" if status else ""))
        if len(files) > SHOWN_FILES:
            lines.append(f"- ... {len(files) - SHOWN_FILES:,} more files")
    messages = objs(change.get("messages"))
    if messages:
        lines += ["", f"## Review messages ({len(messages):,})", ""]
    for item in messages[:SHOWN_MESSAGES]:
        who = byline(_person(obj(item, "author")) or "Gerrit", day_from_iso(item.get("date")))
        said = text(item.get("message")).strip()[:_MAX_MESSAGE_CHARS] or "(no text)"
        lines += [f"### Message · {who}", "", said, ""]
    if len(messages) > SHOWN_MESSAGES:
        lines.append(f"[Showing the first {SHOWN_MESSAGES:,} of {len(messages):,} messages; the rest: {base}]")
    return "\n".join(lines).strip() + "\n"


def _facts(change: dict[str, Any]) -> list[str]:
    status = {"NEW": "open", "MERGED": "merged", "ABANDONED": "abandoned"}.get(text(change.get("status")), "")
    facts = [f"Change · {status or text(change.get('status')).lower() or 'unknown state'}"]
    project, branch = text(change.get("project")), text(change.get("branch"))
    if project:
        facts.append(f"{project} ({branch})" if branch else project)
    facts.append(byline(_person(obj(change, "owner")), day_from_iso(change.get("created")), verb="by"))
    if merged := day_from_iso(change.get("submitted")):
        facts.append(f"merged {merged}")
    elif updated := day_from_iso(change.get("updated")):
        facts.append(f"updated {updated}")
    inserted, deleted = number(change.get("insertions")), number(change.get("deletions"))
    if inserted is not None and deleted is not None:
        facts.append(f"+{inserted:,} −{deleted:,}")
    return facts


def _votes(change: dict[str, Any]) -> list[str]:
    """Each label's non-zero votes: "Code-Review +2 by Ada, +1 by Bob"."""
    said = []
    for label, info in list(obj(change, "labels").items())[:20]:
        votes = [
            f"{value:+d} by {_person(vote) or 'someone'}"
            for vote in objs(obj(info).get("all") if isinstance(info, dict) else None)
            if (value := number(vote.get("value")))
        ]
        if votes:
            said.append(f"{' '.join(str(label).split())} " + ", ".join(votes[:20]))
    return said


def _person(account: dict[str, Any]) -> str:
    return " ".join((text(account.get("name")) or text(account.get("username"))).split())
