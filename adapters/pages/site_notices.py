"""What a site says on every page, in boxes its markup names so: announcement bars, copyright lines
and "trending" rails, out of the tree the whole page and Resiliparse read.

A shop's bar announcing free shipping over 49, a game store's "Recent events & announcements", a
forum's pinned notice, "Copyright 2026 ... All rights reserved", a news site's rail of what is
trending elsewhere on it: none of it is the page's own content, and when it sits outside the
``<header>``, ``<footer>`` or ``<aside>`` the pruned whole page leaves out, the whole page and
Resiliparse kept it. Counted on both corpora (``bench/markup_census.py``; docs/extraction.md,
twenty-fourth round): elements so named that the pruned whole page still reads, of at most
``MAX_WORDS`` words, hold 12 words of the references against 3,212 not (announcements 0 of 978,
copyright lines 0 of 687 on pages of every kind, trending rails 12 of 1,547: the rank numbers of
an events listing whose items are named "trending"). Larger ones, and some smaller, are a page's
own: a blog post filed under "Announcements" carries "category-announcements" on its own
element, so a class naming a term a post is filed under is not read as the element's name, for
every kind of box (``named_boxes``, ``markup_names.without_terms``).

Cut from the tree only, as the sidebar boxes are: trafilatura and readability weigh such blocks
themselves, and a block gone from their page can make them pick another body.
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_NOTICE_WORDS = frozenset({"announcement", "announcements", "copyright", "trending"})
MAX_WORDS = 400
SITE_NOTICES = NamedBox.of_words(_NOTICE_WORDS, MAX_WORDS)
