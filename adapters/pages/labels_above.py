"""A short line the page shows above a block, written back above the block where the answer kept the
block and lost the line: a post's author and day (``post_bylines``), a folded answer's question
(``panel_labels``).

Every extractor reads a post's header and an accordion's button as chrome and keeps the text under
them, so the answer held "Our fee is 25% of the first year's salary" with no question, and a reply
with no one who wrote it. The page still has both, in its tree: each block is found in the answer
by the first words of its own runs of text (``first_words``), in the page's order, and its line
goes above it unless the answer already says the label's words there.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import SOURCE_TAGS, Element
from domain.markdown_lines import CODE_FENCE

# How far down the answer a block's words are looked for from the one before it (lines): a block
# the answer dropped is not searched for to the end of a long page each time.
_LOOK_AHEAD = 400
# Of each line of the answer, the words of this many characters are looked in: a block starts
# near a line's start, and a page written as one line of megabytes is not read once a label.
_LINE_CHARS = 4_000
_KEY_WORDS = 6  # a block's first words looked for in the answer
_MIN_KEY_WORDS = 3
# Runs of text of a block tried, in order, when its first is not in the answer: a post's header may
# hold four runs before its text (vBulletin's date, a member's title, "Join Date: Nov 2024", its
# post count), which answers drop; at 4 such posts got no byline (thirty-ninth round).
KEYS_A_BLOCK = 8
# Elements of a block read for its first words: a block holding nothing but empty elements is
# not walked to its end (250 nested panels of 20,000 elements each).
_MAX_WALK = 2_000
# And on all the blocks of a page together (start and end events, two an element).
PAGE_WALK = 100_000
SHORT_ELEMENTS = 64  # elements of a label read for its words: a name is a link or a span or two
# The lines above a block's words that may be its own header (a name, a member's figures, a date).
_HEADER_LINES = 6
# Never a block's own first words: dates, scripts, quotes (a reply quoting the post before would be
# found in that post) and code (a label is never written inside a code block).
_NOT_ITS_WORDS = frozenset({"time", "blockquote", "q", "pre", "code", *SOURCE_TAGS})
_WORD = re.compile(r"\w+")
# A link's target, a table's row and a quote's line in the answer (``thread_posts`` reads them too).
LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
TABLE_ROW = re.compile(r"[ \t]*\|")
QUOTE_LINE = re.compile(r"[ \t]*>")
_INDENTED = re.compile(r"[ \t]+\S")


@dataclass(frozen=True)
class Label:
    """``line`` (Markdown) to write above the block whose runs of text start with ``keys`` (lower
    case words, one space apart), unless the answer says ``words`` there already: on the lines just
    above, or on the block's own line (before its words only, when ``before_its_words``: a post's
    text may name its own author)."""

    line: str
    words: str
    keys: tuple[str, ...]
    before_its_words: bool = False


def inert(text: str) -> str:
    """``text`` (a name, a title) on one line, with nothing Markdown would read as markup in a line
    of its own: no emphasis or code marks, no link (a member named "[click](address)")."""
    return " ".join(text.replace("*", "").replace("`", "").replace("](", "] (").split())


@dataclass
class Walk:
    """What is left of a page's bound on the elements its blocks are read through (``first_words``):
    nested blocks each read through the same elements would cost their number times the page."""

    left: int = PAGE_WALK


def short_text(element: Element, limit: int, elements: int = SHORT_ELEMENTS) -> str:
    """The words ``element`` shows, one space apart, read through ``elements`` elements at most and
    no further than past ``limit`` characters of text (the source's indentation aside): a label's
    words (a name, a date, a title) are short, and an element of megabytes is not read to its end to
    learn it is no label."""
    parts: list[str] = []
    length = 0
    for node in islice(element.iter(), elements):
        for text in (
            node.text if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS else None,
            node.tail if node is not element else None,
        ):
            if text:
                parts.append(text)
                length += len(text.strip())
        if length > limit:
            break
    return " ".join(" ".join(parts).split())


def first_words(
    block: Element, skipped: Collection[Element] = (), stop: Collection[Element] = (), walk: Walk | None = None
) -> tuple[str, ...]:
    """The first words of the first runs of text of ``block``, in the page's order, up to an element
    of ``stop`` (the start of another block nested in it); the elements of ``skipped`` (its label),
    dates, scripts, quotes and code left out. At most ``_MAX_WALK`` elements are read, and no more
    than ``walk`` has left for the page."""
    keys: list[str] = []
    leaving: Element | None = None  # the element whose subtree is being left out
    walk = walk or Walk()
    events = min(2 * _MAX_WALK, walk.left)
    walked = 0
    for event, element in islice(etree.iterwalk(block, events=("start", "end", "comment", "pi")), events):
        walked += 1
        if event in ("comment", "pi"):  # no text of its own; what follows it is the parent's
            if leaving is None and _keyed(element.tail, keys):
                break
            continue
        if event == "start":
            if leaving is not None:
                continue
            if element is not block and element in stop and element not in skipped:
                break
            if element in skipped or (isinstance(element.tag, str) and element.tag in _NOT_ITS_WORDS):
                leaving = element
            elif isinstance(element.tag, str) and _keyed(element.text, keys):
                break
            continue
        if leaving is element:
            leaving = None
        elif leaving is not None:
            continue
        if element is not block and _keyed(element.tail, keys):
            break
    walk.left -= walked
    return tuple(keys)


def _keyed(text: str | None, keys: list[str]) -> bool:
    """Adds ``text``'s first words to ``keys`` when it is a run of text; whether ``keys`` is full."""
    words = _WORD.findall(text.lower()) if text else []
    if len(words) >= _MIN_KEY_WORDS:
        keys.append(" ".join(words[:_KEY_WORDS]))
    return len(keys) == KEYS_A_BLOCK


def own_keys(keys: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Each block's ``keys`` without those another block has too: words every block starts with ("Re:
    the thread's title", "Add to quote") are no block's own, and looked for they put a label above
    another block."""
    shared = Counter(key for block in keys for key in set(block))
    return [tuple(key for key in block if shared[key] == 1) for block in keys]


def with_labels(markdown: str, labels: Sequence[Label]) -> str:
    """``markdown`` with each block it holds under its label's line, where it does not say the
    label's words there already. Never inside a code block, a table, a quote or a list item: a
    block found there is labelled above the table, quote or item it is part of."""
    if not labels:
        return markdown
    lines = markdown.split("\n")
    words = line_words(lines)
    above: dict[int, str] = {}
    for label, (at, key, floor) in zip(labels, _in_order([label.keys for label in labels], words), strict=True):
        if at >= 0 and not _said(label, words, at, key, floor=floor):
            above.setdefault(start_of_block(lines, at, floor=floor), label.line)
    if not above:
        return markdown
    out: list[str] = []
    for index, line in enumerate(lines):
        if index in above:
            if out and out[-1].strip():
                out.append("")
            out.append(above[index])
        out.append(line)
    return "\n".join(out)


def located(blocks: Sequence[tuple[str, ...]], words: list[str]) -> list[int | None]:
    """The line each block (by its keys) is found on in the answer (``words``: ``line_words``), going
    down the answer in the page's order; None for a block not found below the one before."""
    return [at if at >= 0 else None for at, _, _ in _in_order(blocks, words)]


def _in_order(blocks: Sequence[tuple[str, ...]], words: list[str]) -> Iterator[tuple[int, str, int]]:
    """For each block: the line it is found on (-1: not found), the key found there, and the line
    the search for it started from (below the block before)."""
    cursor = 0
    for keys in blocks:
        found = _found(keys, words, cursor)
        if found is None:
            yield -1, "", cursor
            continue
        yield found[0], found[1], cursor
        cursor = found[0] + 1


def line_words(lines: list[str]) -> list[str]:
    """Each line's words as they are looked in (" " for a code block's lines, never looked in)."""
    words: list[str] = []
    in_code = False
    for line in lines:
        if CODE_FENCE.match(line):
            in_code = not in_code
            words.append(" ")
        elif in_code:
            words.append(" ")
        else:
            head = LINK_TARGET.sub("]", line[:_LINE_CHARS])
            words.append(" " + " ".join(_WORD.findall(head.lower())) + " ")
    return words


def start_of_block(lines: list[str], at: int, *, floor: int) -> int:
    """Where the block holding line ``at`` starts: the first row of its table, the first line of the
    quote it is in or opens with, the list item an indented line continues."""
    start = at
    index = at - 1
    if TABLE_ROW.match(lines[at]):
        while index >= floor and TABLE_ROW.match(lines[index]):
            start, index = index, index - 1
        return start
    if _INDENTED.match(lines[at]):
        while index >= floor and _INDENTED.match(lines[index]):
            start, index = index, index - 1
        return index if index >= floor and lines[index].strip() else start
    while index >= floor and (not lines[index].strip() or QUOTE_LINE.match(lines[index])):
        if lines[index].strip():
            start = index
        index -= 1
    return start


def _found(keys: tuple[str, ...], words: list[str], cursor: int) -> tuple[int, str] | None:
    """The line holding the block's first run of text the answer holds, and that run's key."""
    end = min(len(words), cursor + _LOOK_AHEAD)
    for key in keys:
        padded = f" {key} "
        for index in range(cursor, end):
            if padded in words[index]:
                return index, key
    return None


def _said(label: Label, words: list[str], at: int, key: str, *, floor: int) -> bool:
    """Whether the answer says the label's words on the block's line (before the block's words,
    for a label ``before_its_words``) or on the ``_HEADER_LINES`` lines above it, not above the
    block before."""
    said = " " + " ".join(_WORD.findall(label.words.lower())) + " "
    if not said.strip():
        return True
    line = words[at]
    if said in (line[: line.index(f" {key} ") + 1] if label.before_its_words else line):
        return True
    seen = 0
    for index in range(at - 1, floor - 1, -1):
        if words[index].strip():
            if said in words[index]:
                return True
            seen += 1
            if seen == _HEADER_LINES:
                break
    return False
