"""A page's breadcrumb trail ("Home > Furniture > Living room"), out of the tree before anything reads it.

The trail says where the page sits in its site, in links to the pages above it; it is navigation,
but pages write it as a list or a run of links named "breadcrumbs" rather than inside ``<nav>``,
so the extractors kept it as the first line of the text. Counted on both corpora
(``bench/markup_census.py``; docs/extraction.md, twentieth round): elements so named, of at
most ``MAX_WORDS`` words, hold 255 words of the references against 2,379 not (a forum's trail
repeats the thread's title, which the thread's own heading says again). Larger ones wrap more
than the trail.
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_TRAIL_WORDS = frozenset({"breadcrumb", "breadcrumbs", "crumbs"})
MAX_WORDS = 60
BREADCRUMBS = NamedBox.of_words(_TRAIL_WORDS, MAX_WORDS)
