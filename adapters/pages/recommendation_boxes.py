"""Carousels of other products and stories the markup names as recommendations, out of the tree
before anything reads it.

``recommendations.py`` cuts such sections from an answer by their headings ("Customers also
viewed"); many carousels have no heading an extractor keeps, or one in an image, but their markup
says what they are: "product-recommendations", "recs-carousel", "upsell-products",
"cross-sell". Counted on both corpora (``bench/markup_census.py``; docs/extraction.md, twentieth
round): elements so named, of at most ``MAX_WORDS`` words, hold no word of the references and
3,573 words outside them. Larger ones are a page's own list: a shop names its whole category
grid "recommendations" (2,095 words of its reference).
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_RECOMMENDATION_WORDS = frozenset(
    {"recommend", "recommended", "recommendation", "recommendations", "recs", "upsell", "upsells", "crosssell"}
)
MAX_WORDS = 300
RECOMMENDATION_BOXES = NamedBox.of_words(_RECOMMENDATION_WORDS, MAX_WORDS)
