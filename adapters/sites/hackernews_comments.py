"""A Hacker News item with its comment tree as Markdown (``comment_tree``: nested list items).

Comments come in the API's order; a deleted one stays as ``(deleted)`` so that its replies keep
their place in the tree.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import day_from_iso, number, objs, text
from adapters.pages.html_fragments import fragment_markdown
from adapters.sites.comment_tree import Thread, TreeShape, cut_note, written_tree
from adapters.sites.urls import story_link

_ITEM_URL = "https://news.ycombinator.com/item?id={}"


def thread_markdown(item: dict[str, Any]) -> Thread:
    tree = written_tree(_replies(item), _SHAPE, top_author=_author(item))
    head = _story if text(item.get("type")) != "comment" else _comment_head
    lines = head(item, tree.total) + tree.lines
    if (note := cut_note(tree)) is not None:
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _story(item: dict[str, Any], total: int) -> list[str]:
    title = text(item.get("title")).strip() or "(untitled story)"
    facts = []
    if (linked := story_link(text(item.get("url")))) is not None:
        facts.append(f"[{linked[1]}]({linked[0]})")
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
    lines += [_body(item), ""]
    return lines + (["## Replies", ""] if total else [])


def _heading(node: dict[str, Any]) -> str:
    day = day_from_iso(node.get("created_at"))
    return f"**{_author(node)}**" + (f" · {day}" if day else "")


def _body(node: dict[str, Any]) -> str:
    return fragment_markdown(text(node.get("text"))) or "(deleted)"


def _link(node: dict[str, Any]) -> str | None:
    node_id = number(node.get("id"))
    return _ITEM_URL.format(node_id) if node_id is not None else None


def _by(item: dict[str, Any]) -> str:
    day = day_from_iso(item.get("created_at"))
    return f"by {_author(item)}" + (f" on {day}" if day else "")


def _author(item: dict[str, Any]) -> str:
    return text(item.get("author")) or "[deleted]"


def _replies(item: dict[str, Any]) -> list[dict[str, Any]]:
    return [child for child in objs(item.get("children")) if text(child.get("type")) in ("comment", "")]


_SHAPE = TreeShape(replies=_replies, heading=_heading, body=_body, author=_author, link=_link)
