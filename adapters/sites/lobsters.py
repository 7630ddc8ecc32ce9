"""Lobsters stories with their comment trees, through the site's own JSON view of a story.

A story's page (lobste.rs/s/{id}/{slug}) nests its comments in lists whose depth only the page's
indentation shows; generic extraction flattens them, keeping every "reply", "flag" and "link"
control, so nobody can tell which comment answers which. The same address with ``.json`` gives
the story (title, link, tags, score, the submitter's text) and every comment with its author,
date, score and the comment it answers, which are written as a tree as Hacker News threads are
(``comment_tree``).
"""

from __future__ import annotations

import re
from typing import Any

import anyio

from adapters.json_fields import day_from_iso, number, obj, objs, one_line, strings, text
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.comment_tree import Thread, TreeShape, cut_note, written_tree
from adapters.sites.fragments import post_markdown
from adapters.sites.urls import on_hosts, story_link
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_SITE_URL = "https://lobste.rs"
_SHORT_ID = re.compile(r"[a-z0-9]{1,12}")
_USER = re.compile(r"[A-Za-z0-9_-]{1,50}")
#: The comments' HTML read at most, all of them together.
MAX_THREAD_HTML = 1_000_000


def story_of(url: str) -> str | None:
    """Pure: the story a Lobsters URL shows (``/s/{id}``, with its slug or not); None for anything else."""
    parsed = on_hosts(url, lambda host: host in ("lobste.rs", "www.lobste.rs"))
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if len(parts) in (2, 3) and parts[0] == "s" and _SHORT_ID.fullmatch(parts[1].removesuffix(".json")):
        return parts[1].removesuffix(".json")
    return None


class LobstersResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Lobsters' JSON view"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return story_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        story_id = story_of(url)
        if story_id is None:
            raise SiteUnavailable("not a Lobsters story's address")
        story = obj(await call_json(self._caller, f"{self._site_url}/s/{story_id}.json"))
        if not text(story.get("title")).strip():
            raise SiteUnavailable("its answer had no story")
        thread = await anyio.to_thread.run_sync(story_markdown, story)
        page = f"{self._site_url}/s/{story_id}"
        return ResolvedPage(page, thread.markdown, self.site, truncated=thread.note is not None, note=thread.note)


def story_markdown(story: dict[str, Any]) -> Thread:
    comments, spent = _within_budget(objs(story.get("comments")))
    roots = _tree(comments)
    tree = written_tree(roots, _SHAPE, top_author=_user(story.get("submitter_user")))
    title = one_line(story.get("title"))
    facts = []
    if (linked := story_link(text(story.get("url")))) is not None:
        facts.append(f"[{linked[1]}]({linked[0]})")
    if tags := [tag for tag in strings(story.get("tags")) if re.fullmatch(r"[a-z0-9_.+-]{1,40}", tag)]:
        facts.append("tags: " + ", ".join(tags))
    if (score := number(story.get("score"))) is not None:
        facts.append(f"{score:,} points")
    day = day_from_iso(story.get("created_at"))
    facts.append(f"by {_user(story.get('submitter_user'))}" + (f" on {day}" if day else ""))
    facts.append(f"{tree.total:,} comment{'s' if tree.total != 1 else ''} on Lobsters")
    lines = [f"# {title}", "", " · ".join(facts), ""]
    if text(story.get("description")).strip():
        lines += [post_markdown(text(story.get("description"))), ""]
    if tree.total:
        lines += ["## Comments", "", *tree.lines]
    notes = [said for said in (cut_note(tree), spent) if said]
    note = "; ".join(notes) or None
    if note:
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _within_budget(comments: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str | None]:
    """The comments whose HTML fits ``MAX_THREAD_HTML`` together (converting runs in a thread no
    deadline stops), and what the note says of the rest."""
    left = MAX_THREAD_HTML
    kept: list[dict[str, Any]] = []
    for comment in comments:
        left -= len(text(comment.get("comment")))
        if left < 0:
            passed = f"their text passed {MAX_THREAD_HTML:,} characters"
            return kept, f"the comments after the first {len(kept):,} are not shown: {passed}"
        kept.append(comment)
    return kept, None


def _tree(comments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The flat list (in thread order) as nodes with their replies: by the comment each names as its
    parent, or, in older answers that name none, by its depth under the comments before it.

    A comment whose parent is not among those before it (cut, or a made-up id) becomes a top-level
    one, so no comment is lost and no cycle can form.
    """
    nodes: dict[str, dict[str, Any]] = {}
    roots: list[dict[str, Any]] = []
    open_at: list[dict[str, Any]] = []  # the last comment seen at each depth, for answers without parents
    by_parent = any("parent_comment" in comment for comment in comments)
    for comment in comments:
        node = {**comment, "_replies": []}
        if by_parent:
            parent = nodes.get(text(comment.get("parent_comment")))
        else:
            depth = number(comment.get("depth"))
            depth = depth if depth is not None else number(comment.get("indent_level"))
            depth = min(max(depth or 0, 0), len(open_at))
            del open_at[depth:]
            parent = open_at[-1] if open_at else None
            open_at.append(node)
        (parent["_replies"] if parent is not None else roots).append(node)
        if short_id := text(comment.get("short_id")):
            nodes.setdefault(short_id, node)
    return roots


def _user(value: Any) -> str:
    """A user as the JSON names one: a name, or (in older answers) an object holding it; Lobsters'
    names are letters, digits, "_" and "-", and anything else is not written into the heading."""
    name = text(value) or text(obj(value).get("username"))
    return name if _USER.fullmatch(name) else "[deleted]"


def _heading(node: dict[str, Any]) -> str:
    facts = [f"**{_user(node.get('commenting_user'))}**"]
    if day := day_from_iso(node.get("created_at")):
        facts.append(day)
    if (score := number(node.get("score"))) is not None:
        facts.append(f"{score:,} points")
    return " · ".join(facts)


def _body(node: dict[str, Any]) -> str:
    if node.get("is_moderated") is True:  # Lobsters writes the moderator's reason as the comment
        return (
            post_markdown(text(node.get("comment")))
            if text(node.get("comment")).strip()
            else "(removed by a moderator)"
        )
    if node.get("is_deleted") is True:
        return "(deleted)"
    return post_markdown(text(node.get("comment")))


def _link(node: dict[str, Any]) -> str | None:
    short_id = text(node.get("short_id"))
    return f"https://lobste.rs/c/{short_id}" if _SHORT_ID.fullmatch(short_id) else None


_SHAPE = TreeShape(
    replies=lambda node: node["_replies"],
    heading=_heading,
    body=_body,
    author=lambda node: _user(node.get("commenting_user")),
    link=_link,
)
