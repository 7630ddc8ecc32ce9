"""The box about the author under an article ("About the author: Zac covers Apple news..."), out of
the tree before anything reads it.

Publishers put a short biography of the writer after the story, and the extractors that keep
whole blocks kept it as the article's last paragraph. The markup names it ("author-bio",
"bio-box", "c-biography"). Counted on both corpora (``bench/markup_census.py``; docs/extraction.md,
twentieth round): elements so named, of at most ``MAX_WORDS`` words, hold 8 words of the
references (single words of a listing's menu whose class says "bio") against 886 not. Larger
ones are a page's own: a team page's biographies are its content. The byline, which names the
author, is not such a box and stays.
"""

from __future__ import annotations

from adapters.pages.named_boxes import NamedBox

_BIO_WORDS = frozenset({"bio", "biography"})
MAX_WORDS = 80
AUTHOR_BIOS = NamedBox.of_words(_BIO_WORDS, MAX_WORDS)
