"""A PDF's pages of text made one document: running heads, page numbers and line-end hyphens out.

pypdf gives each page's text as the layout set it: the journal's name and the page number on every
page, and a word split by a hyphen where a line ended ("implemen-" / "tation"). Read as one text,
the heads repeat a line per page between paragraphs, and a split word is two words that match
nothing the agent searches for (``focus`` ranks passages by their words). So a line that opens or
closes most pages (digits aside: "Page 3 of 12", "Journal of X, vol. 4") goes, and so does a page
number alone, and a word hyphenated across a line break is joined when the next line goes on in
lower case. Every other line break stays: pypdf does not mark paragraphs, and joining lines would
run a table's rows or a list's items together.
"""

from __future__ import annotations

import re
from collections import Counter

#: Lines at each end of a page looked at for a running head or foot.
EDGE_LINES = 2
#: A page number on a line of its own: "12", "- 12 -", "Page 12", "12 of 40", "12 / 40".
_PAGE_NUMBER = re.compile(r"[-–—\s]*(?:page\s+)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?[-–—\s]*", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
# A word broken at the end of a line: a letter, a hyphen, the break, a letter (joined when lower case).
_BROKEN_WORD = re.compile(r"([^\W\d_])-\n([^\W\d_])")


def pages_as_text(pages: list[str]) -> str:
    """The pages' text as one, blank lines between pages, running heads and page numbers out."""
    split = [[line.rstrip() for line in page.strip().splitlines()] for page in pages if page.strip()]
    repeated = _running_lines(split)
    numbered = len(split) > 1  # a one-page document's last line may be a number of its own
    kept = []
    for lines in split:
        body = _without_edges(lines, repeated, numbered=numbered)
        text = "\n".join(body).strip()
        if text:
            kept.append(_BROKEN_WORD.sub(_joined, text))
    return "\n\n".join(kept)


def _joined(broken: re.Match[str]) -> str:
    """The two halves of a word as one, when the second goes on in lower case ("implemen-" "tation");
    a compound split at its own hyphen loses it too ("well-" "known"), the rarer case in set text."""
    first, second = broken.groups()
    return first + second if second.islower() else broken.group(0)


def _running_lines(pages: list[list[str]]) -> frozenset[str]:
    """Lines (digits aside) that open or close at least half the pages, when there are three or more."""
    if len(pages) < 3:
        return frozenset()
    seen: Counter[str] = Counter()
    for lines in pages:
        edges = {_shape(line) for line in _edges(lines)}
        seen.update(edge for edge in edges if edge)
    return frozenset(shape for shape, count in seen.items() if count >= max(3, len(pages) / 2))


def _edges(lines: list[str]) -> list[str]:
    return [lines[index] for index in _edge_indexes(lines)]


def _edge_indexes(lines: list[str]) -> list[int]:
    """The first and last ``EDGE_LINES`` lines holding text, one each on a page of under six (a
    slide): a head or a foot is never most of a page."""
    content = [index for index, line in enumerate(lines) if line.strip()]
    width = EDGE_LINES if len(content) >= 3 * EDGE_LINES else 1
    return sorted(set(content[:width] + content[-width:]))


def _without_edges(lines: list[str], repeated: frozenset[str], *, numbered: bool) -> list[str]:
    """``lines`` without the running heads (and page numbers, ``numbered``) among the first and last of them."""
    edges = set(_edge_indexes(lines))

    def running(line: str) -> bool:
        return _shape(line) in repeated or (numbered and _PAGE_NUMBER.fullmatch(line) is not None)

    return [line for index, line in enumerate(lines) if index not in edges or not running(line)]


def _shape(line: str) -> str:
    return " ".join(_DIGITS.sub("#", line.lower()).split())
