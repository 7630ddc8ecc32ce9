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
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from adapters.pages.html_markdown import SOURCE_TAGS, Element

# How far down the answer a block's words are looked for from the one before it (lines): a block
# the answer dropped is not searched for to the end of a long page each time.
_LOOK_AHEAD = 400
_KEY_WORDS = 6  # a block's first words looked for in the answer
_MIN_KEY_WORDS = 3
KEYS_A_BLOCK = 4  # runs of text of a block tried, in order, when its first is not in the answer
# The lines above a block's words that may be its own header (a name, a member's figures, a date).
_HEADER_LINES = 6
_NOT_ITS_WORDS = frozenset({"time", "blockquote", "q"})
_WORD = re.compile(r"\w+")
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")


@dataclass(frozen=True)
class Label:
    """``line`` (Markdown) to write above the block whose runs of text start with ``keys`` (lower
    case words, one space apart), unless the answer says ``words`` there already."""

    line: str
    words: str
    keys: tuple[str, ...]


def first_words(block: Element, skipped: Collection[Element] = (), stop: Collection[Element] = ()) -> tuple[str, ...]:
    """The first words of the first runs of text of ``block``, up to an element of ``stop`` (the start
    of another block nested in it); the elements of ``skipped`` (its label), dates, scripts and
    quotes left out (a reply quoting the post before would be found in that post)."""
    left_out: set[Element] = {node for element in skipped for node in element.iter()}
    keys: list[str] = []
    for element in block.iter():
        if not isinstance(element.tag, str):
            continue
        if element is not block and element in stop and element not in left_out:
            break
        parent = element.getparent()
        texts = [] if element is block or parent in left_out else [element.tail]
        if element.tag in SOURCE_TAGS or element.tag in _NOT_ITS_WORDS:
            left_out.update(element.iter())
        elif element not in left_out:
            texts.insert(0, element.text)
        for text in texts:
            words = _WORD.findall((text or "").lower())
            if len(words) >= _MIN_KEY_WORDS:
                keys.append(" ".join(words[:_KEY_WORDS]))
                if len(keys) == KEYS_A_BLOCK:
                    return tuple(keys)
    return tuple(keys)


def own_keys(keys: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Each block's ``keys`` without those another block has too: words every block starts with ("Re:
    the thread's title", "Add to quote") are no block's own, and looked for they put a label above
    another block."""
    shared = Counter(key for block in keys for key in set(block))
    return [tuple(key for key in block if shared[key] == 1) for block in keys]


def with_labels(markdown: str, labels: Sequence[Label]) -> str:
    """``markdown`` with each block it holds under its label's line, where it does not say the
    label's words just above the block already (or on the block's line, before its words)."""
    if not labels:
        return markdown
    lines = markdown.split("\n")
    words = [" " + " ".join(_WORD.findall(_LINK_TARGET.sub("]", line).lower())) + " " for line in lines]
    above: dict[int, str] = {}
    cursor = 0
    for label in labels:
        found = _found(label.keys, words, cursor)
        if found is None:
            continue
        if not _said_above(label.words, words, found, floor=cursor):
            above.setdefault(_above_its_quotes(lines, found, floor=cursor), label.line)
        cursor = found + 1
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


def _above_its_quotes(lines: list[str], at: int, *, floor: int) -> int:
    """Where a block found at line ``at`` starts: above the quote it opens with, if it does."""
    start = at
    index = at - 1
    while index >= floor and (not lines[index].strip() or lines[index].lstrip().startswith(">")):
        if lines[index].strip():
            start = index
        index -= 1
    return start


def _found(keys: tuple[str, ...], words: list[str], cursor: int) -> int | None:
    """The line holding the block's first run of text the answer holds."""
    end = min(len(words), cursor + _LOOK_AHEAD)
    for key in keys:
        padded = f" {key} "
        for index in range(cursor, end):
            if padded in words[index]:
                return index
    return None


def _said_above(said: str, words: list[str], at: int, *, floor: int) -> bool:
    """Whether the answer says ``said`` on the line holding the block's words or on the
    ``_HEADER_LINES`` lines above it, not above the block before."""
    name = " " + " ".join(_WORD.findall(said.lower())) + " "
    if not name.strip():
        return True
    if name in words[at]:  # the block's own line holds it (a card's title, linked)
        return True
    seen = 0
    for index in range(at - 1, floor - 1, -1):
        if words[index].strip():
            if name in words[index]:
                return True
            seen += 1
            if seen == _HEADER_LINES:
                break
    return False
