"""The page's lists made lists again where trafilatura wrote their items as paragraphs.

The same slip as its headings (``heading_lines``): when trafilatura's full modes take a fallback's
reading, a list's items come back as paragraphs, one after the other, and the agent reads "a
membership includes" over four lines that no longer say they are four things (a comparison's
"Pros" and "Cons", a guide's steps, a plan's features).

Where two or more lone lines in a row (``lone_lines.stands_alone``, one blank line between each)
say what consecutive items of one of the page's lists say, in order, they are those items again:
"- " for a list, the item's number for a numbered one (from its ``start``), and the blank lines
between them go. A single line is never made an item: a menu's "Home" or "Contact" said once in
the text is not a list, and two items of one list side by side in the answer, in the page's
order, are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import Element
from adapters.pages.lone_lines import collapsed, lone_lines_saying

_MAX_LISTS = 2_000  # of a page, in its order
# Items read over all of a page's lists: its menus are hundreds; a catalogue of 20,000 items read
# whole would cost tens of milliseconds for lists trafilatura keeps as lists anyway.
_MAX_ITEMS = 5_000
_MIN_RUN = 2
_TEXT = etree.XPath("string()")  # an element's text in one call: a third faster than joining itertext()


@dataclass(frozen=True)
class PageList:
    """One of the page's lists: its items' texts (spaces collapsed) and how its items are numbered
    (``start``; None for a list of bullets)."""

    items: tuple[str, ...]
    start: int | None


def page_lists(root: Element) -> tuple[PageList, ...]:
    """The page's lists in its order, each with its own items (not those of a list inside an item)."""
    found: list[PageList] = []
    left = _MAX_ITEMS
    for element in islice(root.iter("ul", "ol"), _MAX_LISTS):
        items = [collapsed(_TEXT(item)) for item in islice(element.iterchildren("li"), max(left, 0))]
        left -= len(items)
        if len(items) >= _MIN_RUN:
            found.append(PageList(tuple(items), _start(element) if element.tag == "ol" else None))
        if left <= 0:
            break
    return tuple(found)


def lists_restored(markdown: str, lists: Sequence[PageList]) -> str:
    """``markdown`` (trafilatura's answer) with each run of lone lines that says what consecutive items
    of one of ``lists`` say written as those items."""
    if not lists or not markdown:
        return markdown
    where: dict[str, list[tuple[int, int]]] = {}  # an item's text -> (its list, its place in it)
    for index, page_list in enumerate(lists):
        for place, text in enumerate(page_list.items):
            if text:
                where.setdefault(text, []).append((index, place))
    lines = markdown.split("\n")
    lone = lone_lines_saying(lines, where)
    written: dict[int, str] = {}  # line number -> the item it is
    dropped: set[int] = set()  # the blank lines between a run's items
    at = 0
    while at < len(lone):
        run = _run_from(lone, at, where)
        if len(run) < _MIN_RUN:
            at += 1
            continue
        for (number, _), (list_index, place) in run:
            written[number] = _marker(lists[list_index], place) + lines[number].strip()
        dropped.update(number + 1 for (number, _), _ in run[:-1])
        at += len(run)
    if not written:
        return markdown
    return "\n".join(written.get(number, line) for number, line in enumerate(lines) if number not in dropped)


def _run_from(
    lone: list[tuple[int, str]], at: int, where: dict[str, list[tuple[int, int]]]
) -> list[tuple[tuple[int, str], tuple[int, int]]]:
    """The longest run of lone lines from ``at`` (each two lines below the one before) saying what
    consecutive items of one list say, with the item each is; shorter than two when there is none."""
    best: list[tuple[tuple[int, str], tuple[int, int]]] = []
    for list_index, place in where[lone[at][1]]:
        run = [(lone[at], (list_index, place))]
        following = at + 1
        while following < len(lone) and lone[following][0] == run[-1][0][0] + 2:
            if (list_index, place + len(run)) not in where[lone[following][1]]:
                break
            run.append((lone[following], (list_index, place + len(run))))
            following += 1
        if len(run) > len(best):
            best = run
    return best


def _marker(page_list: PageList, place: int) -> str:
    return "- " if page_list.start is None else f"{page_list.start + place}. "


def _start(element: Element) -> int:
    try:
        return max(0, min(int(element.get("start") or 1), 1_000_000))
    except ValueError:
        return 1
