"""How well and how fast TrafilaturaExtractor reads real pages.

Scores it on the article-extraction corpus (91 news and blog pages with hand-written article
bodies) with that benchmark's metric: 4-token shingles counted as multisets, precision and
recall per page averaged over pages, F1 of the two means. Runs in one process, on one core.

    .venv/bin/python -m bench.extraction [CORPUS_DIR]
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from adapters.pages.extractor import TrafilaturaExtractor
from domain.pages import FetchedPage

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared/corpora/article-extraction"
SHINGLE_SIZE = 4

_TOKEN = re.compile(r"\w+")
_IMAGE_PLACEHOLDER = re.compile(r"\[Image:[^\]]*\]")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MARKUP = re.compile(r"^\s*(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s?)|[*_`|]+", re.MULTILINE)


@dataclass(frozen=True)
class PageScore:
    precision: float
    recall: float


class _FallbackCounter(logging.Handler):
    """Counts the pages on which the HTML extraction logged that it fell back from trafilatura."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(record, "method", "trafilatura") != "trafilatura":
            self.count += 1


def markdown_to_text(markdown: str) -> str:
    """Plain text for scoring: no link targets, image placeholders, emphasis or heading marks."""
    text = _IMAGE_PLACEHOLDER.sub(" ", markdown)
    text = _LINK.sub(r"\1", text)
    return _MARKUP.sub(" ", text)


def score_page(true_text: str, predicted_text: str) -> PageScore:
    true_shingles = _shingles(true_text)
    predicted_shingles = _shingles(predicted_text)
    if not true_shingles and not predicted_shingles:
        return PageScore(1.0, 1.0)
    if not true_shingles or not predicted_shingles:
        return PageScore(0.0, 0.0)
    overlap = sum((true_shingles & predicted_shingles).values())
    return PageScore(overlap / predicted_shingles.total(), overlap / true_shingles.total())


def _shingles(text: str) -> Counter[tuple[str, ...]]:
    tokens = _TOKEN.findall(text)
    if 0 < len(tokens) < SHINGLE_SIZE:
        return Counter([tuple(tokens)])
    return Counter(tuple(tokens[i : i + SHINGLE_SIZE]) for i in range(len(tokens) - SHINGLE_SIZE + 1))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--worst", type=int, default=0, help="also list the N lowest-scoring pages")
    args = parser.parse_args(argv)

    truth = json.loads((args.corpus / "ground-truth.json").read_text(encoding="utf-8"))
    pages = {
        page_id: gzip.decompress((args.corpus / "html" / f"{page_id}.html.gz").read_bytes())
        for page_id in sorted(truth)
    }
    counter = _FallbackCounter()
    article_logger = logging.getLogger("adapters.pages.html_article")
    article_logger.addHandler(counter)
    article_logger.setLevel(logging.DEBUG)

    extractor = TrafilaturaExtractor()  # the configuration the server uses (images as [Image: alt])
    extractor.extract(_page("warm-up", b"<html><body><p>warm up the imports</p></body></html>"))
    scores: dict[str, PageScore] = {}
    started = time.perf_counter()
    for page_id, body in pages.items():
        markdown = extractor.extract(_page(truth[page_id].get("url", page_id), body))
        scores[page_id] = score_page(truth[page_id]["articleBody"], markdown_to_text(markdown))
    elapsed = time.perf_counter() - started

    precision = statistics.mean(score.precision for score in scores.values())
    recall = statistics.mean(score.recall for score in scores.values())
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    print(f"pages        {len(scores)}")
    print(f"F1           {f1:.3f}")
    print(f"precision    {precision:.3f}")
    print(f"recall       {recall:.3f}")
    print(f"pages/s      {len(scores) / elapsed:.1f}  ({elapsed:.2f} s, one process)")
    print(f"fallbacks    {counter.count}")
    if args.worst:
        ranked = sorted(scores.items(), key=lambda item: item[1].precision + item[1].recall)
        for page_id, score in ranked[: args.worst]:
            print(f"  {page_id}  P={score.precision:.2f} R={score.recall:.2f}")


def _page(url: str, body: bytes) -> FetchedPage:
    # No declared charset, so the extractor's own sniffing and detection are what gets measured.
    return FetchedPage(url=url, status=200, content_type="text/html", charset=None, body=body)


if __name__ == "__main__":
    main(sys.argv[1:])
