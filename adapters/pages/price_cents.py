"""A price's cents set as a superscript, read with their decimal point.

Shops draw a price as "$19⁹⁹": the cents in ``<sup>``, the point left out because the raised
digits show it. Every extractor wrote the digits side by side, and the agent read "$1999", a
price a hundred times the real one. Two digits in a ``<sup>`` right after a currency sign and a
whole amount (the sign set as a superscript too, or the amount split by thousands) become ".99".
"""

from __future__ import annotations

import re

from adapters.pages.html_markdown import Element, in_code, unwrap

# A currency sign, then a whole amount (thousands parted by commas, points or spaces), at the end.
_AMOUNT = re.compile(r"[$€£¥₹₩₽]\s?\d{1,3}(?:[,.\s ]?\d{3})*$")
_CENTS = re.compile(r"\d{2}")
# How much of the text before a superscript is read for the amount.
_BEFORE = 24


def cents_pointed(root: Element) -> int:
    """Each two-digit ``<sup>`` after a currency amount written as the amount's cents; how many."""
    cents = [sup for sup in root.iter("sup") if _is_cents(sup)]
    for sup in cents:
        sup.text = "." + (sup.text or "").strip()
    unwrap(root, cents)
    return len(cents)


def _is_cents(sup: Element) -> bool:
    if len(sup) or not _CENTS.fullmatch((sup.text or "").strip()) or in_code(sup):
        return False
    return _AMOUNT.search(_text_before(sup)) is not None


def _text_before(element: Element) -> str:
    """The last ``_BEFORE`` characters of the parent's text before ``element``."""
    parent = element.getparent()
    if parent is None:
        return ""
    pieces = [parent.text or ""]
    for sibling in parent:
        if sibling is element:
            break
        pieces.append("".join(sibling.itertext()))
        pieces.append(sibling.tail or "")
    return "".join(pieces)[-_BEFORE:]  # no space: the cents touch their amount
