"""Sections whose heading an answer keeps and whose text it drops, put back from the pruned whole page.

An extractor that keeps a heading and leaves out what stood under it hands the agent "## List of
laureates" followed at once by "## 50-year secrecy rule": the table of laureates was the page's
point, and every extractor but the whole page dropped it as too full of links. The same happens to
an FAQ whose answers sit in folded panels, to a list of programming languages under "## B", and to
a course's electives under their heading. The answer says what it dropped: a heading with nothing
under it, followed by a heading of its own level or higher, is a section whose text went missing.

So where the chosen answer holds such a heading, and the pruned whole page (``whole_page``) holds
the same heading once, followed by the same next heading of its level (the answer kept both sides
of the section, so what is missing is what lies between), the text the whole page writes under it,
up to its next heading, goes back under the answer's. Not when that text is links and nothing else
(a box of cards: "Featured insights", the next stories), nor when the answer already says its
first lines elsewhere, nor under a heading that is one link to another page (a widget's title).
Replayed over both corpora, page-types rises on both halves and no article changes
(docs/extraction.md, thirty-first round).

Callers leave the kinds in ``LEFT_ALONE`` alone: on a product's page the sections an answer empties
are the shop's review widgets and delivery boxes, which the whole page keeps.

Every pattern here reads a line in one pass: a heading or a section's line holding a hundred
thousand "[\\" or "](" is words for a reader, and the link patterns that allow escapes inside a
link's text take seconds on such a line (measured: 17 s for 80,000 characters).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice, pairwise

from adapters.pages.lone_lines import MAX_LINE_CHARS, MAX_LINES
from adapters.pages.page_kind import PageKind
from adapters.pages.text_words import word_tokens
from domain.markdown_lines import ATX_HEADING, blocks_put_under, lines_outside_code

# The kinds of page whose emptied sections stay empty: a shop's are its review widgets and delivery
# boxes, which the whole page keeps (a furniture page's reviews came back, 0.71 -> 0.30).
LEFT_ALONE: frozenset[PageKind] = frozenset({"product"})
_MAX_HEADINGS = 5_000  # of an answer or of the whole page, read
_MAX_PUT_BACK = 50  # sections put back in one answer
_FIRST_CHECKED = 3  # of a section's lines, looked for in the answer: kept elsewhere, it was not dropped
_MIN_CHECKED_CHARS = 10  # a line shorter than this says too little to look for
_LINES_READ = 50  # of a section, read to tell whether it says anything but links and pictures
# A link's address, dropped to leave its text where it stood ("[Physics](/physics)" says "Physics").
_LINK_TARGET = re.compile(r"\]\((?:<[^<>\n]*>|[^()\s]*)\)")
# A link with its text: a section whose every word is a link's is a box of links or cards.
_LINK = re.compile(r"\[[^\[\]\n]*\]\((?:<[^<>\n]*>|[^()\s]*)\)")
# A heading that is one link to another page (no fragment of this one) is a widget's or a card's
# title ("[Trending Posts](/trending/)"): what stood under it points elsewhere. A heading linking to
# an anchor ("[Installation](#installation)", as documentation writes them) is the page's own.
_LINK_ELSEWHERE = re.compile(r"\[[^\[\]\n]*\]\([^()#\s]*\)[ \t#]*")
# A picture's placeholder (the tool writes images so): an icon above each card is not a section's text.
_IMAGE = re.compile(r"\[Image:[^\[\]\n]*\]")
# A heading inside a list item or indented, outside code: a card's own title, so the section is a grid.
_NESTED_HEADING = re.compile(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?#{1,6}[ \t]")
_MIN_WORDS = 2  # a section's text, outside pictures: a lone number under a heading is a slide's counter


@dataclass(frozen=True)
class _Heading:
    line: int  # its line number
    level: int
    words: str  # lower case, one space apart
    elsewhere: bool  # the heading is one link to another page


def sections_put_back(markdown: str, whole_page: Callable[[], str]) -> str:
    """``markdown`` with the sections it keeps the heading of and drops the text of put back from
    ``whole_page``, which is asked for only when the answer has such a heading."""
    lines = markdown.split("\n")
    headings = _headings(lines)
    emptied = _emptied(lines, headings)
    if not emptied:
        return markdown
    page_lines = whole_page().split("\n")
    page_headings = _headings(page_lines)
    if not page_headings:
        return markdown
    said = f" {' '.join(map(_spoken, lines))} "
    put: dict[int, str] = {}  # line number -> the section that goes under it
    for heading, following in islice(emptied, _MAX_PUT_BACK):
        section = _section(page_lines, page_headings, heading, following)
        if section and not _already_said(section, heading, said):
            put[heading.line] = "\n".join(section)
    if not put:
        return markdown
    return blocks_put_under(lines, put)


def _headings(lines: list[str]) -> list[_Heading]:
    """The headings of ``lines`` (an answer's or the whole page's) outside code, in order, with their words."""
    found: list[_Heading] = []
    read = lines[:MAX_LINES]
    for number, (line, outside) in enumerate(zip(read, lines_outside_code(read), strict=True)):
        if not outside or len(line) > MAX_LINE_CHARS:  # a longer line is prose, whatever its marks
            continue
        match = ATX_HEADING.fullmatch(line)
        if match:
            text = match.group(2)
            found.append(_Heading(number, len(match.group(1)), _spoken(text), bool(_LINK_ELSEWHERE.fullmatch(text))))
            if len(found) >= _MAX_HEADINGS:
                break
    return found


def _emptied(lines: list[str], headings: list[_Heading]) -> list[tuple[_Heading, _Heading]]:
    """The headings with nothing under them before a heading of their level or higher, each with
    that heading; only headings the answer says once, so that the page's can be told."""
    times = Counter(heading.words for heading in headings)
    found: list[tuple[_Heading, _Heading]] = []
    for heading, following in pairwise(headings):
        if not heading.words or heading.elsewhere or times[heading.words] != 1 or following.level > heading.level:
            continue
        if not any(line.strip() for line in lines[heading.line + 1 : following.line]):
            found.append((heading, following))
    return found


