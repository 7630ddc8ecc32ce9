"""Short boxes the markup names as a sidebar, out of the tree the whole page and Resiliparse read.

The pruned whole page leaves out ``<aside>`` and the ARIA role that means the same; many sites
draw their sidebar's boxes as ``div``s named for it instead ("sidebar-widget", "left-sidebar",
"c-sidebar__item": a newsletter box, a list of categories, the latest posts, an advert), and the
extractors that keep whole blocks kept them between the page's paragraphs. Counted on both
corpora (``bench/markup_census.py``; docs/extraction.md, twentieth round): elements so named, of
at most ``MAX_WORDS`` words, hold 526 words of the references against 6,342 not; the words kept
are a service site's content blocks that its layout names "sidebar-left" and a table of
contents. Larger ones are a page's own column: a documentation site names its whole content
"with-sidebar".

Cut from the tree only (``html_article.cut_from_tree``), as the named carousels and popups are:
the page trafilatura reads stays as written, since a small block gone from it can make
trafilatura pick another body.
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_SIDEBAR_WORDS = frozenset({"sidebar"})
MAX_WORDS = 100
SIDEBARS = NamedBox.of_words(_SIDEBAR_WORDS, MAX_WORDS)
