"""A GitLab issue or merge request as Markdown: its facts, its description, then every comment in order.

GitLab's own notes ("changed the description", "added ~bug label", "mentioned in commit ...")
are events, not things anyone said, and are left out; the facts line gives the state they led to.
Descriptions and comments are Markdown as their authors wrote them.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, objs, text


def thread_markdown(kind: str, subject: dict[str, Any], notes: list[dict[str, Any]], cut: str | None) -> str:
    iid = number(subject.get("iid"))
    mark = "!" if kind == "merge_requests" else "#"
    title = text(subject.get("title")).strip() or "(untitled)"
    lines = [f"# {title}" + (f" ({mark}{iid})" if iid is not None else ""), "", " · ".join(_facts(kind, subject))]
    labels = (
        [label for label in subject.get("labels", []) if isinstance(label, str)]
        if isinstance(subject.get("labels"), list)
        else []
    )
    if labels:
        lines.append("Labels: " + ", ".join(labels))
    lines += ["", text(subject.get("description")).strip() or "(no description)"]
    for note in notes:
        if note.get("system") is True:
            continue
        lines += ["", f"### Comment · {_by(note, 'by')}", "", text(note.get("body")).strip() or "(no text)"]
    if cut:
        lines += ["", f"[{cut}]"]
    return "\n".join(lines).strip() + "\n"


def _facts(kind: str, subject: dict[str, Any]) -> list[str]:
    state = text(subject.get("state")) or "unknown state"
    facts = [f"{'Merge request' if kind == 'merge_requests' else 'Issue'} · {state}", _by(subject, "opened by")]
    if kind == "merge_requests":
        source, target = text(subject.get("source_branch")), text(subject.get("target_branch"))
        if source and target:
            facts.append(f"{source} → {target}")
    if milestone := text(obj(subject, "milestone").get("title")):
        facts.append(f"milestone: {milestone}")
    assignees = [text(a.get("username")) for a in objs(subject.get("assignees"))]
    if assignees := [a for a in assignees if a]:
        facts.append("assigned to " + ", ".join(assignees))
    votes = [(number(subject.get(key)) or 0, sign) for key, sign in (("upvotes", "+"), ("downvotes", "−"))]
    if any(count for count, _ in votes):
        facts.append(" ".join(f"{sign}{count}" for count, sign in votes))
    if (said := number(subject.get("user_notes_count"))) is not None:
        facts.append(f"{said:,} comment{'s' if said != 1 else ''}")
    return facts


def _by(item: dict[str, Any], verb: str) -> str:
    author = obj(item, "author")
    return byline(text(author.get("username")), day_from_iso(item.get("created_at")), verb=verb)
