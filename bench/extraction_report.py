"""Tables for the extraction bench: per corpus, per kind, snippets, speed, and the worst pages with a reason."""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from bench.extraction_corpora import ARTICLES, Case
from bench.extraction_metrics import PageScore, found, markdown_to_text, shingle_score, summarise, word_score

_TOKEN = re.compile(r"\w+")


@dataclass(frozen=True)
class Result:
    case: Case
    contender: str
    markdown: str
    seconds: float

    @cached_property
    def text(self) -> str:
        return markdown_to_text(self.markdown)

    @cached_property
    def page_score(self) -> PageScore:
        scorer = shingle_score if self.case.corpus == ARTICLES else word_score
        return scorer(self.case.truth, self.text)


def corpus_table(corpus: str, results: Sequence[Result], contenders: Sequence[str]) -> list[str]:
    metric = "4-shingle F1 of mean P and R" if corpus == ARTICLES else "mean per-page word F1"
    pages = len({r.case.page_id for r in results})
    lines = [f"## {corpus}: {pages} pages, {metric}", ""]
    lines += [
        "| extractor | F1 | P | R | pages/s (total) | pages/s (median page) | slowest page |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in contenders:
        mine = [r for r in results if r.contender == name]
        summary = summarise([r.page_score for r in mine], f1_of_means=corpus == ARTICLES)
        times = [r.seconds for r in mine]
        total, median, slowest = sum(times), statistics.median(times), max(times)
        lines.append(
            f"| {name} | {summary.f1:.3f} | {summary.precision:.3f} | {summary.recall:.3f} | "
            f"{len(mine) / total:.1f} | {1 / median:.1f} | {slowest:.2f} s |"
        )
    return [*lines, ""]


def kind_tables(corpus: str, results: Sequence[Result], contenders: Sequence[str]) -> list[str]:
    kinds = sorted({r.case.kind for r in results})
    f1_of_means = corpus == ARTICLES
    header = "| extractor | " + " | ".join(f"{k} ({_count(results, k)})" for k in kinds) + " |"
    rule = "|---" * (len(kinds) + 1) + "|"
    f1_rows, snippet_rows = [], []
    best: dict[str, float] = {}
    for name in contenders:
        cells, snippet_cells = [], []
        for kind in kinds:
            mine = [r for r in results if r.contender == name and r.case.kind == kind]
            f1 = summarise([r.page_score for r in mine], f1_of_means=f1_of_means).f1
            if name != "ours":
                best[kind] = max(best.get(kind, 0.0), f1)
            cells.append(f"{f1:.3f}")
            snippet_cells.append(_snippet_rates(mine))
        f1_rows.append(f"| {name} | " + " | ".join(cells) + " |")
        snippet_rows.append(f"| {name} | " + " | ".join(snippet_cells) + " |")
    lines = [f"### {corpus}: F1 per kind", "", header, rule, *f1_rows]
    if best:
        lines.append("| best plain extractor | " + " | ".join(f"{best[k]:.3f}" for k in kinds) + " |")
    lines += ["", f"### {corpus}: must-have snippets found / must-not-have snippets kept, per kind", ""]
    return [*lines, header, rule, *snippet_rows, ""]


def _count(results: Sequence[Result], kind: str) -> int:
    return len({r.case.page_id for r in results if r.case.kind == kind})


def _snippet_rates(results: Sequence[Result]) -> str:
    have = [hit for r in results for hit in found(r.case.must_have, r.text)]
    have_not = [hit for r in results for hit in found(r.case.must_not_have, r.text)]
    if not have and not have_not:
        return "-"
    return f"{_share(have)} / {_share(have_not)}"


def _share(hits: Sequence[bool]) -> str:
    return f"{sum(hits) / len(hits):.2f}" if hits else "-"


def worst_pages(results: Sequence[Result], count: int) -> list[str]:
    ranked = sorted(results, key=lambda r: r.page_score.f1)[:count]
    lines = [f"### the {len(ranked)} worst pages", ""]
    for result in ranked:
        score = result.page_score
        case = result.case
        lines.append(
            f"- {case.corpus}/{case.page_id} ({case.kind}) F1={score.f1:.2f} P={score.precision:.2f} "
            f"R={score.recall:.2f}: {reason(result, score)}"
        )
    return [*lines, ""]


def reason(result: Result, score: PageScore) -> str:
    """Why a page scored low, in words: nothing kept, the body missed, or chrome kept."""
    text = result.text
    if not _TOKEN.search(text):
        return "nothing extracted"
    words = f"kept {score.predicted_tokens} tokens for a reference of {score.true_tokens}"
    if score.recall < score.precision:
        return f"{words}; missed e.g. «{_first_missing(result.case.truth, text)}»"
    unwanted = result.case.must_not_have
    kept_chrome = [s for s, hit in zip(unwanted, found(unwanted, text), strict=True) if hit]
    if kept_chrome:
        return f"{words}; kept boilerplate «{kept_chrome[0]}»"
    return f"{words}; extra e.g. «{_first_extra(result.case.truth, text)}»"


def _first_missing(truth: str, text: str) -> str:
    kept = set(_TOKEN.findall(text.lower()))
    for line in truth.splitlines():
        tokens = _TOKEN.findall(line.lower())
        if len(tokens) >= 4 and sum(t in kept for t in tokens) < len(tokens) / 2:
            return line.strip()[:70]
    return "(scattered words)"


def _first_extra(truth: str, text: str) -> str:
    wanted = set(_TOKEN.findall(truth.lower()))
    for line in text.splitlines():
        tokens = _TOKEN.findall(line.lower())
        if len(tokens) >= 3 and sum(t in wanted for t in tokens) < len(tokens) / 2:
            return line.strip()[:70]
    return "(scattered words)"
