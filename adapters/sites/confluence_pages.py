"""A Confluence page as Markdown: its title, where it sits, who wrote it and when, its body, its comments.

The body comes as Confluence renders it (``body.view``: HTML, macros drawn: code blocks, tables,
panels), read as a post is but with a page's bound; comments the same, in the order the API gives.
"""

from __future__ import annotations

import re
from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, objs, one_line, text
from adapters.pages.html_fragments import fragment_markdown
from adapters.sites.fragments import post_markdown

#: A page's rendered HTML read at most: a long specification is a few hundred kilobytes; the
#: conversion runs in a thread no deadline stops, so it is bounded by size, and the cut is said.
MAX_PAGE_HTML = 600_000


def confluence_markdown(
    content: dict[str, Any], comments: list[dict[str, Any]], base: str, cut: str | None
) -> tuple[str, str | None]:
    """The page as Markdown, and what the note says when its body was cut (else None)."""
    lines = [f"# {_plain(content.get('title'))}", ""]
    facts = []
    space = obj(content, "space")
    if name := _plain(space.get("name")):
        key = text(space.get("key"))
        facts.append(f"Space: {name}" + (f" ({key})" if re.fullmatch(r"~?[A-Za-z0-9_]{1,100}", key) else ""))
    history, version = obj(content, "history"), obj(content, "version")
    author, day = _person(history.get("createdBy")), day_from_iso(history.get("createdDate"))
    if author or day:
        facts.append("C" + byline(author, day, verb="created by")[1:])
    count = number(version.get("number"))
    count = count if count is not None and count < 10**9 else None
    editor, edited = _person(version.get("by")), day_from_iso(version.get("when"))
    if count is not None and count > 1 and (editor or edited):
        facts.append(f"{byline(editor, edited, verb='last edited by')} (version {count:,})")
    if facts:
        lines += [" · ".join(facts), ""]
    ancestors = [_plain(a.get("title")) for a in objs(content.get("ancestors"))]
    if path := [a for a in ancestors if a]:
        lines += ["Path: " + " › ".join(path), ""]
    html = text(obj(content, "body", "view").get("value"))
    lines += [fragment_markdown(html[:MAX_PAGE_HTML], base_url=base) or "(the page has no text)", ""]
    body_cut = None
    if len(html) > MAX_PAGE_HTML:
        body_cut = f"The page's body is cut: its HTML passed {MAX_PAGE_HTML:,} characters."
        lines += [f"[{body_cut}]", ""]
    if comments or cut:
        lines += [f"## Comments ({len(comments):,})", ""]
    for comment in comments:
        author = _person(obj(comment, "history").get("createdBy"))
        lines += [f"### Comment · {byline(author, day_from_iso(obj(comment, 'history').get('createdDate')))}", ""]
        lines += [post_markdown(text(obj(comment, "body", "view").get("value")), base_url=base), ""]
    if cut:
        lines += [f"[{cut}]"]
    return "\n".join(lines).strip() + "\n", body_cut


def _plain(value: Any) -> str:
    """A name from the answer on one line, its brackets escaped: it cannot open a link or a heading."""
    return one_line(value).replace("[", "\\[").replace("]", "\\]")


def _person(person: Any) -> str:
    return one_line(obj(person).get("displayName") or obj(person).get("publicName"))
