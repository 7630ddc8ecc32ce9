"""Links that offer to edit or report the page ("Edit this page", "Improve this page", "[edit]"), out
of the tree before anything reads it.

Documentation sites put "Edit this page" or "Edit on GitHub" under every page, wikis an "[edit]"
beside every heading, and the extractors kept them in the text between the page's sections.
Counted on both corpora (docs/extraction.md, twentieth round): 67 such links, one of whose words
("Edit", a link to a reference page named Edit) is in its reference. A link saying only "edit" is
taken only when its address is an editor's (``action=edit``, an ``/edit/`` path), so a manual's
link to its Edit menu stays; the longer phrases say what they are by themselves. The box around
such a link goes with it when the link is all it says (a wiki's "[ edit ]" brackets).
"""

from __future__ import annotations

import re
from itertools import islice

from adapters.pages.html_markdown import Element, drop_tree, in_code
from adapters.pages.page_kind import MAX_ELEMENTS

_OFFERS = re.compile(
    r"edit\s+(?:this\s+(?:page|article|doc|section)|page|on\s+github|on\s+gitlab|source)"
    r"|view\s+source|suggest\s+(?:an\s+)?edits?|improve\s+this\s+(?:page|article|doc)"
    r"|submit\s+(?:a\s+)?correction|propose\s+changes|report\s+an?\s+(?:issue|problem|error)(?:\s+with\s+this\s+page)?",
    re.IGNORECASE,
)
_KEY_WORDS = ("edit", "source", "improve", "correction", "propose", "report")
_LONGEST = 80  # characters; the longest phrase with its brackets and spaces is shorter
_EDITOR_ADDRESS = re.compile(r"[?&]action=edit\b|/edit(?:/|$|[?#])")
# Brackets, bars and dots a page sets around such a link, and the space between.
_DECORATION = " \t\r\n[]()|·•-–—"
_WRAPPERS = frozenset({"span", "div", "small", "li", "p"})
# How far up a link's box is looked for.
_MAX_BOX_LEVELS = 3


def edit_links_out(root: Element) -> int:
    """Removes, among the first ``MAX_ELEMENTS`` links of ``root``, those that offer to edit or report
    the page; how many it removed."""
    found = [link for link in islice(root.iter("a"), MAX_ELEMENTS) if _offers_an_edit(link)]
    for link in found:
        drop_tree(_box_of(link))
    return len(found)


def _offers_an_edit(link: Element) -> bool:
    raw = (link.text or "") if len(link) == 0 else "".join(link.itertext())
    # Most links say none of the phrases' key words: they are looked for before anything else.
    lowered = raw.lower()
    if len(raw) > _LONGEST or not any(word in lowered for word in _KEY_WORDS):
        return False
    text = " ".join(raw.split()).strip(_DECORATION)
    if not text or in_code(link):
        return False
    if _OFFERS.fullmatch(text):
        return True
    return text.lower() == "edit" and _EDITOR_ADDRESS.search(link.get("href") or "") is not None


def _box_of(link: Element) -> Element:
    """The outermost of ``link``'s parents (up to ``_MAX_BOX_LEVELS``) that says nothing else."""
    box = link
    for _ in range(_MAX_BOX_LEVELS):
        parent = box.getparent()
        if parent is None or parent.tag not in _WRAPPERS or _says_more_than(parent, link):
            break
        box = parent
    return box


def _says_more_than(box: Element, link: Element) -> bool:
    link_text = "".join(link.itertext())
    box_text = "".join(box.itertext())
    return bool(box_text.replace(link_text, "", 1).strip(_DECORATION))
