"""A Bluesky post with its thread as Markdown: what it answers, the post, then the replies as a tree.

The AppView's ``getPostThread`` answers with the post's view, its parents (each the next one's
``parent``) and its replies, nested. A post's text is plain; its links, mentions and tags are
facets over byte ranges of the UTF-8 text (the text shows a link shortened: "example.com/som..."),
written here as Markdown links to where they lead. Embeds: pictures as their descriptions, a link
card as its title, a quoted post as a quote. Replies are written by ``comment_tree``.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import account_name, day_from_iso, number, obj, objs, text
from adapters.sites.comment_tree import Thread, TreeShape, written_tree

# Parents above the post shown (the AppView sends up to the parentHeight asked for).
MAX_PARENTS = 40
_COUNTS = (
    ("replyCount", "reply", "replies"), ("repostCount", "repost", "reposts"),
    ("likeCount", "like", "likes"), ("quoteCount", "quote", "quotes"),
)  # fmt: skip
_THREAD_VIEW = "app.bsky.feed.defs#threadViewPost"
_MISSING = {
    "app.bsky.feed.defs#notFoundPost": "a deleted post",
    "app.bsky.feed.defs#blockedPost": "a post its author blocks readers from seeing",
}


def thread_markdown(thread: dict[str, Any], site: str) -> Thread:
    """``thread``: the ``thread`` field of getPostThread's answer, a threadViewPost. ``site``: the web
    app's address, for links to posts and profiles."""
    post = obj(thread, "post")
    lines = [f"# A post by {_author(post)} on Bluesky", ""]
    parents = _parents(thread)
    if parents:
        lines += ["## Earlier in the thread", ""]
        for above in parents:
            lines += [f"- {_heading(above)}", *(f"  {line}" if line else "" for line in _body(above).split("\n"))]
        lines.append("")
    lines += ["## The post", "", _heading(post, counts=True), "", _body(post), ""]
    replies = _replies(thread)
    if replies:
        lines += ["## Replies", ""]
    tree = written_tree(replies, _shape(site), top_author=_author(post))
    lines += tree.lines
    notes = []
    if tree.shown < tree.total:
        notes.append(f"Showing {tree.shown:,} of {tree.total:,} replies, the deepest cut first")
    said = number(post.get("replyCount")) or 0
    if (unseen := said - len(replies)) > 0:
        were = "was" if unseen == 1 else "were"
        notes.append(f"{unseen:,} of the post's {said:,} direct replies {were} not given (blocked, hidden or deleted)")
    note = "; ".join(notes) or None
    if note:
        note = note[0].upper() + note[1:]
        lines += ["", f"[{note}]"]
    return Thread("\n".join(lines).strip() + "\n", note)


def _parents(thread: dict[str, Any]) -> list[dict[str, Any]]:
    """The posts above, oldest first (a missing one as a stub saying why), at most ``MAX_PARENTS``."""
    chain: list[dict[str, Any]] = []
    parent = thread.get("parent")
    while isinstance(parent, dict) and len(chain) < MAX_PARENTS:
        kind = text(parent.get("$type"))
        if kind in _MISSING:
            chain.append({"_missing": _MISSING[kind]})
            break
        chain.append(obj(parent, "post"))
        parent = parent.get("parent")
    return list(reversed(chain))


def _replies(thread: dict[str, Any]) -> list[dict[str, Any]]:
    """Replies as tree nodes (copies holding their own replies), iteratively: no nesting exhausts the stack."""
    roots: list[dict[str, Any]] = []
    stack: list[tuple[dict[str, Any], list[dict[str, Any]]]] = [(thread, roots)]
    while stack:
        view, into = stack.pop()
        for reply in objs(view.get("replies")):
            if text(reply.get("$type")) not in ("", _THREAD_VIEW) or not obj(reply, "post"):
                continue  # a blocked or deleted reply: nothing to read
            node: dict[str, Any] = {**obj(reply, "post"), "_replies": []}
            into.append(node)
            stack.append((reply, node["_replies"]))
    return roots


