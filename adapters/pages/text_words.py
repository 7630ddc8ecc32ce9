"""The words a reader sees in a run of text, in scripts written with spaces and without.

The passes that take short boxes out of a page (a sidebar of at most 100 words, a notice bar of
at most 400) count words to tell a box from a layout's wrapper around the page. Splitting at
spaces counts English right, but Chinese and Japanese are written without spaces between words:
a Chinese article of nine paragraphs (500 characters) inside a ``<div class="layout-with-sidebar">``
split into ten "words", one a paragraph, and read as a short box, and the whole page and
Resiliparse lost it. Here each Han ideograph and each kana counts as a word, the convention word
processors follow for East Asian text; a Chinese word is one to three characters, so this counts
more words than a reader would, the direction that keeps a box rather than cutting it. Korean is
written with spaces and counts as it splits.

Thai, Lao, Khmer and Burmese are written without spaces between words too, but their letters are
not words: a Thai word is a few letters with vowel and tone marks above and below them, and a
space ends a phrase or a sentence. There a run of those scripts is cut into words by ICU's
dictionary word breaker (``icu4py``), as word processors and browsers cut it: "ภาษาไทยเป็นภาษาที่
สวยงาม" ("Thai is a beautiful language") is six words, where splitting at spaces counts one and
counting letters as Chinese characters are counted would say twenty-one.

The vote compares candidates by their bags of words (``reconcile.words``), and a run of word
characters is a word there. In Chinese and Japanese such a run is a whole clause, up to the next
punctuation mark: two answers holding the same sentence, one with a character more or a link's
boundary inside it, shared no word of it. There each East Asian character is a word too
(``word_tokens``), so the agreement is measured on the text, not on where its runs happen to end.
A Thai run there is its dictionary words: a run of word characters in Python's sense breaks at
each vowel or tone mark written above or below a letter (a combining mark is not a word
character), so the sentence above read as "ภาษาไทยเป", "นภาษาท" and "สวยงาม", and "ที่" ("that")
as its first letter alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Kana, CJK ideographs (with extension A and the compatibility block) and the supplementary
# ideographs of planes 2 and 3.
EAST_ASIAN = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
# Thai, Lao, Burmese (with its extensions A and B) and Khmer (with its symbols): letters and marks.
SOUTHEAST_ASIAN = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f"
_NO_SPACES = re.compile(f"[{EAST_ASIAN}{SOUTHEAST_ASIAN}]")
_SOUTHEAST_ASIAN_RUNS = re.compile(f"([{SOUTHEAST_ASIAN}]+)")  # split() then alternates: other text, a run
_WORDS = re.compile(f"[{EAST_ASIAN}]|[^\\s{EAST_ASIAN}]+")
_WORD_CHARACTERS = re.compile(r"\w+")
_TOKENS = re.compile(f"[{EAST_ASIAN}]|[^\\W{EAST_ASIAN}]+")


def words_in(text: str) -> int:
    """The words in ``text``: its runs between spaces, each East Asian character one word of its own,
    a run of Thai, Lao, Khmer or Burmese as many words as its dictionary finds."""
    if not _written_without_spaces(text):
        return len(text.split())
    pieces = _SOUTHEAST_ASIAN_RUNS.split(text)
    return sum(len(_dictionary_words(run)) for run in pieces[1::2]) + sum(len(_WORDS.findall(p)) for p in pieces[::2])


def word_tokens(text: str) -> list[str]:
    """The runs of word characters in ``text``, each East Asian character a token of its own, a run of
    Thai, Lao, Khmer or Burmese its dictionary words."""
    if not _written_without_spaces(text):
        return _WORD_CHARACTERS.findall(text)
    tokens: list[str] = []
    for index, piece in enumerate(_SOUTHEAST_ASIAN_RUNS.split(text)):
        tokens.extend(_dictionary_words(piece) if index % 2 else _TOKENS.findall(piece))
    return tokens


def word_runs(words: list[str]) -> set[tuple[str, ...]]:
    """Each three words in a row of ``words``: a text's runs, by which the passes that look for it in
    another (a quote repeated, a review's line, a post the answer holds) tell its words in order."""
    return set(zip(words, words[1:], words[2:], strict=False))


def words_apart(text: str) -> str:
    """``text`` with its words apart: as it is in scripts written with spaces, its ``word_tokens``
    joined by spaces where it holds East Asian or Southeast Asian text, so that a tokenizer that
    splits at spaces and punctuation finds the same words the vote does."""
    return " ".join(word_tokens(text)) if _written_without_spaces(text) else text


def _written_without_spaces(text: str) -> bool:
    # Most text is ASCII, which isascii() tells without a search.
    return not text.isascii() and _NO_SPACES.search(text) is not None


def _dictionary_words(run: str) -> tuple[str, ...]:
    """The words ICU's dictionary finds in a run of Thai, Lao, Khmer or Burmese (its segments holding a
    letter or a digit; the rest are spaces and signs)."""
    return _remembered_words(run) if len(run) <= _REMEMBERED_CHARS else _segmented(run)


# The passes that measure boxes count the same text once for each box around it, so a run's words
# are remembered; only short runs, so that what is remembered stays a few megabytes whatever
# pages come.
_REMEMBERED_CHARS = 1_000


@lru_cache(maxsize=2_048)
def _remembered_words(run: str) -> tuple[str, ...]:
    return _segmented(run)


def _segmented(run: str) -> tuple[str, ...]:
    from icu4py.breakers import WordBreaker  # loaded on the first such text, never at start-up

    return tuple(segment for segment in WordBreaker(run, "") if any(character.isalnum() for character in segment))
