"""A long document's body cut to its first whole blocks (Word's and OpenDocument's text alike).

Readers of office documents slow down with the length of the text part, and an agent reads a
window of the answer at a time; so past a bound a document is read as its head: the body's own
children (paragraphs, headings, lists, tables) up to about that many bytes of XML, whole, so
the XML stays well formed and no block is read half.
"""

from __future__ import annotations

from typing import Any


def cut_to_head(body: Any, blocks: list[Any], limit: int) -> int | None:
    """Removes from ``body`` the ``blocks`` (its children) after the first whole ones of about ``limit``
    bytes; returns how many were kept, or None when all fit and nothing was removed."""
    from lxml import etree

    # A block written alone carries every namespace declaration in scope; in the document it does not.
    declared = len(etree.tostring(etree.Element("x", nsmap=body.nsmap))) - len(b"<x/>")
    size = kept = 0
    for block in blocks:
        size += len(etree.tostring(block)) - declared
        if size > limit:
            break
        kept += 1
    if kept == len(blocks):
        return None
    for block in blocks[kept:]:
        body.remove(block)
    return kept
