"""A plain page's sections, read from the pruned whole page: the evidence of which answers kept the page.

A landing page, a service page or a shop's hub is a stack of sections, each a heading with a few
lines under it. Extractors made for articles keep one of them (the hero, the first feature) and,
agreeing with each other on it, outvoted the pruned whole page that kept every section: a
consultancy's page of services read 0.17 where the whole page read 0.99 (docs/extraction.md,
twenty-second round). The headings the whole page kept say what the sections are.

A heading counts as a section's when at least ``WORDS_UNDER`` words outside links follow it before
the next heading. A sidebar widget's heading heads a list of links ("Meta", "Blogroll", "Top
posts"): on a blog read as a plain page those outnumbered the story's own headings, and as
evidence they made the whole page, sidebar and all, win over the story (two articles lost 0.26
and 0.30 in the twenty-first round). The pruned whole page has already dropped the landmarks and
the boxes named as chrome; what it kept is the page as its reader sees it, in reading order.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from adapters.pages.reconcile import holders
from adapters.pages.text_words import word_tokens
from domain.script_shell import readable_text

# A section's heading is followed by this many words outside links (a sentence) before the next
# heading; a widget's heading by links. Ten or twenty words give the same choices on both corpora.
WORDS_UNDER = 10
# Headings of these levels open sections; smaller ones sit inside a section, as its text.
_SECTION_LEVELS = 3
# Enough sections to tell which candidates kept the page, and a bound on the comparisons (each
# heading is looked for in each candidate's text) on a page of a hundred thousand headings.
MAX_SECTIONS = 50
# A heading of the page itself: at the start of its line, not inside a list item or a quote. A
# sidebar's widgets are often a list ("<li class=widget><h2>Meta</h2>..."), and so are card grids.
# A closing run of "#" needs no pattern of its own: only the heading's words are kept.
_HEADING = re.compile(r"(#{1,6})[ \t](.*)")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_IMAGE = re.compile(r"\[Image:[^\[\]\n]*\]")
# A link with its text ("[Pricing](/pricing)"): words a reader clicks, not a section's text.
_LINK = re.compile(r"\[[^\[\]\n]*\]\([^()\s]*\)")
_WORD = re.compile(r"\w+")


def section_headings(markdown: str) -> tuple[str, ...]:
    """The headings (levels 1-3) of ``markdown`` that open a section, each as its words in lower case."""
    found: list[str] = []
    heading = ""  # the heading whose section the walk is in
    under = 0  # words outside links read since it
    in_code = False
    for line in markdown.split("\n"):
        if len(found) >= MAX_SECTIONS:
            return tuple(found)
        if _FENCE.match(line):
            in_code = not in_code
        match = None if in_code else _HEADING.match(line)
        if match and len(match.group(1)) <= _SECTION_LEVELS:
            if heading and under >= WORDS_UNDER:
                found.append(heading)
            heading = _spoken(_IMAGE.sub(" ", readable_text(match.group(2))))
            under = 0
        elif heading and under < WORDS_UNDER:
            under += len(word_tokens(_LINK.sub(" ", _IMAGE.sub(" ", line))))
    if heading and under >= WORDS_UNDER:
        found.append(heading)
    return tuple(found)


def holding_sections(candidates: Mapping[str, str], headings: tuple[str, ...], share: float) -> dict[str, str]:
    """``reconcile.holders`` of at least ``share`` of ``headings``."""
    if not headings:
        return dict(candidates)
    return holders(candidates, lambda text: sections_held(text, headings), share)


def sections_held(markdown: str, headings: tuple[str, ...]) -> float:
    """The share of ``headings`` (from ``section_headings``) that ``markdown`` says, as words in order."""
    text = f" {_spoken(readable_text(markdown))} "
    return sum(f" {heading} " in text for heading in headings) / len(headings)


def _spoken(text: str) -> str:
    """The words of ``text`` in lower case, one space apart: how a heading reads whatever its markup."""
    return " ".join(_WORD.findall(text.lower()))
