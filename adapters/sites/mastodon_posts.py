"""A Mastodon post with its thread as Markdown: what it answers, the post, then the replies as a tree.

The API gives the replies as one flat list, each naming the post it answers
(``in_reply_to_id``); they are put back into a tree here and written by ``comment_tree``. A
content warning comes before the text it hides; pictures are their descriptions, linked.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from adapters.sites.comment_tree import Thread, TreeShape, written_tree
from adapters.sites.fields import day_from_iso, number, obj, objs, text
from adapters.sites.fragments import fragment_markdown


def thread_markdown(
    post: dict[str, Any], ancestors: list[dict[str, Any]], descendants: list[dict[str, Any]], origin: str
) -> Thread:
    host = urlsplit(origin).hostname or "a Mastodon server"
    lines = [f"# A post by {_author(post)} on {host}", ""]
    if ancestors:
        lines += ["## Earlier in the thread", ""]
        for above in ancestors:
            lines += [f"- {_heading(above)}", *(f"  {line}" if line else "" for line in _body(above).split("\n"))]
        lines.append("")
    lines += ["## The post", "", _heading(post, counts=True), "", _body(post), ""]
    replies = _tree(post, descendants)
    if replies:
        lines += ["## Replies", ""]
    tree = written_tree(replies, _SHAPE, top_author=_author(post))
    lines += tree.lines
    notes = []
    if tree.shown < tree.total:
        notes.append(f"Showing {tree.shown:,} of {tree.total:,} replies, the deepest cut first")
    direct = sum(1 for reply in descendants if text(reply.get("in_reply_to_id")) == text(post.get("id")))
    if (said := number(post.get("replies_count")) or 0) > direct:
        notes.append(
            f"{said - direct:,} of the post's {said:,} direct replies were not given to a reader without an account"
        )
    note = "; ".join(notes) or None
    if note:
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _tree(post: dict[str, Any], descendants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The replies as a tree: each under the post it answers, copied so that the API's dicts stay as sent."""
    nodes = {text(d.get("id")): {**d, "_replies": []} for d in descendants if text(d.get("id"))}
    roots: list[dict[str, Any]] = []
    for node in nodes.values():
        parent = nodes.get(text(node.get("in_reply_to_id")))
        (parent["_replies"] if parent is not None and parent is not node else roots).append(node)
    return roots


def _heading(status: dict[str, Any], *, counts: bool = False) -> str:
    parts = [f"**{_author(status)}**"]
    if day := day_from_iso(status.get("created_at")):
        parts.append(day)
    if counts:
        for key, noun in (
            ("replies_count", "replies"),
            ("reblogs_count", "boosts"),
            ("favourites_count", "favourites"),
        ):
            if (value := number(status.get(key))) is not None:
                parts.append(f"{value:,} {noun}")
    return " · ".join(parts)


def _body(status: dict[str, Any]) -> str:
    parts = []
    if warning := text(status.get("spoiler_text")).strip():
        parts.append(f"Content warning: {warning}")
    parts.append(
        fragment_markdown(text(status.get("content")), base_url=text(status.get("url")) or None) or "(no text)"
    )
    for media in objs(status.get("media_attachments")):
        where = text(media.get("url"))
        words = " ".join(text(media.get("description")).split()) or text(media.get("type")) or "attachment"
        if where.startswith(("http://", "https://")):
            parts.append(f"[{words.replace('[', '(').replace(']', ')')}]({where})")
    card = obj(status, "card")
    if (link := text(card.get("url"))).startswith(("http://", "https://")):
        parts.append(f"Link: [{text(card.get('title')).strip() or link}]({link})")
    return "\n\n".join(parts)


def _author(status: dict[str, Any]) -> str:
    account = obj(status, "account")
    handle = text(account.get("acct"))
    name = " ".join(text(account.get("display_name")).split())
    if handle and name and name != handle:
        return f"{name} (@{handle})"
    return f"@{handle}" if handle else (name or "an unknown account")


def _link(status: dict[str, Any]) -> str | None:
    where = text(status.get("url"))
    return where if where.startswith(("http://", "https://")) else None


_SHAPE = TreeShape(
    replies=lambda node: node["_replies"],
    heading=_heading,
    body=_body,
    author=_author,
    link=_link,
)
