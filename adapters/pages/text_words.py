"""The words a reader sees in a run of text, in scripts written with spaces and without.

The passes that take short boxes out of a page (a sidebar of at most 100 words, a notice bar of
at most 400) count words to tell a box from a layout's wrapper around the page. Splitting at
spaces counts English right, but Chinese and Japanese are written without spaces between words:
a Chinese article of nine paragraphs (500 characters) inside a ``<div class="layout-with-sidebar">``
split into ten "words", one a paragraph, and read as a short box, and the whole page and
Resiliparse lost it. Here each Han ideograph and each kana counts as a word, the convention word
processors follow for East Asian text; a Chinese word is one to three characters, so this counts
more words than a reader would, the direction that keeps a box rather than cutting it. Korean is
written with spaces and counts as it splits; Thai, Lao, Khmer and Burmese (also written without
spaces) still count a run between spaces as one word.

The vote compares candidates by their bags of words (``reconcile.words``), and a run of word
characters is a word there. In Chinese and Japanese such a run is a whole clause, up to the next
punctuation mark: two answers holding the same sentence, one with a character more or a link's
boundary inside it, shared no word of it. There each East Asian character is a word too
(``word_tokens``), so the agreement is measured on the text, not on where its runs happen to end.
"""

from __future__ import annotations

import re

# Kana, CJK ideographs (with extension A and the compatibility block) and the supplementary
# ideographs of planes 2 and 3.
_EAST_ASIAN = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_EAST_ASIAN_CHARACTER = re.compile(f"[{_EAST_ASIAN}]")
_WORDS = re.compile(f"[{_EAST_ASIAN}]|[^\\s{_EAST_ASIAN}]+")
_WORD_CHARACTERS = re.compile(r"\w+")
_TOKENS = re.compile(f"[{_EAST_ASIAN}]|[^\\W{_EAST_ASIAN}]+")


def words_in(text: str) -> int:
    """The words in ``text``: its runs between spaces, each East Asian character one word of its own."""
    return len(_WORDS.findall(text)) if _has_east_asian(text) else len(text.split())


def word_tokens(text: str) -> list[str]:
    """The runs of word characters in ``text``, each East Asian character a token of its own."""
    return (_TOKENS if _has_east_asian(text) else _WORD_CHARACTERS).findall(text)


def _has_east_asian(text: str) -> bool:
    # Most text is ASCII, which isascii() tells without a search.
    return not text.isascii() and _EAST_ASIAN_CHARACTER.search(text) is not None
