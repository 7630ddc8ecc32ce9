"""What the head of a fetched page says about the software that made it (for ``FetchedPageResolverPort``).

Recognising runs on every page fetched, so it looks only at the first bytes of an HTML page, with
bounded patterns: no regex ever runs over a whole page.
"""

from __future__ import annotations

import re

from domain.pages import FetchedPage


def page_head(page: FetchedPage, size: int) -> bytes | None:
    """The first ``size`` bytes of an HTML page; None for anything else."""
    return page.body[:size] if page.is_html else None


def meta_tag(attribute: str, value: str, content: str) -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """Patterns for ``<meta {attribute}="{value}" content="{content}...">`` in either attribute order.

    ``content`` is a regex fragment for how the content attribute starts.
    """
    key = rf"""{attribute}=["']{re.escape(value)}["']""".encode()
    said = rf"""content=["']{content}""".encode()
    gap = rb"[^>]{0,200}?"
    return (
        re.compile(rb"<meta\s" + gap + key + gap + said, re.IGNORECASE),
        re.compile(rb"<meta\s" + gap + said + gap + key, re.IGNORECASE),
    )
