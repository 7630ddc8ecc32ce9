"""Short elements the markup names for what they are, out of the tree: the shape of several passes.

A breadcrumb trail, a list's pager, a sign-up box: each is an element whose class or id says what
it is, and holds a few words. The same name on a larger element wraps more than the thing (a
"with-breadcrumbs" layout around the whole page), so each pass gives the most words such an
element may hold.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import Element, drop_short_boxes
from adapters.pages.markup_names import named
from adapters.pages.page_kind import MAX_ELEMENTS

# The page's frame and code: never one of those boxes, whatever they are named.
_NEVER = frozenset({"html", "body", "main", "article", "pre", "code"})


def named_boxes_out(root: Element, words: Collection[str], max_words: int) -> int:
    """Removes, among the first ``MAX_ELEMENTS`` elements of ``root``, those whose class or id has
    one of ``words`` and that hold at most ``max_words`` words; how many it removed."""
    return boxes_out(root, lambda element: named(element, words), max_words)


def boxes_out(root: Element, is_one: Callable[[Element], bool], max_words: int) -> int:
    """``named_boxes_out`` for a test of the name of the pass's own."""
    found = [
        element
        for element in islice(root.iter(etree.Element), MAX_ELEMENTS)
        if element.tag not in _NEVER and is_one(element)
    ]
    return drop_short_boxes(found, max_words)
