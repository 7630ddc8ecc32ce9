"""The page's headings made headings again where trafilatura wrote them as plain lines.

trafilatura writes a heading as a Markdown heading when its own cut keeps it as one, but when its
full modes take a fallback's reading instead (they compare theirs with readability's, and with
jusText's when theirs is short, unless asked to be fast), and on some markup besides, the section
titles come out as paragraphs among the others: "Your Plate and the Planet" as a line of text over the section it
names. The agent then reads a guide of twenty sections as one run of paragraphs, and the cut of
"Related products" by its heading (``recommendations``) cannot see the section it would cut.

The page still has its headings, so a line of trafilatura's answer that stands alone (a
paragraph of one line, not a list item, a quote, a table row, a picture or code) and says exactly
what one of the page's headings says is that heading, at the page's level. Headings are matched
in the page's order, each once, so a heading's words repeated later in the text as a paragraph
of their own are not taken for it unless the page has a later heading saying the same.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from itertools import islice

from adapters.pages.html_markdown import HEADING_TAGS, Element
from adapters.pages.lone_lines import collapsed, lone_lines_saying

_MAX_HEADINGS = 1_000  # of a page, in its order; a page of more is a data dump, not sections
_MAX_HEADING_CHARS = 300  # a heading longer than this is a paragraph the page styled as one
_WORD = re.compile(r"\w")


def page_headings(root: Element) -> tuple[tuple[str, int], ...]:
    """The page's headings in its order, as (text with its spaces collapsed, level)."""
    found: list[tuple[str, int]] = []
    for heading in islice(root.iter(*HEADING_TAGS), _MAX_HEADINGS):
        text = collapsed("".join(heading.itertext()))
        if text and len(text) <= _MAX_HEADING_CHARS and _WORD.search(text):
            found.append((text, int(str(heading.tag)[1])))
    return tuple(found)


def headings_restored(markdown: str, headings: Sequence[tuple[str, int]]) -> str:
    """``markdown`` (trafilatura's answer) with each lone line that says what one of ``headings`` says,
    in their order, written as that heading."""
    if not headings or not markdown:
        return markdown
    where: dict[str, list[int]] = {}
    for index, (text, _) in enumerate(headings):
        where.setdefault(text, []).append(index)
    lines = markdown.split("\n")
    next_heading = 0
    for number, text in lone_lines_saying(lines, where):
        places = where[text]
        at = bisect.bisect_left(places, next_heading)
        if at == len(places):
            continue
        level = headings[places[at]][1]
        lines[number] = f"{'#' * level} {lines[number].strip()}"
        next_heading = places[at] + 1
    return "\n".join(lines)
