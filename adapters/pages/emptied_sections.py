"""Sections whose heading an answer keeps and whose text it drops, put back from the pruned whole page.

An extractor that keeps a heading and leaves out what stood under it hands the agent "## List of
laureates" followed at once by "## 50-year secrecy rule": the table of laureates was the page's
point, and every extractor but the whole page dropped it as too full of links. The same happens to
an FAQ whose answers sit in folded panels, to a list of programming languages under "## B", and to
a course's electives under their heading. The answer says what it dropped: a heading with nothing
under it, followed by a heading of its own level or higher, is a section whose text went missing.

So where the chosen answer holds such a heading, and the pruned whole page (``candidates``) holds
the same heading once, followed by the same next heading of its level (the answer kept both sides
of the section, so what is missing is what lies between), the text the whole page writes under it,
up to its next heading, goes back under the answer's. Not when that text is links and nothing else
(a box of cards: "Featured insights", the next stories), nor when the answer already says its
first lines elsewhere, nor under a heading that is one link to another page (a widget's title).
Replayed over both corpora, page-types rises on both halves and no article changes
(docs/extraction.md, thirty-first round).

The caller leaves product pages alone: there the sections an answer empties are the shop's review
widgets and delivery boxes, which the whole page keeps (a furniture page lost 0.41 to its reviews).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice, pairwise

from adapters.pages.lone_lines import MAX_LINES, plain_text
from adapters.pages.text_words import word_tokens
from domain.markdown_lines import ATX_HEADING, CODE_FENCE, blocks_put_under
from domain.script_shell import readable_text

_MAX_HEADINGS = 5_000  # of an answer or of the whole page, read
_MAX_PUT_BACK = 50  # sections put back in one answer
_FIRST_CHECKED = 3  # of a section's lines, looked for in the answer: kept elsewhere, it was not dropped
_MIN_CHECKED_CHARS = 10  # a line shorter than this says too little to look for
# A link, its text captured: a section whose every word is a link's is a box of links or cards.
_LINK_TEXT = re.compile(r"\[((?:\\.|[^\\\[\]\n])*)\]\((?:<[^<>\n]*>|[^()\s]*)\)")
# A heading that is one link to another page (no fragment of this one) is a widget's or a card's
# title ("[Trending Posts](/trending/)"): what stood under it points elsewhere. A heading linking to
# its own anchor ("[Installation](#installation)", as documentation writes them) is the page's own.
_LINK_ELSEWHERE = re.compile(r"\[[^\[\]\n]*\]\([^()#\s]*\)[ \t#]*")
# A picture's placeholder (the tool writes images so): an icon above each card is not a section's text.
_IMAGE = re.compile(r"\[Image:[^\[\]\n]*\]")
# A heading inside a list item or indented: a card's own title, so the section is a grid of cards.
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
    said = f" {_words(' '.join(map(plain_text, lines)))} "
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
    in_code = False
    for number, line in enumerate(islice(lines, MAX_LINES)):
        if CODE_FENCE.match(line):
            in_code = not in_code
            continue
        match = None if in_code else ATX_HEADING.fullmatch(line)
        if match:
            text = match.group(2)
            words = _words(readable_text(plain_text(text)))
            found.append(_Heading(number, len(match.group(1)), words, bool(_LINK_ELSEWHERE.fullmatch(text))))
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
    if any(_NESTED_HEADING.match(line) for line in section):
        return []  # cards with headings of their own: a grid, not the section's text
    text = [_IMAGE.sub("", line) for line in section]
    if sum(len(_words(plain_text(line)).split()) for line in text) < _MIN_WORDS:
        return []
    return [] if _only_links(text) else section


def _only_links(section: list[str]) -> bool:
    """Whether every word of the section is the text of a link."""
    return not any(_words(plain_text(_LINK_TEXT.sub(" ", line))) for line in section)


def _already_said(section: list[str], heading: _Heading, said: str) -> bool:
    """Whether the answer says one of the section's first lines (other than its own heading's words)."""
    checked = 0
    for line in section:
        words = _words(plain_text(line))
        if len(words) < _MIN_CHECKED_CHARS or words == heading.words:
            continue
        if f" {words} " in said:
            return True
        checked += 1
        if checked >= _FIRST_CHECKED:
            break
    return False


def _words(text: str) -> str:
    return " ".join(word_tokens(text.lower()))
