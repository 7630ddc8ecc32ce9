"""Passage ranking with BM25 (bm25s), English stop words dropped and words stemmed (PyStemmer).

bm25s and the stemmer are imported on first use: numpy comes with them, and a server that never
cuts a page should not pay for it at start-up.

bm25s's tokenizer takes runs of two or more word characters, which in Chinese and Japanese are
whole clauses (a question "投资" matched no passage of a Chinese page about "投资建设城市绿地") and
in Thai are words broken at each vowel mark. Question and passages are tokenized as the
extraction's vote tokenizes them (``text_words``): each East Asian character a word, a run of
Thai, Lao, Khmer or Burmese its dictionary words; text in other scripts exactly as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from adapters.pages.text_words import EAST_ASIAN, SOUTHEAST_ASIAN, words_apart

# bm25s's own pattern last; first a word of the scripts written without spaces, set apart by
# ``words_apart`` (a Thai word keeps its marks, which are not word characters).
_TOKEN_PATTERN = f"(?u)[{SOUTHEAST_ASIAN}]+|[{EAST_ASIAN}]|\\b\\w\\w+\\b"


class Bm25Ranker:
    """Scores a page's blocks against a question; a block sharing no word with it scores 0."""

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        bm25s, stemmer = _library()
        options: dict[str, Any] = {
            "stopwords": "en",
            "stemmer": stemmer,
            "show_progress": False,
            "token_pattern": _TOKEN_PATTERN,
        }
        question = bm25s.tokenize([words_apart(query)], return_ids=False, **options)[0]
        if not question:
            return [0.0] * len(passages)
        corpus = bm25s.tokenize([words_apart(passage) for passage in passages], **options)
        if not corpus.vocab:
            # No passage holds a word the ranker counts (digits alone, single letters, stop words):
            # none answers the question, and bm25s cannot index an empty vocabulary (it raised).
            return [0.0] * len(passages)
        index = bm25s.BM25()
        index.index(corpus, show_progress=False)
        return [float(score) for score in index.get_scores(question)]


@cache
def _library() -> tuple[Any, Any]:
    import bm25s
    import Stemmer

    return bm25s, Stemmer.Stemmer("english")
