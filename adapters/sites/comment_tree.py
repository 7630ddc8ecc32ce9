"""A tree of comments (Hacker News, Reddit) as nested Markdown list items, bounded and without recursion.

Each comment is a list item opened by its heading (author, date, score...), its text indented
under it, its replies nested one level deeper. Indentation stops growing at ``MAX_DEPTH`` levels
(a 40-deep argument would otherwise be mostly spaces); a deeper reply says whom it answers
instead. Trees are walked with explicit stacks and queues, so no depth of nesting can exhaust
Python's.

At most ``MAX_COMMENTS`` are written, chosen level by level (every top-level comment before any
reply, every first-level reply before any second-level one...): a cut drops the deepest replies,
never a later top-level comment behind one long argument. Where a comment's replies were cut,
its item says how many and links the comment, whose own page reads them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_COMMENTS = 1_000
MAX_DEPTH = 8

Node = dict[str, Any]


@dataclass(frozen=True)
class TreeShape:
    """How to read one site's comments: replies, heading, text as Markdown, author, and the comment's own page."""

    replies: Callable[[Node], list[Node]]
    heading: Callable[[Node], str]
    body: Callable[[Node], str]
    author: Callable[[Node], str]
    link: Callable[[Node], str | None]
    # How many comments a node stands for: 1, or a stub's count ("50 more replies" stands for 50).
    weight: Callable[[Node], int] = lambda node: 1


@dataclass(frozen=True)
class Thread:
    """A thread as the agent reads it, and the note on what it left out (None when nothing)."""

    markdown: str
    note: str | None


@dataclass(frozen=True)
class WrittenTree:
    lines: list[str]
    shown: int
    total: int


def cut_note(tree: WrittenTree) -> str | None:
    """What a tree left out, as the page's note says it; None when every comment is written."""
    if tree.shown >= tree.total:
        return None
    return (
        f"Showing {tree.shown:,} of {tree.total:,} comments, the deepest replies cut first; "
        "each cut is marked where it was, with the link that reads it"
    )


def written_tree(roots: list[Node], shape: TreeShape, *, top_author: str = "") -> WrittenTree:
    """``roots`` and their replies, depth first in the given order, the deepest cut first past the bound."""
    chosen = _chosen(roots, shape)
    sizes = _subtree_sizes(roots, shape)
    lines: list[str] = []
    stack = [(root, 0, top_author) for root in reversed(roots) if id(root) in chosen]
    while stack:
        node, depth, parent = stack.pop()
        indent = "  " * min(depth, MAX_DEPTH)
        heading = f"{indent}- {shape.heading(node)}"
        if depth > MAX_DEPTH:
            heading += f" · reply to {parent}"
        lines.append(heading)
        if body := shape.body(node):  # a stub ("12 more replies") is its heading alone
            lines += [f"{indent}  {line}" if line else "" for line in body.split("\n")]
        replies = shape.replies(node)
        kept = [reply for reply in replies if id(reply) in chosen]
        if len(kept) < len(replies):
            cut = sum(sizes[id(reply)] for reply in replies if id(reply) not in chosen)
            where = shape.link(node)
            said = f"({cut:,} more repl{'ies' if cut != 1 else 'y'} not shown" + (f": {where})" if where else ")")
            lines.append(f"{indent}  - {said}")
        stack += [(reply, depth + 1, shape.author(node)) for reply in reversed(kept)]
    if cut := sum(sizes[id(root)] for root in roots if id(root) not in chosen):
        lines.append(f"- ({cut:,} more comments not shown)")  # past 1,000 top-level comments: rare
    return WrittenTree(
        lines, sum(shape.weight(node) for node in chosen.values()), sum(sizes[id(root)] for root in roots)
    )


def _chosen(roots: list[Node], shape: TreeShape) -> dict[int, Node]:
    """The first ``MAX_COMMENTS`` nodes in breadth-first order, by id."""
    chosen: dict[int, Node] = {}
    queue = deque(roots)
    while queue and len(chosen) < MAX_COMMENTS:
        node = queue.popleft()
        chosen[id(node)] = node
        queue.extend(shape.replies(node))
    return chosen


def _subtree_sizes(roots: list[Node], shape: TreeShape) -> dict[int, int]:
    """Each node's id -> itself and all its replies, counted in one pass (children before parents)."""
    order: list[Node] = []
    stack = list(roots)
    while stack:
        node = stack.pop()
        order.append(node)
        stack += shape.replies(node)
    sizes: dict[int, int] = {}
    for node in reversed(order):  # every reply was appended after its parent
        sizes[id(node)] = shape.weight(node) + sum(sizes[id(reply)] for reply in shape.replies(node))
    return sizes
