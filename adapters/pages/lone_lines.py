"""Lines of an extractor's answer that stand alone, read as the page's markup would say them.

trafilatura's full modes sometimes hand back a page's headings and list items as paragraphs
(``heading_lines``, ``list_lines``); the page still has them, and a paragraph of one line that
says what a heading or an item of the page says is that heading or item. What "stands alone"
and "says" mean is the same for both, and is here.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import islice

from domain.markdown_lines import CODE_FENCE

MAX_LINE_CHARS = 600  # a longer line is prose, not a title or an item put back
MAX_LINES = 20_000  # of an answer, read for lone lines: a long book's worth of paragraphs
# What emphasis marks and escapes add to a line beyond the text it says.
_MARKS_ALLOWANCE = 16
# A line that is already a block of its own kind: a heading, a list item, a quote, a table row,
# a picture's placeholder, a fence.
_BLOCK_LINE = re.compile(r"[ \t]*(?:#|[-*+][ \t]|\d{1,9}[.)][ \t]|>|\||\[Image:|```|~~~)")
# A link: its text (escapes allowed), then its target. Text not followed by a target is taken too
# and left as it is (the second alternative): a try at an escaped "[" inside it would read on to the
# same end and fail the same way (tried at each, a line of 40,000 "[\\" took 4.5 s).
_LINK = re.compile(r"\[((?:\\.|[^\\\[\]\n])*+)\]\((?:<[^<>\n]*>|[^()\s]*)\)|(\[(?:\\.|[^\\\[\]\n])*+)")
_EMPHASIS = re.compile(r"\*\*|__|\\(?=[^\w\s])")
# What makes a line's text shorter than the line: marks, escapes, links, runs of spaces.
_MAY_DIFFER = re.compile(r"[*_\\\[]|\s\s")


def stands_alone(lines: list[str], number: int) -> bool:
    """Whether line ``number`` is a paragraph of one line (blank lines or the answer's ends around
    it) that is not already a heading, an item, a quote, a table row, a picture or a fence."""
    line = lines[number]
    if not line.strip() or len(line) > MAX_LINE_CHARS or _BLOCK_LINE.match(line):
        return False
    before = lines[number - 1] if number > 0 else ""
    after = lines[number + 1] if number + 1 < len(lines) else ""
    return not before.strip() and not after.strip()


def plain_text(line: str) -> str:
    """A line's text as the page's markup reads: links as their text, no emphasis marks or escapes,
    spaces collapsed."""
    return collapsed(_EMPHASIS.sub("", _LINK.sub(r"\1\2", line)))


def collapsed(text: str) -> str:
    """An element's text with its spaces collapsed, as ``plain_text`` leaves a line's."""
    return " ".join(text.split())


def lone_lines_saying(lines: list[str], texts: Collection[str]) -> list[tuple[int, str]]:
    """The lone lines outside code whose text is one of ``texts``: (line number, text), in order."""
    # A line longer than every text by more than marks add is none of them, unless a link's
    # address makes it long; a line with no marks and no runs of spaces says a text only if it is
    # as long as one. Most of an answer's lines are read no further: a thread of 140,000 short
    # paragraphs took half a second read whole, and the lines past the first ``MAX_LINES`` are not
    # read at all (tens of milliseconds at most).
    longest = max(map(len, texts), default=0) + _MARKS_ALLOWANCE
    lengths = frozenset(map(len, texts))
    found: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(islice(lines, MAX_LINES)):
        if ("```" in line or "~~~" in line) and CODE_FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or (len(line) > longest and "](" not in line):
            continue
        stripped = line.strip()
        if len(stripped) not in lengths and not _MAY_DIFFER.search(stripped):
            continue
        if not stands_alone(lines, number):
            continue
        text = plain_text(line)
        if text in texts:
            found.append((number, text))
    return found
