"""An OpenReview forum as Markdown: the submission, then its reviews, comments and decision as a tree.

Everything in a forum is a note: the submission (whose id is the forum's) and every reply, each
naming the note it answers (``replyto``), the invitation it answers (its kind: "Official_Review",
"Official_Comment", "Meta_Review", "Decision"...) and who signed it ("Reviewer_h3Kq", "Authors").
A note's content is a set of named fields; API 2 wraps each value as ``{"value": ...}``, API 1
gives it bare. Fields are written in the order the note holds them, named as the form names them.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import day_from_unix, obj, strings, text
from adapters.sites.comment_tree import Thread, TreeShape, written_tree

# Submission fields shown in the head, not again in the body; fields that are files or internal.
_HEAD_FIELDS = frozenset({"title", "authors", "authorids", "venue", "venueid", "keywords", "TLDR", "TL;DR", "abstract"})
_HIDDEN_FIELDS = frozenset(
    {"pdf", "supplementary_material", "_bibtex", "paperhash", "code_of_ethics", "submission_guidelines"}
)


def value(content: dict[str, Any], field: str) -> Any:
    """A content field's value under either API's shape."""
    found = content.get(field)
    return found.get("value") if isinstance(found, dict) else found


def forum_markdown(notes: list[dict[str, Any]], forum_id: str, site: str) -> Thread:
    """``notes``: every note of the forum (API 1 or 2); the submission is the one whose id is the forum's."""
    submission = next((note for note in notes if text(note.get("id")) == forum_id), None)
    if submission is None:
        submission = next((note for note in notes if not text(note.get("replyto"))), {})
    content = obj(submission, "content")
    title = " ".join(_said(value(content, "title")).split()) or "(untitled submission)"
    lines = [f"# {title}", ""]
    facts = ["OpenReview"]
    if venue := _said(value(content, "venue")):
        facts.append(venue)
    if authors := _said(value(content, "authors")):
        facts.append(authors)
    if day := _day(submission):
        facts.append(day)
    lines += [" · ".join(facts), ""]
    for label, field in (("Keywords", "keywords"), ("TL;DR", "TLDR"), ("TL;DR", "TL;DR")):
        if said := _said(value(content, field)):
            lines += [f"**{label}:** {said}", ""]
    if abstract := _said(value(content, "abstract")).strip():
        lines += ["## Abstract", "", abstract, ""]
    for field in _fields(content, skip=_HEAD_FIELDS):
        lines += [field, ""]
    lines += [f"PDF: {site}/pdf?id={forum_id}", ""]
    roots = _tree(notes, text(submission.get("id")))
    tree = written_tree(roots, _shape(site, forum_id))
    if roots:
        lines += [f"## Reviews and discussion ({tree.total:,})", "", *tree.lines]
    note = (
        f"Showing {tree.shown:,} of {tree.total:,} replies, the deepest cut first" if tree.shown < tree.total else None
    )
    if note:
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _tree(notes: list[dict[str, Any]], root_id: str) -> list[dict[str, Any]]:
    """Replies as tree nodes (copies with their replies), oldest first; a reply to a note not given
    goes under the submission."""
    nodes = {
        note_id: {**note, "_replies": []} for note in notes if (note_id := text(note.get("id"))) and note_id != root_id
    }
    roots: list[dict[str, Any]] = []
    for node in sorted(nodes.values(), key=_time):
        parent = nodes.get(text(node.get("replyto")))
        (parent["_replies"] if parent is not None and parent is not node else roots).append(node)
    return roots


def _heading(note: dict[str, Any]) -> str:
    kind = _kind(note)
    who = _signer(note)
    parts = [f"**{kind}**" + (f" by {who}" if who else "")]
    if day := _day(note):
        parts.append(day)
    content = obj(note, "content")
    for field in ("rating", "recommendation", "decision", "confidence"):
        if said := _said(value(content, field)):
            parts.append(f"{_label(field)}: {said}")
    return " · ".join(parts)


def _body(note: dict[str, Any]) -> str:
    skip = {"rating", "recommendation", "decision", "confidence"}
    return "\n\n".join(_fields(obj(note, "content"), skip=skip)) or "(no text)"


def _fields(content: dict[str, Any], *, skip: frozenset[str] | set[str]) -> list[str]:
    written = []
    for field in content:
        if field in skip or field in _HIDDEN_FIELDS or field.startswith("_"):
            continue
        said = _said(value(content, field)).strip()
        if said:
            # A short value on the label's line; a long one (a review's paragraphs) below it.
            written.append(f"**{_label(field)}:** {said}" if "\n" not in said else f"**{_label(field)}:**\n\n{said}")
    return written


def _said(found: Any) -> str:
    if isinstance(found, str):
        return found
    if isinstance(found, bool):
        return "yes" if found else "no"
    if isinstance(found, (int, float)):
        return str(found)
    if isinstance(found, list):
        return ", ".join(item for item in (_said(part) for part in found[:50]) if item)
    return ""


def _label(field: str) -> str:
    words = field.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _kind(note: dict[str, Any]) -> str:
    """The invitation's last part, in words: "Official_Review" -> "Official Review"."""
    invitations = [name for name in strings(note.get("invitations")) if name] or [text(note.get("invitation"))]
    # ".../Submission42/-/Official_Review" (API 2), ".../-/Paper9/Official_Review" (API 1): the last part.
    name = invitations[0].rsplit("/", 1)[-1] if invitations[0] else ""
    return name.replace("_", " ").strip() or "Reply"


def _signer(note: dict[str, Any]) -> str:
    signatures = [name for name in strings(note.get("signatures")) if name]
    if not signatures:
        return ""
    last = signatures[0].rsplit("/", 1)[-1]
    return last.lstrip("~").replace("_", " ")


def _day(note: dict[str, Any]) -> str:
    for key in ("cdate", "tcdate", "pdate"):
        stamp = note.get(key)
        if isinstance(stamp, int) and not isinstance(stamp, bool) and stamp > 0:
            return day_from_unix(stamp // 1000)
    return ""


def _time(note: dict[str, Any]) -> int:
    stamp = note.get("cdate") or note.get("tcdate")
    return stamp if isinstance(stamp, int) and not isinstance(stamp, bool) else 0


def _shape(site: str, forum_id: str) -> TreeShape:
    return TreeShape(
        replies=lambda node: node["_replies"],
        heading=_heading,
        body=_body,
        author=lambda node: _signer(node) or "a reply",
        link=lambda node: f"{site}/forum?id={forum_id}&noteId={text(node.get('id'))}",
    )
