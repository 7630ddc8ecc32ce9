"""Passage ranking with BM25 (bm25s), English stop words dropped and words stemmed (PyStemmer).

bm25s and the stemmer are imported on first use: numpy comes with them, and a server that never
cuts a page should not pay for it at start-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any


class Bm25Ranker:
    """Scores a page's blocks against a question; a block sharing no word with it scores 0."""

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        bm25s, stemmer = _library()
        options: dict[str, Any] = {"stopwords": "en", "stemmer": stemmer, "show_progress": False}
        question = bm25s.tokenize([query], return_ids=False, **options)[0]
        if not question:
            return [0.0] * len(passages)
        index = bm25s.BM25()
        index.index(bm25s.tokenize(list(passages), **options), show_progress=False)
        return [float(score) for score in index.get_scores(question)]


@cache
def _library() -> tuple[Any, Any]:
    import bm25s
    import Stemmer

    return bm25s, Stemmer.Stemmer("english")
