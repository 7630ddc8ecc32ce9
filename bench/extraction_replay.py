"""The pipeline's choice replayed over cached candidates: an extraction experiment in seconds, not minutes.

Running every extractor on both corpora takes minutes of CPU; choosing among their answers takes
a second. ``--save`` runs the tool's own steps once per page (parse, schema.org data, markup
measures, kind) and every candidate extractor the profiles can ask for, and pickles them.
``--load`` then replays ``html_article.choose`` (the very code the tool runs) over the cached
answers and scores it, and counts the Markdown structure (headings, lists, links, code blocks,
tables) the answers keep, which the word metrics cannot see. To try a change to the choice
(profiles, reconcile, the kind rules that ``choose`` sees), edit the code and run ``--load``
again; a change to an extractor or to kind detection needs a new ``--save``.

A cache records the code that made it (a digest of each source file of ``adapters/pages`` and
``domain``), and ``--load`` names the files that changed since: the answers, the kinds and the
page measures in a cache are that code's. A change to the choice alone (``profiles``,
``reconcile``, ``html_article.choose``) replays true over an older cache; a change to what the
cache holds (an extractor, a kind rule, a page measure) needs ``--save`` again, or the replay
scores the old reading.

The replay skips what the tool does around the extraction (the fetch, the window, the answer's
rendering), so its figures sit a little below the tool's (articles 0.9645 against 0.965,
page-types 0.7948 against 0.796 when written). Compare replays with replays; confirm a change
that helps with ``bench.extraction`` on the tool itself. Every figure comes per half of
page-types as well (even and odd ids): a change earns its place only if it helps both halves
and the articles corpus.

    .venv/bin/python -m bench.extraction_replay --save /tmp/candidates.pkl      # ~3 min on 2 cores
    .venv/bin/python -m bench.extraction_replay --load /tmp/candidates.pkl
    .venv/bin/python -m bench.extraction_replay --load /tmp/candidates.pkl --slower 2

``--drafts`` scores what each page would give if its slower candidates ran past the extraction
pool's draft deadline: its last draft (``adapters/pages/drafts``), from the never-stopped
candidates the tool makes before the slower ones, offered in the tool's order.

    .venv/bin/python -m bench.extraction_replay --load /tmp/candidates.pkl --drafts

The plain replay runs every candidate a profile asks for; the tool stops starting them when a
page's time budget is spent (``html_article.BUDGET_SECONDS``), so on a slow host or a heavy page
fewer of them vote, and which ones depends on the moment. ``--slower F`` replays the budget as a
host F times slower than the one that made the cache would spend it: the candidates' recorded CPU
times (and the page's reading before them) on a clock of their own, through the tool's own
budget rule (``html_article.made_in_cost_order``), the same on every run.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import pickle
import re
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.extraction_corpora import ARTICLES, PAGE_TYPES, Case, Selection, load
from bench.extraction_metrics import PageScore, markdown_to_text, shingle_score, summarise, word_score

if TYPE_CHECKING:
    from adapters.pages.page_kind import PageKind

INCLUDE_IMAGES = True  # as the server's extractor is wired (adapters/pages/extractor.py)


@dataclass
class Cached:
    """One page read the way the tool reads it, with every candidate's answer and its CPU time."""

    corpus: str
    page_id: str
    kind: PageKind | None  # detected; None when lxml could not read the page
    data: Any = None
    structure: Any = None
    answers: dict[str, str] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    reviews: frozenset[str] = frozenset()  # the lines of the reviews cut from a product's tree
    reading_seconds: float = 0.0  # CPU time of the parse, the walk and the cuts, before any candidate
    introduced: tuple[Any, ...] = ()  # the page's lists that a block ending with a colon introduces


class _Replayed:
    """A ``CandidateSource`` that hands back the cached answers."""

    def __init__(self, answers: dict[str, str]) -> None:
        self._answers = answers

    def __call__(self, name: str) -> str:
        return self._answers[name]

    def many(self, names: tuple[str, ...]) -> dict[str, str]:
        return {name: self._answers[name] for name in names}


