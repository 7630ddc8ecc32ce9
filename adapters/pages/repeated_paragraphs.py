"""Paragraphs the answer already gave, not given again.

Pages carry second copies of their own content: a layout for narrow screens beside the one for
wide ones (the style sheet shows one of them), each card of a listing written twice, a FAQ both as
a list and as an accordion, a whole post repeated below itself. No extractor reads the style
sheet, so every one of them keeps both copies, and the agent reads the same text twice. A line of
at least ``MIN_WORDS`` words (its links' addresses counted) whose words, case and punctuation
aside, came before is dropped, and the blank line it leaves with it.

What a page repeats on purpose stays: a line that comes back three times or more is a template's
(the fine print under each coupon, the same meal on each day of a plan), each copy part of its own
item. In a thread it is not: there, long text that comes back is a signature under each of one
member's posts, or a log pasted again, and goes however often it appears. Tables, code and quotes
are left alone (``repeated_quotes`` shortens quotes of earlier posts to their opening words).
"""

from __future__ import annotations

import re
from collections import Counter

from domain.markdown_lines import ATX_HEADING, CODE_FENCE

# A sentence's length: short lines that repeat ("Free", "Add to cart", "Reply") are an item's
# labels, which the items themselves need. Measured from 10 to 25 words, every bound helps both
# halves of the page-types corpus (docs/extraction.md, seventeenth round).
MIN_WORDS = 15
# Outside threads, a line repeated more often than this is a template's, not a second copy.
COPIES = 2
_WORD = re.compile(r"\w+")
_LINK_ALONE = re.compile(r"\[[^\n]*\]\([^()\s]*\)")
# A line of a paragraph's plain text: not blank, not indented (a list item's continuation), not a
# list item, a heading, a table's row or a quote.
_PLAIN = re.compile(r"(?![-*+][ \t]|\d{1,9}[.)][ \t]|#|\||>)\S")


def without_repeated_paragraphs(markdown: str, *, thread: bool = False) -> str:
    """``markdown`` without the second copy of each long paragraph or line (every further copy, in
    a ``thread``). A paragraph of several lines (plain text with no blank line between them: a
    card's title and teaser) goes when the whole of it came before; else its lines are judged one
    by one, but for a line that is a link alone, the paragraph's label (the product a review is
    of), which stays with its paragraph."""
    lines = markdown.split("\n")
    keys = _keys(lines)
    spans = _paragraphs(lines, keys)
    counts = Counter(key for _, _, key in spans if key)
    counts.update(key for start, end, _ in spans if end - start > 1 for key in keys[start:end] if key)
    seen: set[str] = set()
    kept: list[str] = []

    def repeated(key: str | None) -> bool:
        return bool(key) and key in seen and (thread or counts[key] <= COPIES)

    for start, end, key in spans:
        if repeated(key):
            continue
        if key:
            seen.add(key)
        for index in range(start, end):
            line, own = lines[index], keys[index]
            if end - start > 1:
                if repeated(own) and not _LINK_ALONE.fullmatch(line.strip()):
                    continue
                if own:
                    seen.add(own)
            if own is not None and not line.strip() and kept and not kept[-1].strip():
                continue  # a dropped copy leaves one blank line between its neighbours, not two
            kept.append(line)
    return "\n".join(kept) if len(kept) < len(lines) else markdown


def _paragraphs(lines: list[str], keys: list[str | None]) -> list[tuple[int, int, str | None]]:
    """Each line as a span of its own (its start, end and key), but for runs of plain lines (not a
    list item, heading, table row or quote) with no blank line between them: one span for the run,
    keyed by all its words when there are enough of them. A run opens a paragraph: after a blank
    line or a heading, not straight after a list item, whose lines it continues."""
    spans: list[tuple[int, int, str | None]] = []
    index = 0
    while index < len(lines):
        end = index
        opens = index == 0 or not lines[index - 1].strip() or ATX_HEADING.match(lines[index - 1]) is not None
        while opens and end < len(lines) and keys[end] is not None and _PLAIN.match(lines[end]):
            end += 1
        if end - index >= 2:
            words = [word for line in lines[index:end] for word in _WORD.findall(line.lower())]
            spans.append((index, end, " ".join(words) if len(words) >= MIN_WORDS else ""))
            index = end
        else:
            spans.append((index, index + 1, keys[index]))
            index += 1
    return spans


def _keys(lines: list[str]) -> list[str | None]:
    """Each line's words, lower-cased, its links' addresses included (a card written twice links to
    the same place twice; each post's "Reply" links somewhere of its own), when there are enough of
    them; "" for tables, quotes and short lines; None for code (fences included), which stays as
    written."""
    keys: list[str | None] = []
    in_code = False
    for line in lines:
        if CODE_FENCE.match(line):
            in_code = not in_code
            keys.append(None)
            continue
        if in_code:
            keys.append(None)
            continue
        stripped = line.lstrip()
        words = [] if stripped.startswith(("|", ">")) else _WORD.findall(stripped.lower())
        keys.append(" ".join(words) if len(words) >= MIN_WORDS else "")
    return keys
