"""The posts of a thread the chosen answer dropped between two it kept, put back in their place.

Extractors that judge blocks by their length drop a thread's short replies: Resiliparse, which
wins on most threads, kept post 3 and post 5 of a thread and dropped post 4, the question post 5
answers ("Do they stay on as long as the lift gate is open?"). On the corpus's pages that
``post_bylines`` finds posts on, 69 posts were missing between two posts the answer kept, about
half of their words in the references (docs/extraction.md, thirty-ninth round).

The posts are the ones ``post_bylines`` finds in the page's tree, each with the first words of
its own text. After the choice, each is looked for in the answer in the page's order; a post whose
words the answer does not hold anywhere, with a post before it and a post after it that the
answer holds, is written (its own text as Markdown, ``post_text``; its quotes of posts the answer
holds left out) above the next post the answer holds and the lines of that post's header the
answer kept ("#5 ·"), never inside a code block or a table.
Its byline then goes above it as above any other post. Only between two kept posts: an answer
that keeps no reply, or that ends before the replies, left them out as a whole (an article's
comments), and a post past the last one kept has no place to go that the answer shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from adapters.pages.html_markdown import Element
from adapters.pages.labels_above import (
    LINK_TARGET,
    QUOTE_LINE,
    TABLE_ROW,
    line_words,
    located,
    short_text,
    start_of_block,
)
from adapters.pages.post_text import post_markdown
from adapters.pages.text_words import word_runs
from domain.markdown_lines import lines_outside_code

# A post written back is at most this long; longer, it is left out whole (no part of a post).
_MAX_POST_CHARS = 6_000
_MAX_PUT_BACK = 100  # posts written back into one answer
_MAX_TRIED = 200  # posts read to be written back (a post the answer holds after all is read for nothing)
_MAX_WRITTEN_CHARS = 60_000  # characters written back into one answer
# A post's header (its number, its author's card, its date) is read for this many characters, and
# lines of it above the post's words in the answer are looked for this far up, each this short.
_HEADER_CHARS = 400
_HEADER_ELEMENTS = 500
_POST_HEADER_LINES = 3
_HEADER_LINE_CHARS = 80
_WORD = re.compile(r"\w+")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
# A post whose three-word runs the answer holds more than this share of is held (its words kept
# under a header the answer lost), not missing; so is a quote.
_HELD_SHARE = 0.5


@dataclass(frozen=True)
class ThreadPost:
    """A post: the first words of its runs of text, by which the answer is searched for it (lower
    case, one space apart, ``labels_above.first_words``), and its element in the page's tree, read
    only when the answer lacks the post or one is written above it."""

    keys: tuple[str, ...]
    post: Element = field(compare=False, repr=False)
    mark: Element = field(compare=False, repr=False)  # its author's mark (the post, for a ``data-author``)
    posts: frozenset[Element] = field(compare=False, repr=False)  # the page's posts, its own among them
    base_url: str | None = None

    def markdown(self) -> str:
        """The post's own text as Markdown (``post_text``); "" for a post too large to write back."""
        if not self.keys:
            return ""
        text = post_markdown(self.post, self.mark, self.posts, self.keys[0], self.base_url).strip()
        return text if len(text) <= _MAX_POST_CHARS else ""

    def header_words(self) -> frozenset[str]:
        """The words the post shows before its own text (its number, its author's card, its date):
        lines of them above the post in the answer belong to it."""
        first = self.keys[0] if self.keys else ""
        shown = " ".join(_WORD.findall(short_text(self.post, _HEADER_CHARS, _HEADER_ELEMENTS).lower()))
        at = f" {shown} ".find(f" {first} ") if first else -1
        return frozenset((shown[: max(at, 0)] if at >= 0 else shown).split())


def thread_posts(
    posts: Sequence[tuple[Element, Element, tuple[str, ...]]], base_url: str | None
) -> tuple[ThreadPost, ...]:
    """``posts``: each post's element, its author's mark and its keys, in the page's order
    (``post_bylines``). The post elements are read, not changed."""
    elements = frozenset(post for post, _, _ in posts)
    return tuple(ThreadPost(keys, post, mark, elements, base_url) for post, mark, keys in posts)


