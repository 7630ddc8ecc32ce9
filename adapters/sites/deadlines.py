"""Calls a reader can do without (a page's comments, a video's captions, a paper's open text): ended
before the read's deadline, so that what the reader already has is still written and returned."""

from __future__ import annotations

import anyio

#: What a reader keeps of its deadline to write what it read, when an optional call is slow.
RESERVE_SECONDS = 1.0


def before_deadline(reserve: float = RESERVE_SECONDS) -> anyio.CancelScope:
    """A scope that ends ``reserve`` seconds before the closest deadline around it."""
    return anyio.CancelScope(deadline=anyio.current_effective_deadline() - reserve)
