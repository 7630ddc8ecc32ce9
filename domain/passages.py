"""Cutting a page down to the passages that answer a question, in reading order.

A page is split into blocks (paragraphs, list items, table rows, fenced code, headings); a ranker
scores the blocks against the question; the best blocks that fit the budget are kept in document
order, each gap marked with ``[…]``, and the headings that own a kept block are kept with it, so
the reader still sees where a passage sits. Pure: the scores come in from outside.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from domain.markdown_lines import CODE_FENCE, LIST_MARKER
from domain.paging import cut

GAP = "[…]"
_SEPARATOR = "\n\n"
# What a kept block may cost at most besides its own text: a gap marker before it and two separators.
_OVERHEAD = len(_SEPARATOR) * 2 + len(GAP)
_HEADING = re.compile(r"^(#{1,6})\s")
_LIST_ITEM = re.compile(r"\s{0,3}" + LIST_MARKER + r"\s")


@dataclass(frozen=True)
class Block:
    """``text`` is ``page[start:end]``, stripped; ``level`` is 1-6 for a heading, 0 otherwise."""

    text: str
    start: int
    end: int
    level: int = 0


@dataclass(frozen=True)
class Focused:
    """A page cut down. ``resume_at`` is the offset where reading on in order starts (None: nothing was cut);
    ``focused`` tells a cut to the best passages (gaps marked) from a plain cut of the page's head;
    ``unmatched``: a head cut because no passage shares a word with the question."""

    text: str
    omitted_chars: int
    resume_at: int | None
    focused: bool = True
    unmatched: bool = False


def split_blocks(page: str) -> list[Block]:
    """The page's blocks in order: a blank line ends a paragraph; every list item, table row and heading
    is a block of its own; a fenced code block stays whole."""
    blocks: list[Block] = []
    start: int | None = None
    in_fence = False
    offset = 0
    for line in page.splitlines(keepends=True):
        stripped = line.strip()
        opens_fence = bool(CODE_FENCE.match(line))
        own_block = not in_fence and (
            _HEADING.match(line) or _LIST_ITEM.match(line) or stripped.startswith("|") or opens_fence
        )
        if (own_block or not stripped) and not in_fence and start is not None:
            blocks.append(_block(page, start, offset))
            start = None
        if stripped and start is None:
            start = offset
        if opens_fence:
            in_fence = not in_fence
        offset += len(line)
        if start is not None and not in_fence and (_HEADING.match(line) or stripped.startswith("|")):
            blocks.append(_block(page, start, offset))  # a heading or table row ends with its line
            start = None
    if start is not None:
        blocks.append(_block(page, start, offset))
    return [b for b in blocks if b.text]


def _block(page: str, start: int, end: int) -> Block:
    text = page[start:end].strip()
    heading = _HEADING.match(text)
    return Block(text=text, start=start, end=end, level=len(heading.group(1)) if heading else 0)


def focus(page: str, blocks: Sequence[Block], scores: Sequence[float], budget: int) -> Focused:
    """The page within ``budget`` characters: the best-scoring blocks, then the earliest, in document order.

    Blocks the ranker found nothing in fill what the best left over, earliest first (a page's
    opening usually says what it is about). ``len(result.text) <= budget`` always holds; when not even one
    block fits, the result is a plain cut of the page's head. When no block matches at all, so is the
    result, marked ``unmatched``: the page's start with gaps would pass for passages that answer.
    """
    if len(page) <= budget:
        return Focused(text=page, omitted_chars=0, resume_at=None)
    owners = _owning_headings(blocks)
    matching = sorted(
        (i for i in range(len(blocks)) if scores[i] > 0 and not blocks[i].level), key=lambda i: -scores[i]
    )
    if not matching:
        return replace(head(page, budget), unmatched=True)
    rest = [i for i in range(len(blocks)) if scores[i] <= 0 and not blocks[i].level]
    kept: set[int] = set()
    spent = 0
    for index in matching + rest:
        wanted = [h for h in (*owners[index], index) if h not in kept]
        cost = sum(len(blocks[h].text) + _OVERHEAD for h in wanted)
        if spent + cost <= budget - len(_SEPARATOR) - len(GAP):  # room for a gap after the last block
            kept.update(wanted)
            spent += cost
    if not kept:  # not one block fits (one huge paragraph, say): the page's head instead
        return head(page, budget)
    return _assemble(page, blocks, sorted(kept))


def head(page: str, budget: int) -> Focused:
    """The page's first ``budget`` characters, ended at a line break where one is near."""
    if budget <= 0:
        return Focused(text="", omitted_chars=len(page), resume_at=0, focused=False)
    window = cut(page, max_bytes=len(page) * 4 + 4, max_chars=budget)
    return Focused(
        text=window.text, omitted_chars=len(page) - window.end_index, resume_at=window.end_index, focused=False
    )


def _owning_headings(blocks: Sequence[Block]) -> list[tuple[int, ...]]:
    """For each block, the headings above it that it sits under: the nearest, its parent, and so on."""
    owners: list[tuple[int, ...]] = []
    open_headings: list[int] = []  # a chain of strictly rising levels
    for index, block in enumerate(blocks):
        if block.level:
            while open_headings and blocks[open_headings[-1]].level >= block.level:
                open_headings.pop()
        owners.append(tuple(open_headings))
        if block.level:
            open_headings.append(index)
    return owners


def _assemble(page: str, blocks: Sequence[Block], kept: Sequence[int]) -> Focused:
    parts: list[str] = []
    previous = -1
    first_gap: int | None = None
    for index in kept:
        if index != previous + 1:
            parts.append(GAP)
            first_gap = blocks[previous + 1].start if first_gap is None else first_gap
        elif parts and "\n\n" not in page[blocks[previous].end - 1 : blocks[index].start]:
            parts[-1] += "\n" + blocks[index].text  # list items and table rows stay on consecutive lines
            previous = index
            continue
        parts.append(blocks[index].text)
        previous = index
    if previous != len(blocks) - 1:
        parts.append(GAP)
        first_gap = blocks[previous + 1].start if first_gap is None else first_gap
    text = _SEPARATOR.join(parts)
    kept_chars = sum(len(blocks[i].text) for i in kept)
    return Focused(text=text, omitted_chars=len(page) - kept_chars, resume_at=first_gap)