class _Budgeted:
    """A ``CandidateSource`` that hands back the cached answers as the tool's budget would let it on a
    host ``slower`` times slower: each candidate costs its recorded CPU time, on a clock of its own.
    A candidate that is not ``profiles.NEVER_STOPPED`` and would still run at the page's stop
    (``html_article.STOP_SECONDS`` after its reading began) is stopped and has found nothing."""

    def __init__(self, page: Cached, slower: float) -> None:
        from adapters.pages.html_article import BUDGET_SECONDS, STOP_SECONDS

        self._page, self._slower = page, slower
        self._now = page.reading_seconds * slower  # 0 in caches from before it was recorded (the default)
        self._deadline, self._stop = self._now + BUDGET_SECONDS, STOP_SECONDS
        self._made: dict[str, str] = {}
        self._cheapest = math.inf

    def __call__(self, name: str) -> str:
        from adapters.pages import profiles

        if name not in self._made:
            cost = self._page.seconds.get(name, 0.0) * self._slower
            self._cheapest = min(self._cheapest, cost)
            stopped = name not in profiles.NEVER_STOPPED and self._now + cost > self._stop
            self._now = max(self._now, self._stop) if stopped else self._now + cost
            self._made[name] = "" if stopped else self._page.answers[name]
        return self._made[name]

    def many(self, names: tuple[str, ...]) -> dict[str, str]:
        from adapters.pages.html_article import made_in_cost_order

        return made_in_cost_order(names, self._made, self, self._spent)

    def _spent(self) -> bool:
        from adapters.pages.html_article import budget_spent

        return budget_spent(self._made, self._now, self._cheapest, self._deadline)


def read_page(case: Case) -> Cached:
    from adapters.pages import candidates, profiles
    from adapters.pages.html_article import Candidates, cut_from_tree, parse_page, read_tree
    from adapters.pages.introduced_lists import introduced_lists
    from adapters.pages.page_kind import detect_kind
    from bench.extraction_contenders import _decoded

    html = _decoded(case.html)
    reading = time.process_time()
    parsed = parse_page(html)
    if parsed is None:
        answer = candidates.trafilatura_markdown(html, case.url, mode="precision", include_images=INCLUDE_IMAGES)
        return Cached(case.corpus, case.page_id, None, answers={profiles.TRAFILATURA_PRECISION: answer})
    root, html = parsed
    data, structure = read_tree(root)
    kind = detect_kind(data, structure)
    reviews = cut_from_tree(kind, data, root)
    introduced = introduced_lists(root, candidates.links_base(root, case.url))
    # No budget and no stopping (the replay must not depend on the machine's load), except what the
    # tool does whatever the load: a page past the element bound gives the slower candidates no time.
    stop_at = -math.inf if structure.oversized else math.inf
    run = Candidates(html, case.url, root, INCLUDE_IMAGES, deadline=math.inf, clock=time.monotonic, stop_at=stop_at)
    reading_seconds = time.process_time() - reading
    cached = Cached(
        case.corpus,
        case.page_id,
        kind,
        data,
        structure,
        reviews=reviews,
        reading_seconds=reading_seconds,
        introduced=introduced,
    )
    for name in profiles.COST_ORDER:  # every candidate any profile can ask for
        started = time.process_time()
        cached.answers[name] = run(name)
        cached.seconds[name] = time.process_time() - started
    return cached


def replay(cached: Cached, slower: float | None = None) -> str:
    """The Markdown the tool's choice keeps for this page, from the cached answers; with ``slower``,
    as the tool's time budget would let it on a host that many times slower (``_Budgeted``)."""
    from adapters.pages import profiles
    from adapters.pages.html_article import choose

    if cached.kind is None:
        return cached.answers[profiles.TRAFILATURA_PRECISION]
    run = _Replayed(cached.answers) if slower is None else _Budgeted(cached, slower)
    introduced = getattr(cached, "introduced", ())  # caches from before it was recorded have none
    return choose(
        cached.kind, cached.data, cached.structure, run, reviews=cached.reviews, introduced=introduced
    ).markdown


