"""A Jira issue as Markdown: its facts, its description, its links and sub-tasks, then every comment in order.

Descriptions and comments come as Jira renders them (``renderedFields``, ``renderedBody``: HTML,
read as a post is and bounded the same way); when a Jira gives no rendering, the wiki markup as
written is the text. Links to other issues are written as addresses on the same Jira.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, objs, strings, text
from adapters.sites.fragments import post_markdown

#: Attachments listed at most (an issue with hundreds of logs lists the rest on its page).
SHOWN_ATTACHMENTS = 50


def issue_markdown(
    issue: dict[str, Any], comments: list[dict[str, Any]], total: int | None, base: str, cut: str | None
) -> str:
    fields, rendered = obj(issue, "fields"), obj(issue, "renderedFields")
    key = text(issue.get("key"))
    summary = " ".join(text(fields.get("summary")).split()) or "(no summary)"
    lines = [f"# {summary} ({key})", "", " · ".join(_facts(fields))]
    for label, values in (
        ("Affects versions", _names(fields.get("versions"))),
        ("Fix versions", _names(fields.get("fixVersions"))),
        ("Components", _names(fields.get("components"))),
        ("Labels", [" ".join(tag.split()) for tag in strings(fields.get("labels"))]),
    ):
        if values:
            lines.append(f"{label}: {', '.join(values)}")
    parent = obj(fields, "parent")
    if text(parent.get("key")):
        lines.append(f"Parent: {_issue_link(parent, base)}")
    lines += ["", "## Description", "", _body(rendered.get("description"), fields.get("description"), base)]
    if text(fields.get("environment")).strip():
        lines += ["", "## Environment", "", _body(rendered.get("environment"), fields.get("environment"), base)]
    links = [_linked(link, base) for link in objs(fields.get("issuelinks"))]
    if links := [link for link in links if link]:
        lines += ["", "## Links", "", *links]
    subtasks = [f"- {_issue_link(task, base)}" for task in objs(fields.get("subtasks")) if text(task.get("key"))]
    if subtasks:
        lines += ["", "## Sub-tasks", "", *subtasks]
    attachments = [_attachment(item) for item in objs(fields.get("attachment"))[:SHOWN_ATTACHMENTS]]
    if attachments := [item for item in attachments if item]:
        lines += ["", "## Attachments", "", *attachments]
    count = total if total is not None else len(comments)
    lines += ["", f"## Comments ({count:,})" if count else "## Comments", ""]
    if not comments:
        lines.append("(no comments)")
    for comment in comments:
        author = _person(comment.get("author"))
        lines += [f"### Comment · {byline(author, day_from_iso(comment.get('created')))}", ""]
        lines += [_body(comment.get("renderedBody"), comment.get("body"), base), ""]
    if cut:
        lines += ["", f"[{cut}]"]
    return "\n".join(lines).strip() + "\n"


def _facts(fields: dict[str, Any]) -> list[str]:
    kind = text(obj(fields, "issuetype").get("name")) or "Issue"
    status = text(obj(fields, "status").get("name")) or "unknown status"
    resolution = text(obj(fields, "resolution").get("name"))
    facts = [f"{kind} · {status}" + (f" ({resolution})" if resolution else "")]
    if priority := text(obj(fields, "priority").get("name")):
        facts.append(f"priority {priority}")
    facts.append(byline(_person(fields.get("reporter")), day_from_iso(fields.get("created")), verb="reported by"))
    assignee = _person(fields.get("assignee"))
    facts.append(f"assigned to {assignee}" if assignee else "unassigned")
    if resolved := day_from_iso(fields.get("resolutiondate")):
        facts.append(f"resolved {resolved}")
    elif updated := day_from_iso(fields.get("updated")):
        facts.append(f"updated {updated}")
    for name, count in (("vote", number(obj(fields, "votes").get("votes"))),
                        ("watcher", number(obj(fields, "watches").get("watchCount")))):  # fmt: skip
        if count:
            facts.append(f"{count:,} {name}{'s' if count != 1 else ''}")
    return facts


def _body(html: Any, written: Any, base: str) -> str:
    """The rendered HTML as Markdown; else the text as written (wiki markup); else "(none)"."""
    if text(html).strip():
        return post_markdown(text(html), base_url=base + "/")
    return text(written).strip() or "(none)"


def _linked(link: dict[str, Any], base: str) -> str:
    kind = obj(link, "type")
    for side, relation in (("outwardIssue", "outward"), ("inwardIssue", "inward")):
        other = obj(link, side)
        if text(other.get("key")):
            said = " ".join(text(kind.get(relation)).split()) or "relates to"
            return f"- {said} {_issue_link(other, base)}"
    return ""


def _issue_link(other: dict[str, Any], base: str) -> str:
    """ "[KEY-1](base/browse/KEY-1): its summary (its status)", as far as the answer tells."""
    key = text(other.get("key"))
    fields = obj(other, "fields")
    summary = " ".join(text(fields.get("summary")).split())
    status = text(obj(fields, "status").get("name"))
    return f"[{key}]({base}/browse/{key})" + (f": {summary}" if summary else "") + (f" ({status})" if status else "")


def _attachment(item: dict[str, Any]) -> str:
    name, address, size = text(item.get("filename")).strip(), text(item.get("content")), number(item.get("size"))
    if not name:
        return ""
    sized = f" ({size:,} bytes)" if size is not None and size >= 0 else ""
    return (f"- [{name}]({address})" if address.startswith(("https://", "http://")) else f"- {name}") + sized


def _person(value: Any) -> str:
    person = value if isinstance(value, dict) else {}
    return " ".join((text(person.get("displayName")) or text(person.get("name"))).split())


def _names(value: Any) -> list[str]:
    return [name for item in objs(value) if (name := " ".join(text(item.get("name")).split()))]
