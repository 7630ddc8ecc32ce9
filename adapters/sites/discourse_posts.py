"""A Discourse topic's JSON as Markdown: a line of facts, then each post under its number, author and date.

Posts stay in the thread's order (a forum thread is a conversation; a reply makes sense after
what it answers); the solution, when the topic has one, is named in the facts line and marked
on its post. A post's body is the forum's own rendered HTML ("cooked"), read like any page
fragment once Discourse's own pieces are made plain: a quote of another post becomes a Markdown
quote naming who wrote it (the pruning would drop it as an ``<aside>``), a link preview
("onebox") becomes its link, an emoji its ``:name:``, an image's size caption goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from adapters.json_fields import day_from_iso, number, obj, text, unescaped
from adapters.pages.html_fragments import fragment_markdown
from adapters.sites.fragments import MAX_POST_HTML, post_markdown

# post_type 1 is a post; 2 a moderator's, 3 a "small action" (closed, pinned, split: no text of
# its own), 4 a whisper (staff only, never in an anonymous answer).
_SMALL_ACTION = 3
_LIKE_ACTION = 2  # the id of "like" in a post's actions_summary


# Besides each post's bound (``fragments.MAX_POST_HTML``), at most this much of the whole window's
# HTML is converted (the posts past it are left for the next read, and the note says where): the
# conversion runs in a thread no deadline can stop. A million characters take one to two seconds
# on a slow core.
MAX_TOPIC_HTML = 1_000_000


@dataclass(frozen=True)
class Topic:
    """What was read of one topic: its first answer (title, counts...) and a window of its posts."""

    head: dict[str, Any]
    posts: Sequence[dict[str, Any]]  # the window, in order
    opening: dict[str, Any] | None = None  # the first post, shown before a window that starts later
    total: int = 0  # posts in the topic
    topic_url: str = ""  # "{forum}/t/{id}": the next window is "{topic_url}/{post}"
    link_post: int | None = None  # the post number the URL pointed at
    linked_failed: str | None = None  # why the window could not start at the linked post
    stopped: str | None = None  # why the window stopped short
    later: bool = False  # the topic goes on past the window

    def shown(self) -> list[dict[str, Any]]:
        """The window's posts whose HTML fits ``MAX_TOPIC_HTML`` together."""
        kept: list[dict[str, Any]] = []
        size = 0
        for post in self.posts:
            size += min(len(text(post.get("cooked"))), MAX_POST_HTML)
            if kept and size > MAX_TOPIC_HTML:
                break
            kept.append(post)
        return kept

    def cut_note(self) -> str | None:
        """One line when not every post was read: which were, why, and the address of the next ones."""
        shown = self.shown()
        numbers = [n for p in shown if (n := _number_of(p))]
        notes = []
        cut_by_size = len(shown) < len(self.posts)
        if numbers and (self.later or cut_by_size):
            why = self.stopped or ("the posts' HTML passed its bound" if cut_by_size else "")
            span = f"{len(shown):,} of {self.total:,} posts, #{min(numbers):,} to #{max(numbers):,}"
            notes.append(
                f"Showing {span}" + (f" ({why})" if why else "") + f"; the next: {self.topic_url}/{max(numbers) + 1}"
            )
        if self.linked_failed:
            notes.append(f"The linked post #{self.link_post} could not be read ({self.linked_failed}).")
        return " ".join(notes) or None


def topic_markdown(topic: Topic, url: str) -> str:
    head = topic.head
    title = unescaped(head.get("title")) or unescaped(head.get("fancy_title")) or "(untitled topic)"
    lines = [f"# {title}", "", " · ".join(_facts(topic, url)), ""]
    shown = topic.shown()
    if topic.opening is not None and shown:
        lines += _post(topic.opening, url, topic.link_post)
        first = _number_of(shown[0])
        if first > 2:
            lines += [f"(posts #2 to #{first - 1} not shown: {topic.topic_url}/2)", ""]
    for post in shown:
        lines += _post(post, url, topic.link_post)
    return "\n".join(lines).strip() + "\n"


def _number_of(post: dict[str, Any]) -> int:
    return number(post.get("post_number")) or 0


def _facts(topic: Topic, url: str) -> list[str]:
    head = topic.head
    facts = [f"Topic on {urlsplit(url).hostname or 'a Discourse forum'}"]
    count = number(head.get("posts_count")) or topic.total
    facts.append(f"{count:,} post{'s' if count != 1 else ''}")
    if (views := number(head.get("views"))) is not None:
        facts.append(f"{views:,} views")
    starter = text(obj(head, "details", "created_by").get("username"))
    day = day_from_iso(head.get("created_at"))
    if starter or day:
        facts.append("started" + (f" by {starter}" if starter else "") + (f" on {day}" if day else ""))
    solution = obj(head, "accepted_answer")
    if (solved := number(solution.get("post_number"))) is not None:
        by = text(solution.get("username"))
        facts.append(f"solved: post #{solved}" + (f" by {by}" if by else ""))
    if head.get("closed") is True:
        facts.append("closed")
    tags = [_tag(t) for t in head.get("tags", [])] if isinstance(head.get("tags"), list) else []
    if tags := [t for t in tags if t]:
        facts.append("tags: " + ", ".join(tags))
    return facts


