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


def any_host(host: str) -> bool:
    """For ``on_hosts``: software that runs on any domain (a forum, a GitLab, a Mastodon server)."""
    return bool(host)


def origin_of(parsed: httpx.URL) -> str:
    """``scheme://host[:port]`` of a parsed URL: the host as an address takes it ("[::1]:8080"), no credentials."""
    return f"{parsed.scheme}://{parsed.netloc.decode('ascii')}"
