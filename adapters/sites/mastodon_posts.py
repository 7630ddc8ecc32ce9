"""A Mastodon post with its thread as Markdown: what it answers, the post, then the replies as a tree.

The API gives the replies as one flat list, each naming the post it answers
(``in_reply_to_id``); they are put back into a tree here and written by ``comment_tree``. A
content warning comes before the text it hides; pictures are their descriptions, linked.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from adapters.json_fields import account_name, day_from_iso, number, obj, objs, text
from adapters.sites.comment_tree import Thread, TreeShape, written_tree
from adapters.sites.fragments import MAX_POST_HTML as MAX_POST_HTML  # the bound its callers and tests name
from adapters.sites.fragments import post_markdown

# What a server gives a reader without an account (Mastodon's own limits, and so the bounds for a
# page that only poses as one): the 40 posts above, the first 60 replies.
MAX_ANCESTORS = 40
GIVEN_REPLIES = 60


def thread_markdown(
    post: dict[str, Any], ancestors: list[dict[str, Any]], descendants: list[dict[str, Any]], origin: str
) -> Thread:
    host = urlsplit(origin).hostname or "a Mastodon server"
    lines = [f"# A post by {_author(post)} on {host}", ""]
    if ancestors:
        lines += ["## Earlier in the thread", ""]
        if len(ancestors) > MAX_ANCESTORS:
            lines.append(f"- ({len(ancestors) - MAX_ANCESTORS:,} earlier posts not shown)")
        for above in ancestors[-MAX_ANCESTORS:]:
            lines += [f"- {_heading(above)}", *(f"  {line}" if line else "" for line in _body(above).split("\n"))]
        lines.append("")
    lines += ["## The post", "", _heading(post, counts=True), "", _body(post), ""]
    replies, given = _tree(post, descendants)
    if replies:
        lines += ["## Replies", ""]
    tree = written_tree(replies, _SHAPE, top_author=_author(post))
    lines += tree.lines
    notes = []
    if tree.shown < tree.total:
        notes.append(f"Showing {tree.shown:,} of {tree.total:,} replies, the deepest cut first")
    if looped := given - tree.total:
        notes.append(f"{looped:,} replies that answer each other in a loop were left out")
    direct = sum(1 for reply in replies if not reply["_orphan"])
    if (said := number(post.get("replies_count")) or 0) > direct:
        notes.append(
            f"{said - direct:,} of the post's {said:,} direct replies were not given to a reader without an account"
        )
    elif given >= GIVEN_REPLIES:
        notes.append(
            f"the server gave {given:,} replies, as many as it gives a reader without an account: some may be missing"
        )
    note = "; ".join(notes) or None
    if note:
        note = note[0].upper() + note[1:]
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _tree(post: dict[str, Any], descendants: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The replies as a tree, and how many distinct replies were given.

    Each reply goes under the post it answers (copied, so the API's dicts stay as sent); one whose
    parent was not given (the server held it back) stays at the top, marked as answering a post not
    shown; replies answering each other in a loop belong to no tree and are left out.
    """
    post_id = text(post.get("id"))
    nodes: dict[str, dict[str, Any]] = {}
    for reply in descendants:
        if (reply_id := text(reply.get("id"))) and reply_id not in nodes and reply_id != post_id:
            nodes[reply_id] = {**reply, "_replies": [], "_orphan": False}
    roots: list[dict[str, Any]] = []
    for node in nodes.values():
        parent_id = text(node.get("in_reply_to_id"))
        parent = nodes.get(parent_id)
        if parent is not None and parent is not node:
            parent["_replies"].append(node)
        else:
            node["_orphan"] = parent_id != post_id
            roots.append(node)
    return roots, len(nodes)


def _heading(status: dict[str, Any], *, counts: bool = False) -> str:
    parts = [f"**{_author(status)}**"]
    if status.get("_orphan") is True:
        parts.append("reply to a post not shown")
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
    parts.append(post_markdown(text(status.get("content")), base_url=text(status.get("url")) or None))
    if options := [option for option in objs(obj(status, "poll").get("options")) if text(option.get("title"))]:
        parts.append(
            "Poll: "
            + " · ".join(f"{text(o.get('title'))} ({number(o.get('votes_count')) or 0:,} votes)" for o in options)
        )
    for media in objs(status.get("media_attachments")):
        links = (text(media.get(key)) for key in ("url", "remote_url"))
        where = next((link for link in links if link.startswith(("http://", "https://"))), "")
        words = " ".join(text(media.get("description")).split()) or text(media.get("type")) or "attachment"
        words = words.replace("[", "(").replace("]", ")")
        parts.append(f"[{words}]({where})" if where else f"[Attachment: {words}]")
    card = obj(status, "card")
    if (link := text(card.get("url"))).startswith(("http://", "https://")):
        parts.append(f"Link: [{text(card.get('title')).strip() or link}]({link})")
    return "\n\n".join(parts)


def _author(status: dict[str, Any]) -> str:
    account = obj(status, "account")
    return account_name(text(account.get("acct")), text(account.get("display_name")))


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
