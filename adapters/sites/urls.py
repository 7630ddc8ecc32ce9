"""The first look every resolver takes at a URL: parsed, web (http or https), on one of its hosts."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import httpx


def on_hosts(url: str, accepts: Callable[[str], bool]) -> httpx.URL | None:
    """``url`` parsed, when it is an http(s) URL whose lower-case host ``accepts``; None for anything else."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):  # a lone surrogate or a host IDNA refuses: no address
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


def served_base(url: str, known: Mapping[str, str], *, family: re.Pattern[str] | None = None) -> str | None:
    """Where software on a known host is served for ``url`` (its origin and the base path ``known`` gives the
    host; ``family`` admits hosts served at their root), None for any other host: what a reader claims by
    URL before any fetch, leaving other hosts to be recognised from their pages."""
    parsed = on_hosts(url, lambda host: host in known or (family is not None and family.fullmatch(host) is not None))
    return None if parsed is None else origin_of(parsed) + known.get(parsed.host.lower(), "")


def story_link(link: str) -> tuple[str, str] | None:
    """(address, host) of a link a story names (Hacker News, Lobsters), written back from its parsed
    form: one line, a real host, nothing that could close the Markdown link around it; None otherwise."""
    if not link.isprintable() or " " in link:
        return None
    parsed = on_hosts(link, any_host)
    return None if parsed is None else (str(parsed).translate(_LINK_CLOSERS), parsed.host)


# Characters that would end a Markdown link's target early, written as the escapes they stand for.
_LINK_CLOSERS = str.maketrans({"(": "%28", ")": "%29", "[": "%5B", "]": "%5D", "<": "%3C", ">": "%3E"})