def drafted(cached: Cached) -> str:
    """The page's last draft: what the extraction pool falls back on past its draft deadline. The tool
    makes the never-stopped candidates first (an article's check, Resiliparse, alone; the profile's
    in cost order otherwise: ``made_in_cost_order``) and offers each as it is made."""
    from adapters.pages import profiles
    from adapters.pages.drafts import Drafting, draft_enough, sections_filled, tidied

    if cached.kind is None:  # not HTML lxml reads: trafilatura's recovery alone, and no draft
        return ""
    asked = (profiles.RESILIPARSE,) if cached.kind == "article" else profiles.PROFILES[cached.kind]
    sent: list[str] = []
    introduced = getattr(cached, "introduced", ())  # caches from before it was recorded have none
    drafting = Drafting(
        tidied(sent.append, cached.kind, introduced),
        draft_enough(cached.kind, cached.structure),
        sections_filled(cached.kind),
    )
    made: dict[str, str] = {}
    for name in sorted((name for name in profiles.NEVER_STOPPED if name in asked), key=profiles.COST_ORDER.index):
        made[name] = cached.answers[name]
        drafting.offer(made[name], made)
    return sent[-1] if sent else ""


def scores(
    cases: list[Case], cached: dict[tuple[str, str], Cached], slower: float | None = None, *, drafts: bool = False
) -> dict[str, list[tuple[Case, PageScore]]]:
    """Per group ("articles", "page-types", each page-types kind, "even", "odd"): (page, its score);
    with ``drafts``, of the page's last draft (``drafted``) rather than its answer."""
    groups: dict[str, list[tuple[Case, PageScore]]] = {}
    for case in cases:
        page = cached[case.corpus, case.page_id]
        text = markdown_to_text(drafted(page) if drafts else replay(page, slower))
        if case.corpus == ARTICLES:
            groups.setdefault(ARTICLES, []).append((case, shingle_score(case.truth, text)))
            continue
        scored = (case, word_score(case.truth, text))
        half = "even" if int(case.page_id) % 2 == 0 else "odd"
        for group in (PAGE_TYPES, case.kind, f"{PAGE_TYPES} {half}"):
            groups.setdefault(group, []).append(scored)
    return groups


def report(groups: dict[str, list[tuple[Case, PageScore]]]) -> list[str]:
    lines = ["| pages | count | F1 | P | R |", "|---|---|---|---|---|"]
    order = [ARTICLES, PAGE_TYPES, f"{PAGE_TYPES} even", f"{PAGE_TYPES} odd"]
    for group in order + sorted(set(groups) - set(order)):
        if group not in groups:
            continue
        summary = summarise([score for _, score in groups[group]], f1_of_means=group == ARTICLES)
        label = group if group in order else f"{PAGE_TYPES}: {group}"
        lines.append(
            f"| {label} | {len(groups[group])} | {summary.f1:.4f} | {summary.precision:.4f} | {summary.recall:.4f} |"
        )
    return lines


# What Markdown keeps that neither corpus's metric sees (both score words): an agent reads a
# reference without its headings, a guide without its code fences, a table as loose cells.
_MARKUP = {
    "headings": re.compile(r"^#{1,6} ", re.MULTILINE),
    "lists": re.compile(r"^\s*(?:[-*+]|\d+\.) ", re.MULTILINE),
    "links": re.compile(r"\]\(https?://"),
    "code blocks": re.compile(r"^```", re.MULTILINE),
    "tables": re.compile(r"^\|.*\|[ \t]*\n\|[ \t]*-{3}", re.MULTILINE),
}


def markup_report(cached: dict[tuple[str, str], Cached]) -> list[str]:
    """Per kind of markup: pages whose pruned whole page has it, and how many of their answers keep it."""
    from adapters.pages import profiles

    pages = [page for page in cached.values() if page.kind is not None]
    answers = [(page.answers[profiles.WHOLE_PAGE], replay(page)) for page in pages]
    lines = ["| markup | pages that have it | answers that keep it |", "|---|---|---|"]
    for name, pattern in _MARKUP.items():
        having = [answer for whole, answer in answers if pattern.search(whole)]
        lines.append(f"| {name} | {len(having)} | {sum(1 for answer in having if pattern.search(answer))} |")
    bare = sum(1 for _, answer in answers if not any(pattern.search(answer) for pattern in _MARKUP.values()))
    lines.append(f"| none of these in the answer | - | {bare} of {len(answers)} |")
    return lines


