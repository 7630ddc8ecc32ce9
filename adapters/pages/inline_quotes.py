"""Inline quotations (``<q>``) written with the quotation marks a browser draws around them.

A browser draws ``<q>`` with quotation marks (its style sheet's, not the page's text), so "he said
<q>hello</q>" reads he said “hello”; without them the quoted words run into the sentence. And
trafilatura (2.x, in every mode) drops all of a paragraph's text after a ``<q>``: "He said
<q>hello there</q> twice and left" came out "He said hello there". So each ``<q>`` becomes its
words between quotation marks (single ones inside another quotation), for every candidate.
"""

from __future__ import annotations

from adapters.pages.html_markdown import Element, in_code, unwrap

_OUTER, _INNER = ("\u201c", "\u201d"), ("\u2018", "\u2019")


def quotes_marked(root: Element) -> int:
    """Each ``<q>`` of ``root`` as its words between quotation marks; how many there were."""
    quotes = [quote for quote in root.iter("q") if not in_code(quote)]
    for quote in quotes:
        nested = any(ancestor.tag == "q" for ancestor in quote.iterancestors())
        opening, closing = _INNER if nested else _OUTER
        quote.text = opening + (quote.text or "")
        last = quote[-1] if len(quote) else None
        if last is None:
            quote.text += closing
        else:
            last.tail = (last.tail or "") + closing
    unwrap(root, quotes)
    return len(quotes)
