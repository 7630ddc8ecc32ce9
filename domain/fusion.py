"""Merging several providers' ranked results into one list: reciprocal rank fusion.

Each result scores ``1 / (k + rank)`` in every list it appears in (rank from 1), summed over the
lists; ``k = 60`` is the constant of Cormack, Clarke and Buettcher (2009), which damps the weight
of the very top ranks so that agreement between providers counts more than one provider's
first place. Results are the same page when their normalised links are equal
(``domain.url_identity``); a merged result keeps the first list's title and snippet (lists come
in chain order, so the preferred provider's wording wins, its longer snippet if the first has
none) and names every provider that returned it. Ties keep chain order, then rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.models import WebSearchResult
from domain.url_identity import normalised_url

RRF_K = 60


@dataclass
class _Fused:
    result: WebSearchResult
    first_seen: tuple[int, int]  # (list position, rank): the tie-break
    score: float = 0.0
    providers: list[str] = field(default_factory=list)


def reciprocal_rank_fusion(
    ranked: Sequence[tuple[str, Sequence[WebSearchResult]]], *, limit: int, k: int = RRF_K
) -> list[WebSearchResult]:
    """The best ``limit`` results of the ``(provider, results)`` lists, duplicates merged and attributed."""
    fused: dict[str, _Fused] = {}
    for position, (provider, results) in enumerate(ranked):
        for rank, result in enumerate(results, start=1):
            key = normalised_url(result.link)
            entry = fused.get(key)
            if entry is None:
                entry = fused[key] = _Fused(result, (position, rank))
            else:
                entry.result = _filled(entry.result, result)
            if provider not in entry.providers:
                # A provider listing one page twice counts once, at its better rank.
                entry.score += 1.0 / (k + rank)
                entry.providers.append(provider)
    best = sorted(fused.values(), key=lambda e: (-e.score, e.first_seen))[:limit]
    return [e.result.model_copy(update={"providers": tuple(e.providers)}) for e in best]


def _filled(kept: WebSearchResult, other: WebSearchResult) -> WebSearchResult:
    """``kept`` with the snippet, date and site name it lacks taken from another provider's copy of the page."""
    missing = {
        name: getattr(other, name)
        for name in ("snippet", "published", "site_name")
        if not (getattr(kept, name) or "").strip() and (getattr(other, name) or "").strip()
    }
    return kept.model_copy(update=missing) if missing else kept
