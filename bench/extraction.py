"""What web_fetch gives an agent, scored on both extraction corpora beside plain extractors.

Runs the tool's real extraction path (see bench/extraction_contenders.py) and trafilatura
(defaults and favour-recall), readability-lxml, jusText and Resiliparse on the same pages, in
one process, one page at a time, and prints per corpus and per kind: F1, precision, recall,
speed, must-have/must-not-have snippet rates, and the worst pages of ours with a reason.

    .venv/bin/python -m bench.extraction                         # everything (slow on 2 shared cores)
    .venv/bin/python -m bench.extraction --corpus articles --contenders ours
    .venv/bin/python -m bench.extraction --corpus page-types --half odd --every 3
    .venv/bin/python -m bench.extraction --corpus page-types --kind forum --show 0412
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from bench.extraction_contenders import Contender, contenders
from bench.extraction_corpora import ARTICLES, PAGE_TYPES, Case, Selection, load
from bench.extraction_report import Result, corpus_table, kind_tables, worst_pages


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    available = contenders()
    names = args.contenders.split(",") if args.contenders else list(available)
    unknown = [name for name in names if name not in available]
    if unknown:
        sys.exit(f"unknown contender(s) {', '.join(unknown)}; choose from {', '.join(available)}")
    corpora = (ARTICLES, PAGE_TYPES) if args.corpus == "both" else (args.corpus,)
    selection = Selection(corpora=corpora, kinds=frozenset(args.kind or ()), half=args.half, every=args.every)
    cases = load(selection)
    if args.show:
        cases = [case for case in cases if case.page_id.startswith(args.show)]
    if not cases:
        sys.exit("no page matches that selection")

    # Every contender built and warmed up before any runs: a missing extra stops the run at once,
    # not after minutes of the others' work.
    ready = {name: _ready(name, available[name]) for name in names}
    results = [result for name in names for result in _run(name, ready[name], cases)]
    if args.show:
        for result in results:
            print(f"===== {result.contender} on {result.case.page_id} ({result.case.kind}) =====\n{result.markdown}\n")
        return
    print(f"{len(cases)} pages; one process, one page at a time; timings share 2 cores with other work\n")
    for corpus in corpora:
        mine = [r for r in results if r.case.corpus == corpus]
        print("\n".join(corpus_table(corpus, mine, names)))
        if corpus == PAGE_TYPES:
            print("\n".join(kind_tables(corpus, mine, names)))
        if "ours" in names and args.worst:
            print("\n".join(worst_pages([r for r in mine if r.contender == "ours"], args.worst)))


def _ready(name: str, factory: Callable[[], Contender]) -> Contender:
    """The contender built, its imports warmed up; a one-line exit when its library is missing."""
    try:
        contender = factory()
        contender("https://example.com/warm-up", b"<html><body><p>warm up the imports</p></body></html>")
    except ImportError as error:
        sys.exit(f"{name} needs {error.name or 'a library that is not installed'}: pip install -e '.[bench]'")
    return contender


def _run(name: str, contender: Contender, cases: list[Case]) -> list[Result]:
    results = []
    for case in cases:
        started = time.perf_counter()
        markdown = contender(case.url, case.html)
        results.append(Result(case, name, markdown, time.perf_counter() - started))
    print(f"ran {name} on {len(cases)} pages in {sum(r.seconds for r in results):.1f} s", file=sys.stderr)
    return results


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", choices=("both", ARTICLES, PAGE_TYPES), default="both")
    parser.add_argument("--contenders", help="comma-separated names (default: all)")
    parser.add_argument("--kind", action="append", help="only pages of this kind (repeatable)")
    parser.add_argument("--half", choices=("even", "odd"), help="only even or odd page-types ids (held-out check)")
    parser.add_argument("--every", type=int, default=1, help="only every N-th page, for a quick sample")
    parser.add_argument("--worst", type=int, default=10, help="list ours' N lowest-scoring pages per corpus")
    parser.add_argument("--show", metavar="ID", help="print each contender's output for the pages with this id prefix")
    return parser


if __name__ == "__main__":
    main(sys.argv[1:])
