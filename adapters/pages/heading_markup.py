"""Headings freed of the markup that makes trafilatura lose their text.

Documentation and blog generators link each heading to itself, the "#" anchor a reader clicks to
copy the section's address: an empty link before or after the words
(``<h2><a class="anchor" href="#state-hook"></a>State Hook</h2>``), an icon after them, or the
words themselves inside it (``<h3><a href="#place-items">place-items</a></h3>``). trafilatura's
precise cut drops every heading that holds a link, and favouring recall it still loses the words
beside an empty one (an empty "##"); a heading opening with a line break
(``<h3><br>1. Start with the Easy Stuff</h3>``) comes out as an empty "###" over its text. All
checked on small pages (docs/extraction.md, sixteenth round).

So in the page's headings, empty links (no words, no picture) and the links to a place on the
same page without words (an icon) go, a same-page link with words leaves its words in place, and
a leading line break goes. A heading linking to another page (a card's title) keeps its link:
that address is information, and the precise cut leaving such headings out is its own choice.
No other candidate wrote these links (a link to the same page is written as its words, a link
without words not at all), so only trafilatura's reading changes.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import HEADING_TAGS, Element, drop_tree, has_words, unwrap
from adapters.pages.page_kind import MAX_ELEMENTS

_PICTURES = ("img", "svg", "picture")


def mend_headings(root: Element) -> int:
    """Take the links to the heading itself and leading line breaks out of the page's headings (see
    above); how many links and breaks were taken out. Changes ``root``.

    Looks at the page's first ``page_kind.MAX_ELEMENTS`` headings, the bound of the walk that
    measures the page (200,000 headings with anchors took 0.7 s)."""
    doomed: list[Element] = []
    unwrapped: list[Element] = []
    for heading in islice(root.iter(*HEADING_TAGS), MAX_ELEMENTS):
        for link in heading.iter("a"):
            worded = has_words(link)
            to_this_page = (link.get("href") or "").strip().startswith("#")
            if to_this_page and worded:
                unwrapped.append(link)
            elif not worded and (to_this_page or next(link.iter(*_PICTURES), None) is None):
                doomed.append(link)
        first = next(iter(heading), None)
        if first is not None and first.tag == "br" and not (heading.text or "").strip():
            doomed.append(first)
    for element in doomed:
        if element.getparent() is not None:
            drop_tree(element)
    unwrap(root, unwrapped)
    return len(doomed) + len(unwrapped)