def _tag(tag: Any) -> str:
    """A tag as a name: Discourse sent strings, and sends ``{"name": ...}`` objects since 3.3."""
    if isinstance(tag, dict):
        return text(tag.get("name"))
    return text(tag)


def _post(post: dict[str, Any], url: str, link_post: int | None) -> list[str]:
    if number(post.get("post_type")) == _SMALL_ACTION:
        return []
    post_number = number(post.get("post_number"))
    heading = [f"## Post #{post_number}" if post_number is not None else "## Post"]
    heading.append(text(post.get("username")) or "an unknown user")
    if day := day_from_iso(post.get("created_at")):
        heading[-1] += f" on {day}"
    if (replied := number(post.get("reply_to_post_number"))) is not None:
        heading.append(f"reply to #{replied}")
    likes = _likes(post)
    if likes:
        heading.append(f"{likes} like{'s' if likes != 1 else ''}")
    if post.get("accepted_answer") is True:
        heading.append("the solution")
    if link_post is not None and post_number == link_post:
        heading.append("the one linked")
    if post.get("cooked_hidden") is True:
        body = "(hidden: flagged by the community)"
    else:
        body = post_markdown(text(post.get("cooked")), base_url=url, prepare=_plain_discourse_parts)
    return [" · ".join(heading), "", body, ""]


def _likes(post: dict[str, Any]) -> int:
    summary = post.get("actions_summary")
    actions = [a for a in summary if isinstance(a, dict)] if isinstance(summary, list) else []
    return sum(number(a.get("count")) or 0 for a in actions if number(a.get("id")) == _LIKE_ACTION)


def cooked_markdown(cooked: str, base_url: str) -> str:
    """A post's rendered HTML as Markdown, Discourse's quotes, link previews and emoji made plain."""
    return fragment_markdown(cooked, base_url=base_url, prepare=_plain_discourse_parts)


def _plain_discourse_parts(root: Any) -> None:
    import lxml.html

    for aside in list(root.iter("aside")):
        classes = (aside.get("class") or "").split()
        if "quote" in classes:
            _quote_in_place(aside, lxml.html)
        elif "onebox" in classes:
            _link_in_place(aside, lxml.html)
    for image in root.xpath(".//img[contains(concat(' ', @class, ' '), ' emoji ')]"):
        _replace(image, None, (image.get("alt") or image.get("title") or "").strip())
    # Discourse marks code it did not label as "lang-auto": no language to name in the fence.
    for code in root.xpath(".//code[contains(concat(' ', @class, ' '), ' lang-auto ')]"):
        code.attrib.pop("class")
    for meta in root.xpath(".//div[contains(concat(' ', @class, ' '), ' lightbox-wrapper ')]//div[@class='meta']"):
        _replace(meta, None, "")


def _quote_in_place(aside: Any, html: Any) -> None:
    """``<aside class="quote" data-username data-post>``: its blockquote, opened by who wrote it."""
    quoted = aside.find(".//blockquote")
    who = (aside.get("data-username") or "").strip()
    post = (aside.get("data-post") or "").strip()
    said = html.Element("blockquote")
    if who or post.isdigit():
        said.append(_paragraph(html, (who or "someone") + (f", post #{post}" if post.isdigit() else "") + ":"))
    if quoted is not None:
        if quoted.text and quoted.text.strip():
            said.append(_paragraph(html, quoted.text))
        said.extend(list(quoted))
    _replace(aside, said, "")


def _paragraph(html: Any, words: str) -> Any:
    paragraph = html.Element("p")
    paragraph.text = words
    return paragraph


def _link_in_place(aside: Any, html: Any) -> None:
    """A link preview (onebox) as one line: the previewed page's title, linked."""
    source = aside.get("data-onebox-src") or next((a.get("href") for a in aside.iter("a") if a.get("href")), "")
    heading = next((h for h in aside.iter("h3", "h4") if "".join(h.itertext()).strip()), None)
    title = " ".join("".join(heading.itertext()).split()) if heading is not None else source
    if not source:
        _replace(aside, None, "")
        return
    line = html.Element("p")
    link = html.Element("a", href=source)
    link.text = title or source
    line.append(link)
    _replace(aside, line, "")


def _replace(old: Any, new: Any, words: str) -> None:
    """Put ``new`` (or, when None, ``words`` as text) where ``old`` was, keeping ``old``'s tail."""
    parent = old.getparent()
    if parent is None:
        return
    tail = old.tail or ""
    if new is not None:
        new.tail = tail
        parent.replace(old, new)
        return
    previous = old.getprevious()
    if previous is None:
        parent.text = (parent.text or "") + words + tail
    else:
        previous.tail = (previous.tail or "") + words + tail
    parent.remove(old)
