"""The corpora's metrics: 4-token shingles for articles, a bag of words for page types, snippet checks.

Both compare multisets of tokens. The article benchmark averages precision and recall over pages
and takes the F1 of those means; the page-type benchmark averages the per-page F1.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

SHINGLE_SIZE = 4

_TOKEN = re.compile(r"\w+")
_IMAGE_PLACEHOLDER = re.compile(r"\[Image:[^\]]*\]")
# A link, its text kept: nothing is put in its place, so no word boundary appears that a reader
# does not see (a link inside Japanese text is part of the word around it).
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
# What is left of links whose text holds brackets ("see [git-add[1]](...)"): their targets, plain
# or in angle brackets, which are not words on the page either.
_LINK_TARGET = re.compile(r"\]\((?:<[^<>\n]*>|[^)\n]*)\)")
_MARKUP = re.compile(r"^\s*(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s?)|[*_`|]+", re.MULTILINE)
# A code fence's info string (```python): the tool's label for the block, not a word on the page.
_FENCE_INFO = re.compile(r"^(\s*(?:`{3,}|~{3,}))[^`\n]*$", re.MULTILINE)
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class PageScore:
    precision: float
    recall: float
    f1: float
    predicted_tokens: int
    true_tokens: int


@dataclass(frozen=True)
class Summary:
    f1: float
    precision: float
    recall: float


def markdown_to_text(markdown: str) -> str:
    """Plain text for scoring: no link targets, image placeholders, emphasis, heading marks or fence labels."""
    text = _IMAGE_PLACEHOLDER.sub(" ", _FENCE_INFO.sub(r"\1", markdown))
    text = _LINK_TARGET.sub("]", _LINK.sub(r"\1", text))
    return _MARKUP.sub(" ", text)


def shingle_score(true_text: str, predicted_text: str) -> PageScore:
    return _score(_shingles(_TOKEN.findall(true_text)), _shingles(_TOKEN.findall(predicted_text)))


def word_score(true_text: str, predicted_text: str) -> PageScore:
    return _score(Counter(_TOKEN.findall(true_text.lower())), Counter(_TOKEN.findall(predicted_text.lower())))


def _score(truth: Counter[object], predicted: Counter[object]) -> PageScore:
    true_total, predicted_total = truth.total(), predicted.total()
    if not truth and not predicted:
        return PageScore(1.0, 1.0, 1.0, 0, 0)
    if not truth or not predicted:
        return PageScore(0.0, 0.0, 0.0, predicted_total, true_total)
    overlap = sum((truth & predicted).values())
    precision, recall = overlap / predicted_total, overlap / true_total
    f1 = 2 * precision * recall / (precision + recall) if overlap else 0.0
    return PageScore(precision, recall, f1, predicted_total, true_total)


def _shingles(tokens: list[str]) -> Counter[object]:
    if 0 < len(tokens) < SHINGLE_SIZE:
        return Counter([tuple(tokens)])
    return Counter(tuple(tokens[i : i + SHINGLE_SIZE]) for i in range(len(tokens) - SHINGLE_SIZE + 1))


def summarise(scores: Sequence[PageScore], *, f1_of_means: bool) -> Summary:
    """``f1_of_means`` is the article benchmark's rule; otherwise the mean of per-page F1s."""
    if not scores:
        return Summary(0.0, 0.0, 0.0)
    precision = statistics.mean(score.precision for score in scores)
    recall = statistics.mean(score.recall for score in scores)
    if f1_of_means:
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    else:
        f1 = statistics.mean(score.f1 for score in scores)
    return Summary(f1, precision, recall)


def found(snippets: Sequence[str], text: str) -> list[bool]:
    """Which snippets occur in ``text`` (case-insensitive, whitespace runs counted as one space)."""
    haystack = _SPACES.sub(" ", text).lower()
    return [_SPACES.sub(" ", snippet).strip().lower() in haystack for snippet in snippets]
