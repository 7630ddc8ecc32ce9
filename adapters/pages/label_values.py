"""A label and its value set in two boxes side by side, read as one line.

Pages lay out a name and its value as two blocks in a row, and only the style sheet puts them side
by side: ``<div><div>Last updated:</div><div>Dec 12, 2025</div></div>``, a shop's "Starting at:"
over its price, a member's "About me:" beside the answer. Every extractor writes two blocks as two
paragraphs, so the agent read "Last updated:" with nothing after it and a date on its own further
down. A box holding just two such children, the first a short label ending with a colon and the
second a short value, both of text and inline elements only, has both made inline (``span``), so
they read "Last updated: Dec 12, 2025". A longer second box is a description, which reads well as
a paragraph of its own under its heading.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import BLOCK_TAGS, Element
from adapters.pages.page_kind import MAX_ELEMENTS

# A label is a few words ("Last updated on:", "Release Date:"); a value a date, a price, a name.
MAX_LABEL_WORDS = 6
MAX_VALUE_WORDS = 12
_BOXES = frozenset({"div", "p"})
_LABELS = _BOXES | {"span", "strong", "b", "label"}
_VALUES = _BOXES | {"span", "a"}


def labels_joined(root: Element) -> int:
    """Makes inline the label and value boxes among the first ``MAX_ELEMENTS`` elements; how many pairs."""
    joined = 0
    for box in list(islice(root.iter(), MAX_ELEMENTS)):
        pair = _label_and_value(box)
        if pair is None:
            continue
        label, value = pair
        label.tag = "span"
        if value.tag in _BOXES:
            value.tag = "span"
        label.tail = " "
        joined += 1
    return joined


def _label_and_value(box: Element) -> tuple[Element, Element] | None:
    if not isinstance(box.tag, str) or len(box) != 2 or (box.text or "").strip():
        return None
    label, value = box[0], box[1]
    if label.tag not in _LABELS or value.tag not in _VALUES or not ({label.tag, value.tag} & _BOXES):
        return None
    if (label.tail or "").strip() or (value.tail or "").strip():
        return None
    if any(inner.tag in BLOCK_TAGS for part in (label, value) for inner in part.iterdescendants()):
        return None
    label_words = "".join(label.itertext()).split()
    value_words = "".join(value.itertext()).split()
    if not label_words or not label_words[-1].endswith(":") or len(label_words) > MAX_LABEL_WORDS:
        return None
    return (label, value) if 0 < len(value_words) <= MAX_VALUE_WORDS else None
