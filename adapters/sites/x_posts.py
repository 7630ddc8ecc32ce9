"""A post on X (Twitter) as Markdown, from the answer X's embed service gives: the post it answers, the
post, its pictures, video and quoted post.

The answer's ``text`` holds links as t.co short links and ends with the link to its own media;
``display_text_range`` (in code points) says which part is the post as shown, and each of
``entities.urls`` says where a short link leads. Text is HTML-escaped (``&amp;``).
"""

from __future__ import annotations

import html
import re
from typing import Any

from adapters.json_fields import account_name, day_from_iso, number, obj, objs, text

_LEADING_MENTIONS = re.compile(r"^(?:@[A-Za-z0-9_]{1,15}\s+){1,50}")
_COUNTS = (("conversation_count", "reply", "replies"), ("favorite_count", "like", "likes"))


def post_markdown(post: dict[str, Any], site: str) -> str:
    """``post``: the embed service's answer for one post (``__typename`` Tweet); ``site``: X's web address."""
    lines = [f"# A post by {_author(post)} on X", ""]
    parent = obj(post, "parent")
    if text(parent.get("id_str")) or text(parent.get("text")):
        lines += ["## Earlier in the thread", "", _heading(parent, site), "", _body(parent, site), ""]
    elif (answered := text(post.get("in_reply_to_screen_name"))) and answered.replace("_", "").isalnum():
        lines += [f"*A reply to @{answered}; the post it answers was not given.*", ""]
    lines += ["## The post", "", _heading(post, site, counts=True), "", _body(post, site), ""]
    return "\n".join(lines).strip() + "\n"


def _heading(post: dict[str, Any], site: str, *, counts: bool = False) -> str:
    parts = [f"**{_author(post)}**"]
    if day := day_from_iso(post.get("created_at")):
        parts.append(day)
    if counts:
        for key, one, many in _COUNTS:
            if (value := number(post.get(key))) is not None and value >= 0:
                parts.append(f"{value:,} {one if value == 1 else many}")
    if link := post_link(post, site):
        parts.append(link)
    return " · ".join(parts)


def _body(post: dict[str, Any], site: str, depth: int = 0) -> str:
    parts = [shown_text(post) or "(no text)"]
    for media in objs(post.get("mediaDetails")):
        kind = text(media.get("type"))
        words = " ".join(text(media.get("ext_alt_text")).split())
        if kind == "photo":
            parts.append(f"[Image: {words or 'a picture without a description'}]")
        elif kind in ("video", "animated_gif"):
            seconds = number(obj(media, "video_info").get("duration_millis"))
            length = f" {seconds // 60_000}:{seconds // 1000 % 60:02d}" if seconds and seconds > 0 else ""
            parts.append(f"[{'Video' if kind == 'video' else 'GIF'}{length}{': ' + words if words else ''}]")
    # A link card: its address is the t.co link the text already holds, written out.
    title = text(obj(post, "card", "binding_values", "title").get("string_value"))
    if title:
        parts.append(f"Link card: {' '.join(title.split())}")
    quoted = obj(post, "quoted_tweet")
    if depth == 0 and (text(quoted.get("text")) or text(quoted.get("id_str"))):
        said = _body(quoted, site, depth + 1)
        parts.append("\n".join(f"> {line}".rstrip() for line in f"Quoting {_author(quoted)}: {said}".splitlines()))
    return "\n\n".join(parts)


def shown_text(post: dict[str, Any]) -> str:
    """The post's text as shown: without the reply's leading mentions and its own media's short link,
    short links written out, entities unescaped. (Not cut by ``display_text_range``: whether its
    indices count the escaped or the unescaped text is not said, and the marks it stands for are
    all known by themselves.)"""
    said = text(post.get("text"))
    entities = obj(post, "entities")
    for media in objs(entities.get("media")):
        if (short := text(media.get("url"))).startswith("https://t.co/"):
            said = said.replace(short, "")
    for link in objs(entities.get("urls")):
        short, full = text(link.get("url")), text(link.get("expanded_url"))
        if short.startswith("https://t.co/") and full.startswith(("http://", "https://")):
            said = said.replace(short, full)
    span = post.get("display_text_range")
    if isinstance(span, list) and span and isinstance(span[0], int) and span[0] > 0:
        said = _LEADING_MENTIONS.sub("", said, count=1)
    return html.unescape(said).strip()


def post_link(post: dict[str, Any], site: str) -> str | None:
    handle, ident = text(obj(post, "user").get("screen_name")), text(post.get("id_str"))
    if not handle.replace("_", "").isalnum() or not ident.isdigit() or not handle.isascii() or not ident.isascii():
        return None
    return f"{site}/{handle}/status/{ident}"


def _author(post: dict[str, Any]) -> str:
    user = obj(post, "user")
    return account_name(text(user.get("screen_name")), text(user.get("name")))
