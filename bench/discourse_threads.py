"""Discourse threads of the page-types corpus: the forum resolver's text against our extraction of the same page.

Every page of the corpus whose head names Discourse as its generator is read twice, offline:
by the extraction the workers run (`web_fetch` without site resolvers) and by the Discourse
resolver through the real page fetcher with no forum behind it (an in-memory transport that
answers 404), so the resolver reads only what the page itself carries (`data-preloaded`, the
copy of the topic's JSON a full page holds for its scripts). A bare shell carries nothing and
needs the forum's API, which this bench does not have: those pages are counted, not scored.
Printed: per page and on average, word F1 / precision / recall against the reference text.

    .venv/bin/python -m bench.discourse_threads [--show PAGE_ID]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Sequence

from adapters.pages.extractor import TrafilaturaExtractor
from adapters.sites.discourse import DiscourseResolver, says_discourse
from bench.extraction_corpora import PAGE_TYPES, Case, Selection, load
from bench.extraction_metrics import PageScore, markdown_to_text, word_score
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, routed_fetcher


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--show", help="print both texts of one page")
    args = parser.parse_args(argv)
    extractor = TrafilaturaExtractor()
    resolver = DiscourseResolver(routed_fetcher(SiteRouter()))
    pages = [(case, _page(case)) for case in load(Selection(corpora=(PAGE_TYPES,)))]
    forum = [(case, page) for case, page in pages if resolver.recognises(page)]
    named = sum(says_discourse(page) for _, page in pages)
    print(f"{len(forum)} Discourse topic pages of {len(pages)} ({named} name Discourse)")
    print("| page | kind | extraction F1 / P / R | resolver F1 / P / R | posts read | ms: extraction / resolver |")
    print("|---|---|---|---|---|---|")
    scored: list[tuple[PageScore, PageScore]] = []
    shells = 0
    for case, page in forum:
        started = time.perf_counter()
        extracted = extractor.extract(page)
        extract_ms = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        try:
            resolved = asyncio.run(resolver.read_page(page)).markdown
        except SiteUnavailable as failed:
            shells += 1
            print(f"| {case.page_id} | {case.kind} | {_triple(word_score(case.truth, markdown_to_text(extracted)))} "
                  f"| needs the forum's API ({failed.reason}) | - | {extract_ms:.0f} / - |")  # fmt: skip
            continue
        resolve_ms = (time.perf_counter() - started) * 1000
        ours, theirs = (word_score(case.truth, markdown_to_text(text)) for text in (extracted, resolved))
        scored.append((ours, theirs))
        posts = resolved.count("\n## Post")
        print(f"| {case.page_id} | {case.kind} | {_triple(ours)} | {_triple(theirs)} | {posts} "
              f"| {extract_ms:.0f} / {resolve_ms:.0f} |")  # fmt: skip
        if args.show == case.page_id:
            print(f"===== extraction =====\n{extracted}\n===== resolver =====\n{resolved}\n")
    if scored:
        ours, theirs = _mean([s[0] for s in scored]), _mean([s[1] for s in scored])
        print(f"\nmean over the {len(scored)} pages that carry their topic: extraction {ours}, resolver {theirs}")
        print(f"{shells} bare shells, which only the forum's API (or a browser) can read")


def _page(case: Case) -> FetchedPage:
    return FetchedPage(case.url, 200, "text/html", "utf-8", case.html)


def _triple(score: PageScore) -> str:
    return f"{score.f1:.3f} / {score.precision:.3f} / {score.recall:.3f}"


def _mean(scores: Sequence[PageScore]) -> str:
    f1, precision, recall = (
        statistics.mean(getattr(s, field) for s in scores) for field in ("f1", "precision", "recall")
    )
    return f"F1 {f1:.3f} / P {precision:.3f} / R {recall:.3f}"


if __name__ == "__main__":
    main()
