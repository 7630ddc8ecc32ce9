"""A Bugzilla bug as Markdown: its facts, its relations, then its description and every comment in order.

Comments are plain text as their authors typed them (quotes of earlier comments as ``>`` lines,
which Markdown reads as quotes too). People are named as Bugzilla shows them to readers without
an account: their real name, else the part of their address before the "@".
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, strings, text

#: Comments written at most (a bug's page shows them all; the longest threads reach thousands).
MAX_COMMENTS = 1_000
_MAX_COMMENT_CHARS = 20_000
_UNSET = frozenset({"", "---", "--", "unspecified", "Unspecified", "N/A", "n/a"})


def bug_markdown(bug: dict[str, Any], comments: list[dict[str, Any]], base: str) -> str:
    ident = number(bug.get("id"))
    summary = " ".join(text(bug.get("summary")).split()) or "(no summary)"
    lines = [f"# {summary} (bug {ident})", "", " · ".join(_facts(bug))]
    where = [_field(bug, "product"), _field(bug, "component"), _field(bug, "version")]
    if where := [part for part in where if part]:
        lines.append("Filed under: " + " / ".join(where))
    for label, key in (("Platform", "platform"), ("OS", "op_sys"), ("Target", "target_milestone")):
        if value := _field(bug, key):
            lines.append(f"{label}: {value}")
    if keywords := [word for word in strings(bug.get("keywords")) if word.strip()]:
        lines.append("Keywords: " + ", ".join(keywords))
    if whiteboard := _field(bug, "whiteboard"):
        lines.append(f"Whiteboard: {whiteboard}")
    for label, key in (("Depends on", "depends_on"), ("Blocks", "blocks"), ("Duplicates", "dupe_of")):
        listed = bug.get(key)
        ids: list[Any] = listed if isinstance(listed, list) else [listed]
        links = [f"[{other}]({base}/show_bug.cgi?id={other})" for other in ids[:50] if _is_id(other)]
        if links:
            lines.append(f"{label}: " + ", ".join(links))
    if (address := text(bug.get("url")).strip()).startswith(("http://", "https://")):
        lines.append(f"URL: {address}")
    see_also = [link for link in strings(bug.get("see_also")) if link.startswith(("http://", "https://"))]
    if see_also:
        lines.append("See also: " + ", ".join(see_also[:20]))
    written = [comment for comment in comments if comment.get("is_private") is not True]
    for index, comment in enumerate(written[:MAX_COMMENTS]):
        count = number(comment.get("count"))
        first = (count if count is not None else index) == 0
        heading = "## Description" if first else f"## Comment {count if count is not None else index}"
        who = byline(_commenter(comment), day_from_iso(comment.get("creation_time") or comment.get("time")))
        lines += ["", f"{heading} · {who}", "", _comment_text(comment)]
    if len(written) > MAX_COMMENTS:
        lines += ["", f"[Showing the first {MAX_COMMENTS:,} of {len(written):,} comments]"]
    if not written:
        lines += ["", "(no description or comments)"]
    return "\n".join(lines).strip() + "\n"


def _facts(bug: dict[str, Any]) -> list[str]:
    status = _field(bug, "status") or "unknown status"
    resolution = _field(bug, "resolution")
    kind = _field(bug, "type").capitalize()  # Mozilla's: defect, enhancement, task
    facts = [(f"{kind} · " if kind else "") + status + (f" ({resolution})" if resolution else "")]
    for label, key in (("severity", "severity"), ("priority", "priority")):
        if value := _field(bug, key):
            facts.append(f"{label} {value}")
    facts.append(byline(_person(bug, "creator"), day_from_iso(bug.get("creation_time")), verb="reported by"))
    assignee = _person(bug, "assigned_to")
    facts.append(f"assigned to {assignee}" if assignee and not assignee.startswith("nobody") else "unassigned")
    if changed := day_from_iso(bug.get("last_change_time")):
        facts.append(f"changed {changed}")
    return facts


def _comment_text(comment: dict[str, Any]) -> str:
    said = text(comment.get("text")).strip()
    if not said:
        return "(no text)"
    if len(said) > _MAX_COMMENT_CHARS:
        said = said[:_MAX_COMMENT_CHARS] + f"\n\n(comment cut: it passed {_MAX_COMMENT_CHARS:,} characters)"
    return said


def _person(bug: dict[str, Any], key: str) -> str:
    detail = obj(bug, f"{key}_detail")
    name = " ".join((text(detail.get("real_name")) or text(detail.get("nick"))).split())
    return name or _login(text(detail.get("name")) or text(bug.get(key)))


def _commenter(comment: dict[str, Any]) -> str:
    return _login(text(comment.get("creator")))


def _login(login: str) -> str:
    """A login as a name: an address's part before the "@" (Bugzilla hides addresses from readers
    without an account)."""
    return " ".join(login.split("@", 1)[0].split())


def _field(bug: dict[str, Any], key: str) -> str:
    value = " ".join(text(bug.get(key)).split())
    return "" if value in _UNSET else value


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10**10
