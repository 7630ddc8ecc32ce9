"""A tree of comments (Hacker News, Reddit) as nested Markdown list items, bounded and without recursion.

Each comment is a list item opened by its heading (author, date, score...), its text indented
under it, its replies nested one level deeper. Indentation stops growing at ``MAX_DEPTH`` levels
(a 40-deep argument would otherwise be mostly spaces); a deeper reply says whom it answers
instead. The tree is walked with an explicit stack, so no depth of nesting can exhaust Python's,
and at most ``MAX_COMMENTS`` are written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_COMMENTS = 1_000
MAX_DEPTH = 8

Node = dict[str, Any]


@dataclass(frozen=True)
class TreeShape:
    """How to read one site's comments: their replies, their heading, their text as Markdown, who wrote them."""

    replies: Callable[[Node], list[Node]]
    heading: Callable[[Node], str]
    body: Callable[[Node], str]
    author: Callable[[Node], str]


@dataclass(frozen=True)
class WrittenTree:
    lines: list[str]
    shown: int
    total: int


def written_tree(roots: list[Node], shape: TreeShape, *, top_author: str = "") -> WrittenTree:
    """``roots`` and every reply under them, depth first in the given order."""
    total = count(roots, shape)
    lines: list[str] = []
    shown = 0
    stack = [(root, 0, top_author) for root in reversed(roots)]
    while stack and shown < MAX_COMMENTS:
        node, depth, parent = stack.pop()
        shown += 1
        indent = "  " * min(depth, MAX_DEPTH)
        heading = f"{indent}- {shape.heading(node)}"
        if depth > MAX_DEPTH:
            heading += f" · reply to {parent}"
        lines.append(heading)
        if body := shape.body(node):  # a stub ("12 more replies") is its heading alone
            lines += [f"{indent}  {line}" if line else "" for line in body.split("\n")]
        stack += [(reply, depth + 1, shape.author(node)) for reply in reversed(shape.replies(node))]
    return WrittenTree(lines, shown, total)


def count(roots: list[Node], shape: TreeShape) -> int:
    total, stack = 0, list(roots)
    while stack:
        node = stack.pop()
        total += 1
        stack += shape.replies(node)
    return total
