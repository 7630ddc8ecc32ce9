"""The controls a list of items carries (its page links, each card's wish-list and quick-view
buttons), out of the tree before anything reads it.

"Page 1 of 4 Start over", "1 2 3 4 Next", "Go to topic listing", "Add to wishlist", "Quick view":
what a reader clicks to move through a list or to act on one of its items, which the extractors
kept between the items. The markup names them ("pagination", "ipsPager", "btn-quickview",
"wishlist-popup"). Counted on both corpora (``bench/markup_census.py``; docs/extraction.md,
twentieth round): elements so named, of at most ``MAX_WORDS`` words, hold 6 words of the
references (page numbers) and 1,152 words outside them.
"Sort" is not one of the names: documentation names a method's signature after it
(``id="list.sort"``).
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_CONTROL_WORDS = frozenset({"pagination", "pager", "paginator", "wishlist", "quickview"})
MAX_WORDS = 100
LIST_CONTROLS = NamedBox.of_words(_CONTROL_WORDS, MAX_WORDS)