def _heading(post: dict[str, Any], *, counts: bool = False) -> str:
    if missing := post.get("_missing"):
        return f"({missing})"
    parts = [f"**{_author(post)}**"]
    if day := day_from_iso(obj(post, "record").get("createdAt")) or day_from_iso(post.get("indexedAt")):
        parts.append(day)
    if counts:
        for key, one, many in _COUNTS:
            if (value := number(post.get(key))) is not None:
                parts.append(f"{value:,} {one if value == 1 else many}")
    return " · ".join(parts)


def _body(post: dict[str, Any]) -> str:
    if post.get("_missing"):
        return ""
    record = obj(post, "record")
    parts = [with_facets(text(record.get("text")), objs(record.get("facets"))).strip() or "(no text)"]
    parts.extend(_embed(obj(post, "embed")))
    return "\n\n".join(parts)


def with_facets(said: str, facets: list[dict[str, Any]]) -> str:
    """The text with its link facets as Markdown links (by UTF-8 byte ranges, as the protocol counts)."""
    data = said.encode("utf-8", errors="surrogatepass")  # a mangled answer may hold a lone surrogate
    spans = []
    for facet in facets:
        index = obj(facet, "index")
        start, end = number(index.get("byteStart")), number(index.get("byteEnd"))
        target = next(
            (text(feature.get("uri")) for feature in objs(facet.get("features")) if text(feature.get("uri"))), ""
        )
        if start is None or end is None or not 0 <= start < end <= len(data):
            continue
        if target.startswith(("http://", "https://")):
            spans.append((start, end, target))
    out, at = [], 0
    for start, end, target in sorted(spans):
        if start < at:  # overlapping facets: the first one wins
            continue
        label = data[start:end].decode("utf-8", errors="replace").replace("[", "(").replace("]", ")")
        out += [data[at:start].decode("utf-8", errors="replace"), f"[{label}]({target})"]
        at = end
    out.append(data[at:].decode("utf-8", errors="replace"))
    return "".join(out)


def _embed(embed: dict[str, Any], depth: int = 0) -> list[str]:
    kind = text(embed.get("$type"))
    parts: list[str] = []
    if kind.startswith("app.bsky.embed.images"):
        for image in objs(embed.get("images")):
            words = " ".join(text(image.get("alt")).split()) or "a picture without a description"
            parts.append(f"[Image: {words}]")
    elif kind.startswith("app.bsky.embed.video"):
        words = " ".join(text(embed.get("alt")).split())
        parts.append(f"[Video: {words}]" if words else "[Video]")
    elif kind.startswith("app.bsky.embed.external"):
        card = obj(embed, "external")
        if (link := text(card.get("uri"))).startswith(("http://", "https://")):
            title = " ".join(text(card.get("title")).split()) or link
            about = " ".join(text(card.get("description")).split())
            parts.append(f"Link: [{title}]({link})" + (f": {about}" if about else ""))
    elif kind.startswith("app.bsky.embed.recordWithMedia") and depth < 2:
        parts += _embed(obj(embed, "media"), depth + 1) + _embed(obj(embed, "record"), depth + 1)
    elif kind.startswith("app.bsky.embed.record") and depth < 2:
        quoted = obj(embed, "record")
        said = text(obj(quoted, "value").get("text")).strip()
        if said:
            who = _author(quoted)
            parts.append("\n".join(f"> {line}".rstrip() for line in f"Quoting {who}: {said}".splitlines()))
    return parts


def _author(post: dict[str, Any]) -> str:
    author = obj(post, "author")
    return account_name(text(author.get("handle")), text(author.get("displayName")))


def post_link(post: dict[str, Any], site: str) -> str | None:
    """The post's page on the web app, from its AT URI (at://{did}/app.bsky.feed.post/{rkey})."""
    parts = text(post.get("uri")).removeprefix("at://").split("/")
    if len(parts) != 3 or parts[1] != "app.bsky.feed.post" or not all(parts):
        return None
    return f"{site}/profile/{parts[0]}/post/{parts[2]}"


def _shape(site: str) -> TreeShape:
    return TreeShape(
        replies=lambda node: node["_replies"],
        heading=_heading,
        body=_body,
        author=_author,
        link=lambda node: post_link(node, site),
    )
