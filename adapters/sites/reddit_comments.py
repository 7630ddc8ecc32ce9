"""A Reddit thread's JSON as Markdown: the post with its facts, then the comment tree (``comment_tree``).

Comments keep Reddit's own order (its "best" sort, as on the page) and their authors' Markdown.
Where Reddit sent a stub instead of replies ("12 more replies", "continue this thread"), the tree
says so in place, and the note counts what was not sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adapters.json_fields import day_from_unix, number, obj, objs, text
from adapters.sites.comment_tree import Thread, TreeShape, written_tree


def thread_markdown(data: Any, thread_url: str) -> Thread | None:
    """None when the answer holds no post (a listing of something else, an error object)."""
    listings = data if isinstance(data, list) else []
    post = next((obj(t, "data") for t in _things(listings[0]) if t.get("kind") == "t3"), None) if listings else None
    if post is None:
        return None
    roots = _things(listings[1]) if len(listings) > 1 else []
    lines = _post(post)
    if roots:
        lines += ["## Comments", ""]
    shape = _shape(_Links(thread_url, text(post.get("permalink"))))
    tree = written_tree(roots, shape, top_author=_author(post))
    lines += tree.lines
    notes = []
    if tree.shown < tree.total:
        notes.append(f"Showing {tree.shown:,} of {tree.total:,} comments, the deepest replies cut first")
    unsent, continued = _unsent(roots)
    if unsent:
        notes.append(f"{unsent:,} more replies were not in Reddit's first answer")
    if continued:
        notes.append(f"{continued:,} deeper thread{'s continue' if continued != 1 else ' continues'} on Reddit")
    note = f"{'; '.join(notes)}: each gap is marked where it was, with the link that reads it" if notes else None
    if note:
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


@dataclass(frozen=True)
class _Links:
    """A comment's own page, from the post's permalink: the thread's path plus the comment's id."""

    thread_url: str
    permalink: str  # "/r/sub/comments/id/slug/"

    def of(self, comment_id: str) -> str | None:
        if not comment_id.isalnum() or not self.permalink.startswith("/"):
            return None
        origin = "/".join(self.thread_url.split("/", 3)[:3])
        return f"{origin}{self.permalink.rstrip('/')}/{comment_id}/"


def _post(post: dict[str, Any]) -> list[str]:
    title = text(post.get("title")).strip() or "(untitled post)"
    facts = [text(post.get("subreddit_name_prefixed")) or "Reddit"]
    if (score := number(post.get("score"))) is not None:
        ratio = post.get("upvote_ratio")
        upvoted = f" ({round(ratio * 100)}% upvoted)" if isinstance(ratio, float | int) and 0 <= ratio <= 1 else ""
        facts.append(f"{score:,} points{upvoted}")
    facts.append(f"by {_author(post)}" + (f" on {day}" if (day := day_from_unix(post.get("created_utc"))) else ""))
    if (comments := number(post.get("num_comments"))) is not None:
        facts.append(f"{comments:,} comments")
    if flair := text(post.get("link_flair_text")).strip():
        facts.append(f"flair: {flair}")
    facts += [word for word, flag in (("locked", "locked"), ("archived", "archived")) if post.get(flag) is True]
    lines = [f"# {title}", "", " · ".join(facts), ""]
    link = text(post.get("url_overridden_by_dest")) or ("" if post.get("is_self") is True else text(post.get("url")))
    if link.startswith(("http://", "https://")):
        lines += [f"Link: {link}", ""]
    if body := text(post.get("selftext")).strip():
        lines += [body, ""]
    return lines


def _shape(links: _Links) -> TreeShape:
    def heading(node: dict[str, Any]) -> str:
        data = obj(node, "data")
        if node.get("kind") == "more":
            parent = links.of(text(data.get("parent_id")).removeprefix("t1_"))
            where = f": {parent}" if parent else ""
            unsent = number(data.get("count")) or 0
            if unsent:
                return f"({unsent:,} more repl{'ies' if unsent != 1 else 'y'} on Reddit{where})"
            return f"(the thread continues on Reddit{where})"
        return _comment_heading(data)

    def link(node: dict[str, Any]) -> str | None:
        return links.of(text(obj(node, "data").get("id")))

    def weight(node: dict[str, Any]) -> int:
        return max(number(obj(node, "data").get("count")) or 0, 1) if node.get("kind") == "more" else 1

    return TreeShape(replies=_replies, heading=heading, body=_body, author=_author, link=link, weight=weight)


def _comment_heading(data: dict[str, Any]) -> str:
    parts = [f"**{_author(data)}**" + (" (OP)" if data.get("is_submitter") is True else "")]
    if text(data.get("distinguished")) in ("moderator", "admin"):
        parts.append(text(data.get("distinguished")))
    if data.get("stickied") is True:
        parts.append("pinned")
    if data.get("score_hidden") is not True and (score := number(data.get("score"))) is not None:
        parts.append(f"{score:,} point{'s' if score != 1 else ''}")
    if day := day_from_unix(data.get("created_utc")):
        parts.append(day)
    return " · ".join(parts)


def _body(node: dict[str, Any]) -> str:
    if node.get("kind") == "more":
        return ""
    return text(obj(node, "data").get("body")).strip() or "(no text)"


def _replies(node: dict[str, Any]) -> list[dict[str, Any]]:
    if node.get("kind") != "t1":
        return []
    replies = obj(node, "data").get("replies")
    return _things(replies)


def _author(data: dict[str, Any]) -> str:
    if "kind" in data and "data" in data:  # a thing, not its data
        data = obj(data, "data")
    name = text(data.get("author"))
    return f"u/{name}" if name and name != "[deleted]" else "[deleted]"


def _things(listing: Any) -> list[dict[str, Any]]:
    return [t for t in objs(obj(listing, "data").get("children")) if t.get("kind") in ("t1", "t3", "more")]


def _unsent(roots: list[dict[str, Any]]) -> tuple[int, int]:
    """Replies Reddit counted but did not send, and stubs that only say the thread goes on deeper."""
    unsent = continued = 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.get("kind") == "more":
            stub = number(obj(node, "data").get("count")) or 0
            unsent += stub
            continued += not stub
        stack += _replies(node)
    return unsent, continued