def with_posts_put_back(markdown: str, posts: Sequence[ThreadPost]) -> str:
    """``markdown`` with each post it lacks between two it holds written above the next it holds."""
    if len(posts) < 3:
        return markdown
    lines = markdown.split("\n")
    places = located([post.keys for post in posts], line_words(lines))
    if sum(place is not None for place in places) < 2:
        return markdown
    held = _Held(markdown)
    outside_code = lines_outside_code(lines)
    above: dict[int, list[str]] = {}
    written = chars = tried = 0
    previous = -1  # the line of the last post the answer holds, going down the page (none yet)
    waiting: list[ThreadPost] = []  # posts missing since it
    for post, place in zip(posts, places, strict=True):
        if place is None:
            if previous >= 0 and not any(held.holds_run_of(key) for key in post.keys):
                waiting.append(post)
            continue
        at = _above_its_header(lines, start_of_block(lines, place, floor=previous + 1), previous + 1, post)
        if waiting and not _inside_a_block(lines, outside_code, at):
            texts = []
            for missing in waiting[: max(0, min(_MAX_PUT_BACK - written, _MAX_TRIED - tried))]:
                tried += 1
                # Its first words may be its header's (a date, a member's title) where the answer
                # kept its text alone: a post whose runs of words the answer holds is held, not
                # missing. A quote of a post the answer holds (the one just above) is said already.
                text = held.without_held_quotes(missing.markdown())
                if text and not held.holds(text) and chars + len(text) <= _MAX_WRITTEN_CHARS:
                    texts.append(text)
                    held.add(text)
                    chars += len(text)
            if texts:
                above[at] = texts
                written += len(texts)
        previous, waiting = place, []
    if not above:
        return markdown
    out: list[str] = []
    for index, line in enumerate(lines):
        for text in above.get(index, ()):
            if out and out[-1].strip():
                out.append("")
            out += [text, ""]
        out.append(line)
    return "\n".join(out)


class _Held:
    """The answer's three-word runs (read once a post is missing) and those of the posts written back."""

    def __init__(self, markdown: str) -> None:
        self._markdown = markdown
        self._runs: set[tuple[str, ...]] | None = None

    def holds_run_of(self, key: str) -> bool:
        """Whether the answer says ``key`` (a post's first words, three or more) anywhere: each of its
        runs held, out of the page's order (a quote of it, a reordered answer), so not lost."""
        runs = _runs(key)
        return bool(runs) and runs <= self._held()

    def holds(self, text: str) -> bool:
        """Whether more than ``_HELD_SHARE`` of a post's runs are held, or of its longest paragraph's
        (its text, where a header of dates and titles the answer lost comes with it)."""
        longest = max(_PARAGRAPH_BREAK.split(text), key=len)
        return self._share(text) > _HELD_SHARE or self._share(longest) > _HELD_SHARE

    def add(self, text: str) -> None:
        self._held().update(_runs(text))

    def without_held_quotes(self, text: str) -> str:
        """``text`` without its quotes whose runs are held."""
        lines = text.split("\n")
        kept: list[str] = []
        index = 0
        while index < len(lines):
            end = index
            while end < len(lines) and QUOTE_LINE.match(lines[end]):
                end += 1
            if end == index:
                kept.append(lines[index])
                index += 1
                continue
            if self._share("\n".join(lines[index:end])) <= _HELD_SHARE:
                kept += lines[index:end]
            index = end
        return "\n".join(kept).strip()

    def _share(self, text: str) -> float:
        """The share of ``text``'s runs held (1 for a text of no run: nothing of it is missing)."""
        runs = _runs(text)
        held = self._held()
        return sum(run in held for run in runs) / len(runs) if runs else 1.0

    def _held(self) -> set[tuple[str, ...]]:
        if self._runs is None:
            self._runs = _runs(self._markdown)
        return self._runs


def _runs(text: str) -> set[tuple[str, ...]]:
    return word_runs(_WORD.findall(LINK_TARGET.sub("]", text).lower()))


def _inside_a_block(lines: list[str], outside_code: list[bool], at: int) -> bool:
    """Whether a text written above line ``at`` (a line with words, never a fence) would fall inside
    a code block or a table."""
    if at == 0:
        return False
    if not outside_code[at] and not outside_code[at - 1]:
        return True
    return bool(TABLE_ROW.match(lines[at]) and TABLE_ROW.match(lines[at - 1]))


def _above_its_header(lines: list[str], start: int, floor: int, post: ThreadPost) -> int:
    """Where the post whose words start on line ``start`` starts with its header: the short lines
    just above made only of its header's words ("#5 ·", "Posted by Dana"), at most a few."""
    header = post.header_words()
    taken = 0
    index = start - 1
    while index >= floor and taken < _POST_HEADER_LINES:
        line = lines[index]
        if line.strip():
            words = _WORD.findall(line.lower())
            if not words or len(line) > _HEADER_LINE_CHARS or not set(words) <= header:
                break
            start, taken = index, taken + 1
        index -= 1
    return start
