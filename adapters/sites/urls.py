"""The first look every resolver takes at a URL: parsed, web (http or https), on one of its hosts."""

from __future__ import annotations

from collections.abc import Callable

import httpx


def on_hosts(url: str, accepts: Callable[[str], bool]) -> httpx.URL | None:
    """``url`` parsed, when it is an http(s) URL whose lower-case host ``accepts``; None for anything else."""
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL:
        return None
    if parsed.scheme not in ("http", "https") or not accepts(parsed.host.lower()):
        return None
    return parsed
