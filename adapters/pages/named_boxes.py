"""Short elements the markup names for what they are, out of the tree: the shape of several passes.

A breadcrumb trail, a list's pager, a sign-up box: each is an element whose class or id says what
it is, and holds a few words. The same name on a larger element wraps more than the thing (a
"with-breadcrumbs" layout around the whole page), so each kind gives the most words such an
element may hold. All kinds are looked for in one walk: a walk over a page's elements reading
their names is most of what each pass cost (0.4 ms an article).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import Element, drop_short_boxes
from adapters.pages.markup_names import names, names_have, without_terms
from adapters.pages.page_kind import MAX_ELEMENTS

# The page's frame and code: never one of those boxes, whatever they are named.
_NEVER = frozenset({"html", "body", "main", "article", "pre", "code"})


@dataclass(frozen=True)
class NamedBox:
    """A kind of box: letters any name of one holds (lowercase), whether an element is one (given
    the element and its class and id, ``markup_names.names``), and the most words it may hold."""

    letters: tuple[str, ...]
    is_named: Callable[[Element, str], bool]
    max_words: int

    @classmethod
    def of_words(cls, words: frozenset[str], max_words: int) -> NamedBox:
        """Elements whose class or id has one of ``words`` among its words (``markup_names.names_have``)."""
        return cls(tuple(sorted(words)), lambda _, given: names_have(given, words), max_words)


def named_boxes_out(root: Element, kinds: Sequence[NamedBox]) -> int:
    """Removes, among the first ``MAX_ELEMENTS`` elements of ``root``, the boxes of each of ``kinds``
    (in that order); how many it removed."""
    # Most names hold none of the letters: one search rules them out before any name is split.
    # (A search of the lowered name: the same search ignoring case cost twice as much.)
    letters = re.compile("|".join(re.escape(part) for kind in kinds for part in kind.letters))
    found: list[list[Element]] = [[] for _ in kinds]
    for element in islice(root.iter(etree.Element), MAX_ELEMENTS):
        given = names(element)
        if not given or letters.search(given.lower()) is None or element.tag in _NEVER:
            continue
        given = without_terms(given)  # a post filed under "Recommended" is not a recommendations box
        for kind, boxes in zip(kinds, found, strict=True):
            if kind.is_named(element, given):
                boxes.append(element)
    removed: set[Element] = set()
    return sum(drop_short_boxes(boxes, kind.max_words, removed) for kind, boxes in zip(kinds, found, strict=True))
