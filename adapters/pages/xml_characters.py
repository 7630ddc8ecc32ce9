"""Text a tree of lxml elements can hold: the characters XML 1.0 allows.

Pages and API answers carry characters XML leaves out: C0 controls other than tab, line feed
and carriage return (a form feed between a document's pages, a vertical tab from a word
processor, a stray backspace), U+FFFE and U+FFFF, and in a JSON answer a lone surrogate
("\\ud800"). libxml2's HTML parser keeps the controls in the tree, but lxml refuses them in any
text set afterwards, so the first step that moved a tail holding one (an element dropped, a line
break made a space) failed the whole page: 7% of randomly built pages holding such characters
were "its text could not be extracted". A string holding a lone surrogate is refused whole.
"""

from __future__ import annotations

import re

_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# A form feed and a vertical tab are whitespace to a reader; the others show nothing.
_LEFT_OUT = (*range(0x00, 0x09), *range(0x0E, 0x20), *range(0xD800, 0xE000), 0xFFFE, 0xFFFF)
_AS_READ: dict[int, str | None] = {code: None for code in _LEFT_OUT} | {0x0B: " ", 0x0C: " "}


def xml_characters(text: str) -> str:
    """``text`` with the characters XML does not allow left out (form feeds and vertical tabs made spaces)."""
    if _NOT_IN_XML.search(text) is None:  # nearly every page: one search, nothing copied
        return text
    return text.translate(_AS_READ)
