"""The two extraction corpora in shared/, read into one shape: a page, its kind and what it should yield.

``articles`` is the article-extraction benchmark (91 news and blog pages, scored on 4-token
shingles); ``page-types`` is the WCXB development split (797 pages of 7 kinds, scored on a bag of
words, with must-have and must-not-have snippets; the 19 without reference text are skipped).
Their READMEs define both metrics.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path

CORPORA_ROOT = Path(__file__).resolve().parents[2] / "shared/corpora"
ARTICLES = "articles"
PAGE_TYPES = "page-types"
_FOLDERS = {ARTICLES: "article-extraction", PAGE_TYPES: "page-types"}


@dataclass(frozen=True)
class Case:
    corpus: str
    page_id: str
    kind: str
    url: str
    html: bytes
    truth: str
    must_have: tuple[str, ...] = ()
    must_not_have: tuple[str, ...] = ()


@dataclass(frozen=True)
class Selection:
    """Which pages to read: a corpus (or both), a kind, a held-out half, every n-th page."""

    corpora: tuple[str, ...] = (ARTICLES, PAGE_TYPES)
    kinds: frozenset[str] = frozenset()
    half: str | None = None  # "even" or "odd" page-types ids (tune on one, check on the other)
    every: int = 1

    def keeps(self, index: int, case_kind: str, page_id: str) -> bool:
        if self.kinds and case_kind not in self.kinds:
            return False
        if self.half is not None and page_id.isdigit() and (int(page_id) % 2 == 0) != (self.half == "even"):
            return False
        return index % self.every == 0


def load(selection: Selection, root: Path = CORPORA_ROOT) -> list[Case]:
    cases: list[Case] = []
    if ARTICLES in selection.corpora:
        cases += _articles(root / _FOLDERS[ARTICLES], selection)
    if PAGE_TYPES in selection.corpora:
        cases += _page_types(root / _FOLDERS[PAGE_TYPES], selection)
    return cases


def _articles(folder: Path, selection: Selection) -> list[Case]:
    truth = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    return [
        Case(
            corpus=ARTICLES,
            page_id=page_id[:12],
            kind="article",
            url=truth[page_id].get("url") or f"https://example.com/{page_id}",
            html=gzip.decompress((folder / "html" / f"{page_id}.html.gz").read_bytes()),
            truth=truth[page_id]["articleBody"],
        )
        for index, page_id in enumerate(sorted(truth))
        if selection.keeps(index, "article", page_id)
    ]


def _page_types(folder: Path, selection: Selection) -> list[Case]:
    index_of_kinds: dict[str, str] = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    cases = []
    for index, (page_id, kind) in enumerate(sorted(index_of_kinds.items())):
        kind = "collection" if kind == "category" else kind
        if not selection.keeps(index, kind, page_id):
            continue
        record = json.loads((folder / "ground-truth" / f"{page_id}.json").read_text(encoding="utf-8"))
        truth = record["ground_truth"]
        if not (truth.get("main_content") or "").strip():
            continue  # a handful have no reference text, so nothing to score against
        cases.append(
            Case(
                corpus=PAGE_TYPES,
                page_id=page_id,
                kind=kind,
                url=record.get("url") or f"https://example.com/{page_id}",
                html=gzip.decompress((folder / "html" / f"{page_id}.html.gz").read_bytes()),
                truth=truth["main_content"],
                must_have=tuple(truth.get("with") or ()),
                must_not_have=tuple(truth.get("without") or ()),
            )
        )
    return cases