def _section(page_lines: list[str], page_headings: list[_Heading], heading: _Heading, following: _Heading) -> list[str]:
    """What the whole page writes under ``heading`` before its next heading, when the page says the
    heading once and its next heading of that level or higher is ``following``; else nothing."""
    at = [index for index, page_heading in enumerate(page_headings) if page_heading.words == heading.words]
    if len(at) != 1:
        return []
    index = at[0]
    level = page_headings[index].level
    closing = next((later for later in page_headings[index + 1 :] if later.level <= level), None)
    if closing is None or closing.words != following.words:
        return []
    end = page_headings[index + 1].line if index + 1 < len(page_headings) else len(page_lines)
    section = page_lines[page_headings[index].line + 1 : end]
    while section and not section[0].strip():
        section.pop(0)
    while section and not section[-1].strip():
        section.pop()
    outside = lines_outside_code(section)
    if any(out and _NESTED_HEADING.match(line) for line, out in zip(section, outside, strict=True)):
        return []  # cards with headings of their own: a grid, not the section's text
    read = [_IMAGE.sub("", line) for line in section[:_LINES_READ]]
    if sum(len(_spoken(line).split()) for line in read) < _MIN_WORDS:
        return []
    return [] if _only_links(read) else section


def _only_links(lines: list[str]) -> bool:
    """Whether every word of ``lines`` is the text of a link."""
    return not any(_spoken(_LINK.sub(" ", line)) for line in lines)


def _already_said(section: list[str], heading: _Heading, said: str) -> bool:
    """Whether the answer says one of the section's first lines (other than its own heading's words)."""
    checked = 0
    for line in section[:_LINES_READ]:
        words = _spoken(line)
        if len(words) < _MIN_CHECKED_CHARS or words == heading.words:
            continue
        if f" {words} " in said:
            return True
        checked += 1
        if checked >= _FIRST_CHECKED:
            break
    return False


def _spoken(text: str) -> str:
    """The words of a line of Markdown as a reader says them: lower case, one space apart, links'
    addresses left out and their text kept."""
    return " ".join(word_tokens(_LINK_TARGET.sub("]", text).lower()))
