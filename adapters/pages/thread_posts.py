"""The posts of a thread the chosen answer dropped between two it kept, put back in their place.

Extractors that judge blocks by their length drop a thread's short replies: Resiliparse, which
wins on most threads, kept post 3 and post 5 of a thread and dropped post 4, the question post 5
answers ("Do they stay on as long as the lift gate is open?"). On the corpus's pages that
``post_bylines`` finds posts on, 69 posts were missing between two posts the answer kept, about
half of their words in the references (docs/extraction.md, thirty-ninth round).

The posts are the ones ``post_bylines`` finds in the page's tree, each with the first words of
its own text. After the choice, each is looked for in the answer in the page's order; a post whose
words the answer does not hold anywhere, with a post before it and a post after it that the
answer holds, is written (its element as Markdown, the same pruning as the whole page's, its
author's mark, dates and the replies nested in it left out) above the next post the answer holds.
Its byline then goes above it as above any other post. Only between two kept posts: an answer
that keeps no reply, or that ends before the replies, left them out as a whole (an article's
comments), and a post past the last one kept has no place to go that the answer shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from itertools import islice

from adapters.pages.html_markdown import SOURCE_TAGS, Element, drop_tree, element_to_markdown
from adapters.pages.labels_above import line_words, located, short_text, start_of_block

# A post holding more elements than this is not copied to be written: a reply to a thread is a
# few dozen elements, and a "post" of thousands is a page's wrapper (or a page built to be slow).
_MAX_POST_ELEMENTS = 3_000
# A post written back is at most this long; longer, it is left out whole (no part of a post).
_MAX_POST_CHARS = 6_000
_MAX_PUT_BACK = 100  # posts written back into one answer
_MAX_WRITTEN_CHARS = 60_000  # characters written back into one answer
# A post's header (its number, its author's card, its date) is read for this many characters, and
# lines of it above the post's words in the answer are looked for this far up, each this short.
_HEADER_CHARS = 400
_HEADER_ELEMENTS = 500
_HEADER_LINES = 3
_HEADER_LINE_CHARS = 80
_WORD = re.compile(r"\w+")
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
# A post whose three-word runs the answer holds more than this share of is held (its words kept
# under a header the answer lost), not missing.
_RUN = 3
_QUOTE_LINE = re.compile(r"[ \t]*>")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_HELD_SHARE = 0.5


@dataclass(frozen=True)
class ThreadPost:
    """A post: the first words of its runs of text, by which the answer is searched for it (lower
    case, one space apart, ``labels_above.first_words``), and its element in the page's tree, read
    only when the answer lacks the post or one is written above it."""

    keys: tuple[str, ...]
    post: Element = field(compare=False, repr=False)
    mark: Element = field(compare=False, repr=False)  # its author's mark (the post, for a ``data-author``)
    others: frozenset[Element] = field(compare=False, repr=False)  # the page's other posts
    base_url: str | None = None

    def markdown(self) -> str:
        """The post's own text as Markdown: a copy of it without its author's mark (its byline says
        who), its dates (its byline says when) and the other posts nested in it (each is a post of
        its own), pruned as the whole page is."""
        elements = list(islice(self.post.iter(), _MAX_POST_ELEMENTS + 1))
        if len(elements) > _MAX_POST_ELEMENTS:
            return ""
        copy = deepcopy(self.post)
        left_out = [
            mine
            for theirs, mine in zip(elements, copy.iter(), strict=False)
            if theirs is not self.post and (theirs is self.mark or theirs in self.others or theirs.tag == "time")
        ]
        for element in left_out:
            if element.getparent() is not None:
                drop_tree(element)
        return element_to_markdown(_body(copy, self.keys[0]) if self.keys else copy, self.base_url)

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
    others = frozenset(post for post, _, _ in posts)
    return tuple(ThreadPost(keys, post, mark, others - {post}, base_url) for post, mark, keys in posts)


def with_posts_put_back(markdown: str, posts: Sequence[ThreadPost]) -> str:
    """``markdown`` with each post it lacks between two it holds written above the next it holds."""
    if len(posts) < 3:
        return markdown
    lines = markdown.split("\n")
    words = line_words(lines)
    places = located([post.keys for post in posts], words)
    if sum(place is not None for place in places) < 2:
        return markdown
    above: dict[int, list[str]] = {}
    written = chars = 0
    previous = -1  # the line of the last post the answer holds, going down the page (none yet)
    waiting: list[ThreadPost] = []  # posts missing since it
    held = _Held(markdown)
    for post, place in zip(posts, places, strict=True):
        if place is None:
            if previous >= 0 and not _held_anywhere(post.keys, words):
                waiting.append(post)
            continue
        texts = []
        for missing in waiting[: _MAX_PUT_BACK - written]:
            text = missing.markdown().strip()
            if not text or len(text) > _MAX_POST_CHARS or chars + len(text) > _MAX_WRITTEN_CHARS:
                continue
            # Its first words may be its header's (a date, a member's title) where the answer kept
            # its text alone: a post whose runs of words the answer holds is held, not missing. A
            # quote of a post the answer holds (often the one just above) is said once already.
            text = held.without_held_quotes(text)
            if text and not held.holds(text):
                texts.append(text)
                held.add(text)
                chars += len(text)
        if texts:
            at = _above_its_header(lines, start_of_block(lines, place, floor=previous + 1), previous + 1, post)
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
    """The answer's three-word runs (read once a post is to be written) and those of the posts
    written back into it."""

    def __init__(self, markdown: str) -> None:
        self._markdown = markdown
        self._runs: set[tuple[str, ...]] | None = None

    def share(self, text: str) -> float:
        """The share of ``text``'s runs held (1 for a text of no run: nothing of it is missing)."""
        runs = _runs(text)
        held = self._held()
        return sum(run in held for run in runs) / len(runs) if runs else 1.0

    def holds(self, text: str) -> bool:
        """Whether more than ``_HELD_SHARE`` of a post's runs are held, or of its longest paragraph's
        (its text, where a header of dates and titles the answer lost comes with it)."""
        longest = max(_PARAGRAPH_BREAK.split(text), key=len)
        return self.share(text) > _HELD_SHARE or self.share(longest) > _HELD_SHARE

    def add(self, text: str) -> None:
        self._held().update(_runs(text))

    def without_held_quotes(self, text: str) -> str:
        lines = text.split("\n")
        kept: list[str] = []
        index = 0
        while index < len(lines):
            end = index
            while end < len(lines) and _QUOTE_LINE.match(lines[end]):
                end += 1
            if end == index:
                kept.append(lines[index])
                index += 1
                continue
            quote = lines[index:end]
            if self.share("\n".join(quote)) <= _HELD_SHARE:
                kept += quote
            index = end
        return "\n".join(kept).strip()

    def _held(self) -> set[tuple[str, ...]]:
        if self._runs is None:
            self._runs = set(_runs(self._markdown))
        return self._runs


