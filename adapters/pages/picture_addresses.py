"""Text that is nothing but a picture's address, out of the tree before anything reads it.

A shop's product template printed its custom fields as a definition list, and twenty of them were
the addresses of colour swatches ("cat_thumb_Bone: https://cdn.example.com/.../BONE_THUMB.jpg"):
1,263 words an agent would read as the product's text, against the 87 words of the product's own.
Counted on both corpora (docs/extraction.md, twentieth round), elements whose whole text is the
address of an image file (.jpg, .png, .webp and the like) hold no word of the references and 1,420
words outside them, on product pages and in articles' captions. An address the page links is a
link, and one in code is what the code says: both stay.

A definition's term goes with it (the name of a swatch says nothing without the swatch), and a
table's cell is emptied rather than removed, so its row keeps its columns.
"""

from __future__ import annotations

import re
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import Element, drop_tree
from adapters.pages.page_kind import MAX_ELEMENTS

_PICTURE_ADDRESS = re.compile(
    r"(?:https?:)?//\S+\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#]\S*)?", re.IGNORECASE
)
# Longer than any address a page prints (browsers cap theirs near 2,000 characters): not looked at.
_LONGEST = 2_048
_KEPT_UNDER = frozenset({"a", "pre", "code", "textarea"})


def picture_addresses_out(root: Element) -> int:
    """Removes, among the first ``MAX_ELEMENTS`` elements of ``root``, those whose whole text is a
    picture's address; how many it removed."""
    found = [
        element
        for element in islice(root.iter(etree.Element), MAX_ELEMENTS)
        if len(element) == 0 and element.text and _is_picture_address(element.text)
    ]
    removed = 0
    for element in found:
        if element.tag in _KEPT_UNDER or any(node.tag in _KEPT_UNDER for node in element.iterancestors()):
            continue
        if element.tag in ("td", "th"):
            element.text = None
        else:
            term = element.getprevious() if element.tag == "dd" else None
            if term is not None and term.tag == "dt" and _defines_one(term):
                drop_tree(term)
            drop_tree(element)
        removed += 1
    return removed


def _is_picture_address(text: str) -> bool:
    stripped = text.strip()
    # Most leaves hold words: the first letters rule them out before the pattern runs.
    if not stripped.startswith(("http", "//")) or len(stripped) > _LONGEST:
        return False
    return _PICTURE_ADDRESS.fullmatch(stripped) is not None


def _defines_one(term: Element) -> bool:
    """Whether the definition after ``term`` is its only one (a term with two keeps the other)."""
    following = term.getnext()
    after = following.getnext() if following is not None else None
    return after is None or after.tag != "dd"
