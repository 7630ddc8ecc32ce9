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
Popovers are the same kind of thing, opened beside the control the reader points at (a shop's
"Found a lower price? Let us know", "Etsy's Pick" explained, a forum's offer to install itself
as an app or to send notifications): elements so named that the pruned whole page still reads,
300 words or fewer, hold 1 word of the references against 2,057 (docs/extraction.md,
twenty-fourth round; popovers that are mostly links already went as menus,
``html_markdown.is_chrome``). Off-canvas panels (a phone's slide-in menu) are not looked for by
name: Drupal names its wrapper of the whole page "dialog-off-canvas-main-canvas".

Cut from the tree only (``html_article.cut_from_tree``): taken from the page trafilatura reads as
well, trafilatura picked other bodies on a shop's item page (0.71 -> 0.22) and a collection
(0.84 -> 0.34), and page-types fell 0.8235 -> 0.8230 where the tree alone gains.
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_POPUP_WORDS = frozenset({"popup", "modal", "lightbox", "popover", "popovers"})
MAX_WORDS = 300
POPUPS = NamedBox.of_words(_POPUP_WORDS, MAX_WORDS)
