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

from domain.markdown_lines import CODE_FENCE

# A sentence's length: short lines that repeat ("Free", "Add to cart", "Reply") are an item's
# labels, which the items themselves need. Measured from 10 to 25 words, every bound helps both
# halves of the page-types corpus (docs/extraction.md, seventeenth round).
MIN_WORDS = 15
# Outside threads, a line repeated more often than this is a template's, not a second copy.
COPIES = 2
_WORD = re.compile(r"\w+")


def without_repeated_paragraphs(markdown: str, *, thread: bool = False) -> str:
    """``markdown`` without the second copy of each long line (every further copy, in a ``thread``)."""
    lines = markdown.split("\n")
    keys = _keys(lines)
    counts = Counter(key for key in keys if key)
    seen: set[str] = set()
    kept: list[str] = []
    for line, key in zip(lines, keys, strict=True):
        if key and key in seen and (thread or counts[key] <= COPIES):
            continue
        if key:
            seen.add(key)
        if key is not None and not line.strip() and kept and not kept[-1].strip():
            continue  # a dropped copy leaves one blank line between its neighbours, not two
        kept.append(line)
    return "\n".join(kept) if len(kept) < len(lines) else markdown


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
