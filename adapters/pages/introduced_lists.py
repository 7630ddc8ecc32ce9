"""Lists that an answer introduces and then leaves out, put back from the page.

Extractors drop a list inside the body when it looks like chrome to them: a list whose items are
links ("Meditation has been shown to help improve:" over seven linked findings), short phrases,
or code. The sentence that introduced it stays, and the agent reads "When you run docker compose
up, the following happens:" followed by the next section, the steps gone. The page says what
followed: its introduction is the block just before the list and ends with a colon.

So where the chosen answer holds a line (a paragraph or a heading) that says what such an
introduction says and none of the list's items, and the line after it is not a list item, the
list goes back under it, written from the page as the pruned whole page writes lists
(``html_markdown``). A list whose items the answer holds anywhere is left alone: it was kept,
perhaps in other words. Replayed over both corpora, 20 answers change, 18 up, and both halves of
page-types rise (docs/extraction.md, thirtieth round).
"""

from __future__ import annotations

import re
from copy import deepcopy
from dataclasses import dataclass
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import Element, element_to_markdown
from adapters.pages.lone_lines import MAX_LINE_CHARS, MAX_LINES, collapsed, plain_text
from adapters.pages.recommendations import opens_with_recommendations
from adapters.pages.text_words import word_tokens
from domain.markdown_lines import blocks_put_under

_MAX_LISTS = 2_000  # of a page, in its order, looked at
_MAX_INTRODUCED = 50  # written out a page: most pages have none, the most of either corpus 51
# Blocks with no text between an introduction and its list (an empty paragraph, a picture's box,
# a comment), stepped over, this many at most: a product team's page put its "links that may be mildly interesting to
# you:" and the list apart with a floated picture.
_MAX_EMPTY_BETWEEN = 3
_MIN_ITEMS = 2  # with words: one item after a colon is a sentence's end, not a list
_MAX_ITEMS = 1_000  # of a list, read
# The items looked for in the answer: its first three and its last. Each is looked for in the whole
# answer's text, so every item of 50 lists of a thousand looked for in an answer of 5 MB took 41 s;
# an extractor that kept the list kept its first items, or failing that its last.
_FIRST_CHECKED = 3
_TEXT = etree.XPath("string()")
# A line that is a block of another kind than a paragraph or a heading: an item, a quote, a row,
# a fence. An introduction inside a list item would put the list in the wrong place.
_OTHER_BLOCK = re.compile(r"[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|\||```|~~~)")
_HEADING_MARKS = re.compile(r"[ \t]*#{1,6}[ \t]+")
# What may close an introduction's line after its colon: emphasis marks.
_CLOSING_MARKS = re.compile(r"[*_]*[ \t]*\Z")


@dataclass(frozen=True)
class IntroducedList:
    """A list of the page and the block before it, which ends with a colon: their words (lower case,
    one space apart; of the list, the items looked for in an answer) and the list as Markdown."""

    introduction: str
    items: tuple[str, ...]
    markdown: str


def introduced_lists(root: Element, base_url: str | None = None) -> tuple[IntroducedList, ...]:
    """The page's lists that the block before them introduces with a colon, in the page's order."""
    found: list[IntroducedList] = []
    for element in islice(root.iter("ul", "ol"), _MAX_LISTS):
        before = _block_before(element)
        if before is None or before.tag in ("ul", "ol"):
            continue
        introduction = collapsed(_TEXT(before))
        if not introduction.endswith(":") or len(introduction) > MAX_LINE_CHARS:
            continue
        if opens_with_recommendations(introduction):  # "Related coverage:", "You may also like:"
            continue
        read = islice(element.iterchildren("li"), _MAX_ITEMS)
        items = tuple(said for said in (_words(_TEXT(item)) for item in read) if said)
        if len(items) < _MIN_ITEMS:
            continue
        items = items[:_FIRST_CHECKED] + items[_FIRST_CHECKED:][-1:]
        markdown = element_to_markdown(deepcopy(element), base_url)
        if markdown:
            found.append(IntroducedList(_words(introduction), items, markdown))
            if len(found) >= _MAX_INTRODUCED:
                break
    return tuple(found)


def lists_put_back(markdown: str, lists: tuple[IntroducedList, ...]) -> str:
    """``markdown`` with each list it introduces and leaves out put back under its introduction.

    An introduction the page writes before several lists ("For more information, see:" under each
    section of a reference) is matched in order, and only when the answer says it as many times as
    the page does: otherwise which list goes where cannot be told."""
    if not lists or not markdown:
        return markdown
    by_introduction: dict[str, list[IntroducedList]] = {}
    for listed in lists:
        by_introduction.setdefault(listed.introduction, []).append(listed)
    lines = markdown.split("\n")
    said_at: dict[str, list[int]] = {}  # an introduction -> the numbers of the lines saying it
    for number, line in enumerate(islice(lines, MAX_LINES)):
        introduction = _introduction_said(line)
        if introduction in by_introduction:
            said_at.setdefault(introduction, []).append(number)
    if not said_at:
        return markdown
    said = f" {' '.join(word_tokens(' '.join(map(plain_text, lines)).lower()))} "
    put: dict[int, str] = {}  # line number -> the list that goes under it
    for introduction, numbers in said_at.items():
        page_lists = by_introduction[introduction]
        if len(numbers) != len(page_lists):
            continue
        for number, page_list in zip(numbers, page_lists, strict=True):
            if any(f" {item} " in said for item in page_list.items):
                continue
            if not _OTHER_BLOCK.match(_next_text_line(lines, number)):
                put[number] = page_list.markdown
    if not put:
        return markdown
    return blocks_put_under(lines, put)


def _next_text_line(lines: list[str], number: int) -> str:
    following = number + 1
    while following < len(lines) and not lines[following].strip():
        following += 1
    return lines[following] if following < len(lines) else ""


def _block_before(element: Element) -> Element | None:
    """The element before ``element`` that holds text, past at most ``_MAX_EMPTY_BETWEEN`` with none
    (and any comments); None when there is none."""
    before = element.getprevious()
    stepped = 0
    while before is not None and (not isinstance(before.tag, str) or not _TEXT(before).strip()):
        if stepped >= _MAX_EMPTY_BETWEEN or before.tag in ("ul", "ol"):
            return None
        stepped += 1
        before = before.getprevious()
    return before


def _introduction_said(line: str) -> str | None:
    """The words of ``line`` when it is a paragraph or a heading ending with a colon."""
    if not line.rstrip("*_ \t").endswith(":") or len(line) > MAX_LINE_CHARS or _OTHER_BLOCK.match(line):
        return None
    text = plain_text(_HEADING_MARKS.sub("", line, count=1))
    if not _CLOSING_MARKS.sub("", text).endswith(":"):
        return None
    return _words(text)


def _words(text: str) -> str:
    return " ".join(word_tokens(text.lower()))
