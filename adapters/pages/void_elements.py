"""Elements that hold nothing, made empty again where the parser filled them.

HTML5's void elements ``<embed>``, ``<source>``, ``<track>``, ``<wbr>`` and ``<keygen>`` never
contain anything: what follows one is its sibling. libxml2's parser predates them and, not
knowing them, keeps them open, so everything after one (to the end of its parent) became its
content. trafilatura drops ``embed``, ``source`` and ``track`` with their content: after a bare
``<embed src="chart.pdf">`` in an article's body it lost the rest of the article, and after a
``<source>`` the paragraph's end. Here what they were made to hold follows them, as in a browser.
"""

from __future__ import annotations

from adapters.pages.html_markdown import Element

_VOID = ("embed", "source", "track", "wbr", "keygen")


def void_elements_emptied(root: Element) -> int:
    """What each void element of ``root`` holds moved out after it; how many held anything."""
    emptied = 0
    for element in list(root.iter(*_VOID)):  # document order: an outer one's inner ones follow it, then empty in turn
        parent = element.getparent()
        if parent is None or (not len(element) and not element.text):
            continue
        children = list(element)
        after = element.tail
        element.tail, element.text = element.text, None
        at = parent.index(element)
        parent[at + 1 : at + 1] = children
        last = children[-1] if children else element
        last.tail = (last.tail or "") + (after or "") or None
        emptied += 1
    return emptied