# The code whose reading a cache holds: the extractors, the page measures, the kind rules.
SOURCES = ("adapters/pages", "domain")
ROOT = Path(__file__).resolve().parents[1]
_NAMED = 8  # changed files named in the staleness note; the rest are counted


def source_digests(root: Path = ROOT) -> dict[str, str]:
    """Each source file under ``SOURCES``, by its path from ``root``, with a digest of its text."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for folder in SOURCES
        for path in sorted((root / folder).rglob("*.py"))
    }


def changed_sources(recorded: dict[str, str] | None, current: dict[str, str]) -> list[str] | None:
    """The files added, removed or edited since a cache was made; None when it recorded none."""
    if recorded is None:
        return None
    return sorted(name for name in recorded.keys() | current.keys() if recorded.get(name) != current.get(name))


def staleness_note(path: Path, changed: list[str] | None) -> str | None:
    """One line for the person replaying when the cache may hold another code's reading."""
    if changed is None:
        return f"note: {path} does not say which code made it; if that code read pages differently, --save again"
    if not changed:
        return None
    shown = ", ".join(changed[:_NAMED]) + (f" and {len(changed) - _NAMED} more" if len(changed) > _NAMED else "")
    return (
        f"note: {len(changed)} source files changed since {path} was made ({shown}); its answers, kinds and "
        "page measures are the older code's: --save again unless only the choice changed"
    )


def load_cache(path: Path) -> tuple[dict[tuple[str, str], Cached], dict[str, str] | None]:
    """The cached pages and the digests of the code that made them (None for a cache from before
    caches recorded it: a plain dictionary of pages)."""
    stored = pickle.loads(path.read_bytes())  # noqa: S301 (our own file)
    if isinstance(stored, dict) and set(stored) == {"pages", "sources"}:
        return stored["pages"], stored["sources"]
    return stored, None


def _save(path: Path, cases: list[Case], workers: int) -> None:
    started = time.perf_counter()
    sources = source_digests()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pages = list(pool.map(read_page, cases, chunksize=8))
    path.write_bytes(pickle.dumps({"pages": {(page.corpus, page.page_id): page for page in pages}, "sources": sources}))
    seconds = [sum(page.seconds.values()) for page in pages]
    print(
        f"{len(pages)} pages read with every candidate in {time.perf_counter() - started:.0f} s "
        f"({statistics.mean(seconds) * 1000:.0f} ms of CPU a page); saved to {path}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--save", type=Path, metavar="PATH", help="read both corpora, cache every candidate here")
    action.add_argument("--load", type=Path, metavar="PATH", help="replay the choice over a cache and score it")
    parser.add_argument("--workers", type=int, default=2, help="processes for --save")
    parser.add_argument(
        "--slower",
        type=float,
        metavar="F",
        help="with --load: replay the tool's time budget as a host F times slower than the cache's would spend it",
    )
    parser.add_argument(
        "--drafts",
        action="store_true",
        help="with --load: score each page's last draft, what it gives if its slower candidates run out of time",
    )
    args = parser.parse_args(argv)
    cases = load(Selection())
    if args.save:
        _save(args.save, cases, args.workers)
        return
    cached, recorded = load_cache(args.load)
    note = staleness_note(args.load, changed_sources(recorded, source_digests()))
    if note:
        print(note, file=sys.stderr)
    missing = [case.page_id for case in cases if (case.corpus, case.page_id) not in cached]
    if missing:
        sys.exit(f"{len(missing)} pages are not in {args.load}; run --save again")
    if args.slower is not None and args.slower <= 0:
        sys.exit(f"--slower must be a positive number of times; got {args.slower:g}")
    if args.drafts and args.slower is not None:
        sys.exit("--drafts scores the drafts, which no budget reaches; leave out --slower")
    print("\n".join(report(scores(cases, cached, args.slower, drafts=args.drafts))))
    print()
    print("\n".join(markup_report(cached)))


if __name__ == "__main__":
    # Run through the named module, so that the pickled pages (and the workers) name
    # ``bench.extraction_replay.Cached``, not ``__main__.Cached``.
    import bench.extraction_replay

    bench.extraction_replay.main(sys.argv[1:])
