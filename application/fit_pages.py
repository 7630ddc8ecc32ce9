"""Fitting pages into an answer's character budget: fair shares, and a focused cut where one is needed.

The arithmetic is the domain's (domain.budget, domain.passages); the ranker is a port. A page is
ranked only if it has to be cut, and at most once per call however often the caller re-fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.budget import fair_shares
from domain.passages import Block, Focused, focus, split_blocks
from domain.ports import PassageRankerPort

#: A share smaller than this leaves the page out (a note says how to read it) rather than show a scrap.
MIN_PAGE_CHARS = 300


@dataclass(frozen=True)
class FittedPage:
    text: str
    note: str | None  # one line: what was left out and which web_fetch call reads on


@dataclass
class _Ranked:
    blocks: list[Block]
    scores: list[float]


@dataclass
class PageFitter:
    """Cuts pages to fit; holds one call's rankings so that fitting again (to a tighter budget) is cheap."""

    ranker: PassageRankerPort
    query: str
    _ranked: dict[int, _Ranked] = field(default_factory=dict)

    def focused(self, page: str, budget: int, *, key: int = 0) -> Focused:
        """``page`` cut to its passages that best answer the query, within ``budget`` characters."""
        if len(page) <= budget:
            return Focused(text=page, omitted_chars=0, resume_at=None)
        ranked = self._ranked.get(key)
        if ranked is None:
            blocks = split_blocks(page)
            ranked = _Ranked(blocks, self.ranker.scores(self.query, [b.text for b in blocks]))
            self._ranked[key] = ranked
        return focus(page, ranked.blocks, ranked.scores, budget)

    def fit_pages(self, pages: Sequence[tuple[str, str]], budget: int) -> list[FittedPage]:
        """(url, page) pairs within ``budget`` characters in all, shared fairly, each with its note if cut.

        When the budget cannot give every page a useful share, the later pages (search results come
        best first) are left out, so that the earlier ones get one.
        """
        wants = [len(text) for _, text in pages]
        shown = len(pages)
        while shown and any(
            s < min(w, MIN_PAGE_CHARS) for s, w in zip(fair_shares(budget, wants[:shown]), wants, strict=False)
        ):
            shown -= 1
        shares = fair_shares(budget, wants[:shown]) + [0] * (len(pages) - shown)
        return [
            self._fit_one(index, url, text, share)
            for index, ((url, text), share) in enumerate(zip(pages, shares, strict=True))
        ]

    def _fit_one(self, index: int, url: str, page: str, share: int) -> FittedPage:
        if len(page) <= share:
            return FittedPage(text=page, note=None)
        if share < min(MIN_PAGE_CHARS, len(page)):
            return FittedPage(text="", note=left_out_note(len(page)))
        result = self.focused(page, share, key=index)
        return FittedPage(text=result.text, note=cut_note(url, result, len(page)))


def left_out_note(page_chars: int) -> str:
    return f"Page left out to fit max_chars ({page_chars:,} characters): web_fetch on this result's link reads it."


def cut_note(url: str, result: Focused, total: int, *, start_index: int = 0) -> str:
    """One line: how much of the page was left out, and the web_fetch call that reads on."""
    left_out = f"{result.omitted_chars:,} of {total:,} characters left out"
    resume = start_index + (result.resume_at or 0)
    if result.unmatched:
        return (
            f"No passage shares a word with the query, so the page's start: {left_out}; "
            f'web_fetch with url="{url}" and start_index={resume} reads on.'
        )
    if not result.focused:
        return f'Cut to fit max_chars: {left_out}; web_fetch with url="{url}" and start_index={resume} reads on.'
    return (
        f"Focused on the query: {left_out}, each […] marks a gap; "
        f'web_fetch with url="{url}" and start_index={resume} reads on in order from the first gap.'
    )
