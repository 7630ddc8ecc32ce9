"""Popups, modals and lightboxes the markup names, out of the tree the whole page and Resiliparse read.

What a page opens over itself when the reader clicks (a size guide's popup, "Get reward points",
"Want early access? Enter your email", a gallery's lightbox with its close button) sits in the
page, hidden by the style sheet, and the extractors that keep whole blocks kept it as text.
``overlays.py`` takes out the dialogs and consent panels it can tell by their markup's roles and
their place; these are the ones only their names tell ("product-popup", "modal-content",
"lightbox"). Counted on both corpora (``bench/markup_census.py``; docs/extraction.md, twentieth
round): elements so named, of at most ``MAX_WORDS`` words, hold 499 words of the references
against 13,436 not, and those 499 are such boxes' words the references kept ("Get reward points",
"Want early access?"). Larger ones are a page's own sections under a name a script opens.

Cut from the tree only (``html_article.cut_from_tree``): taken from the page trafilatura reads as
well, trafilatura picked other bodies on a shop's item page (0.71 -> 0.22) and a collection
(0.84 -> 0.34), and page-types fell 0.8235 -> 0.8230 where the tree alone gains.
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_POPUP_WORDS = frozenset({"popup", "modal", "lightbox"})
MAX_WORDS = 300
POPUPS = NamedBox.of_words(_POPUP_WORDS, MAX_WORDS)
