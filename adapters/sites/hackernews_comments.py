"""A Hacker News item with its comment tree as Markdown: the tree kept as nested list items.

Each comment is a list item opened by its author and date, its text indented under it, its
replies nested one level deeper, in the order the API gives them. Indentation stops growing at
``MAX_DEPTH`` levels (a 40-deep argument would otherwise be mostly spaces); a deeper reply says
whom it answers instead. The tree is walked without recursion, so no depth of nesting can
exhaust the stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from adapters.sites.fields import day_from_iso, number, objs, text
from adapters.sites.fragments import fragment_markdown

MAX_COMMENTS = 1_000
MAX_DEPTH = 8
_ITEM_URL = "https://news.ycombinator.com/item?id={}"


@dataclass(frozen=True)
class Thread:
    markdown: str
    note: str | None  # which comments were left out, when some were


def thread_markdown(item: dict[str, Any]) -> Thread:
    item_id = number(item.get("id"))
    total = _count(item)
    lines = _story(item, total) if text(item.get("type")) != "comment" else _comment_head(item, total)
    shown = 0
    stack = [(child, 0, _author(item)) for child in reversed(_children(item))]
    while stack and shown < MAX_COMMENTS:
        node, depth, parent = stack.pop()
        shown += 1
        lines += _comment(node, depth, parent)
        stack += [(child, depth + 1, _author(node)) for child in reversed(_children(node))]
    note = None
    if shown < total:
        rest = _ITEM_URL.format(item_id) if item_id is not None else "the page"
        note = f"Showing the first {shown:,} of {total:,} comments; the rest: {rest}"
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _story(item: dict[str, Any], total: int) -> list[str]:
    title = text(item.get("title")).strip() or "(untitled story)"
    facts = []
    link = text(item.get("url"))
    if link.startswith(("http://", "https://")):
        facts.append(f"[{urlsplit(link).hostname or link}]({link})")
    if (points := number(item.get("points"))) is not None:
        facts.append(f"{points:,} points")
    facts.append(_by(item))
    facts.append(f"{total:,} comment{'s' if total != 1 else ''} on Hacker News")
    lines = [f"# {title}", "", " · ".join(facts), ""]
    if body := fragment_markdown(text(item.get("text"))):
        lines += [body, ""]
    return lines + (["## Comments", ""] if total else [])


def _comment_head(item: dict[str, Any], total: int) -> list[str]:
    story = number(item.get("story_id"))
    facts = [_by(item), f"{total:,} repl{'ies' if total != 1 else 'y'}"]
    if story is not None:
        facts.append(f"in the thread {_ITEM_URL.format(story)}")
    lines = ["# A comment on Hacker News", "", " · ".join(facts), ""]
    lines += [fragment_markdown(text(item.get("text"))) or "(deleted)", ""]
    return lines + (["## Replies", ""] if total else [])


def _comment(node: dict[str, Any], depth: int, parent: str) -> list[str]:
    indent = "  " * min(depth, MAX_DEPTH)
    heading = f"{indent}- **{_author(node)}**"
    if day := day_from_iso(node.get("created_at")):
        heading += f" · {day}"
    if depth > MAX_DEPTH:
        heading += f" · reply to {parent}"
    body = fragment_markdown(text(node.get("text"))) or "(deleted)"
    return [heading, *(f"{indent}  {line}" if line else "" for line in body.split("\n"))]


def _by(item: dict[str, Any]) -> str:
    day = day_from_iso(item.get("created_at"))
    return f"by {_author(item)}" + (f" on {day}" if day else "")


def _author(item: dict[str, Any]) -> str:
    return text(item.get("author")) or "[deleted]"


def _children(item: dict[str, Any]) -> list[dict[str, Any]]:
    return [child for child in objs(item.get("children")) if text(child.get("type")) in ("comment", "")]


def _count(item: dict[str, Any]) -> int:
    count, stack = 0, list(_children(item))
    while stack:
        node = stack.pop()
        count += 1
        stack += _children(node)
    return count