def _runs(text: str) -> frozenset[tuple[str, ...]]:
    words = _WORD.findall(_LINK_TARGET.sub("]", text).lower())
    return frozenset(tuple(words[index : index + _RUN]) for index in range(len(words) - _RUN + 1))


def _held_anywhere(keys: tuple[str, ...], words: list[str]) -> bool:
    """Whether any of a post's first runs of words is on a line of the answer: held, out of the
    page's order (a quote of it, a reordered answer), so not lost."""
    padded = [f" {key} " for key in keys]
    return any(key in line for line in words for key in padded)


def _body(post: Element, key: str) -> Element:
    """Where a post's words are: down from the post, into the child holding more than half of its
    element's words and the post's first words (``key``: not a quote of another post), while there
    is one. A post's header (its number, its date), its author's card and its footer ("Reply With
    Quote", reactions) are its children beside that one."""
    body = post
    while True:
        shown = [(_shown_words(child), child) for child in body if isinstance(child.tag, str)]
        total = sum(len(words) for words, _ in shown) + len(_WORD.findall(_own_text(body)))
        words, child = max(shown, key=lambda pair: len(pair[0]), default=([], None))
        if child is None or 2 * len(words) <= total or f" {key} " not in f" {' '.join(words)} ":
            return body
        body = child


def _shown_words(element: Element) -> list[str]:
    """The words a reader sees under ``element``, lower case (scripts' and styles' source left out)."""
    parts = [
        text
        for node in element.iter()
        for text in (
            node.text if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS else None,
            node.tail if node is not element else None,
        )
        if text
    ]
    return _WORD.findall(" ".join(parts).lower())


def _own_text(element: Element) -> str:
    """``element``'s text in no child: its own text and its children's tails."""
    return " ".join([element.text or "", *(child.tail or "" for child in element)])


def _above_its_header(lines: list[str], start: int, floor: int, post: ThreadPost) -> int:
    """Where the post whose words start on line ``start`` starts with its header: the short lines
    just above made only of its header's words ("#5 ·", "Posted by Dana"), at most a few."""
    header = post.header_words()
    taken = 0
    index = start - 1
    while index >= floor and taken < _HEADER_LINES:
        line = lines[index]
        if line.strip():
            words = _WORD.findall(line.lower())
            if len(line) > _HEADER_LINE_CHARS or not set(words) <= header:
                break
            start, taken = index, taken + 1
        index -= 1
    return start
