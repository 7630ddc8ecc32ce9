"""A ranker fake: a passage scores the number of the query's words it contains (case-insensitive)."""

from __future__ import annotations

import re
from collections.abc import Sequence


class WordCountRanker:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []  # (query, number of passages) per call

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        self.calls.append((query, len(passages)))
        words = set(re.findall(r"\w+", query.lower()))
        return [float(sum(word in words for word in re.findall(r"\w+", p.lower()))) for p in passages]
