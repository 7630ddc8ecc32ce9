"""Value objects for reading pages: what a fetcher hands an extractor."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FetchedPage:
    """A page body as it came off the wire, capped, with what the server said about it."""

    url: str  # the final URL after redirects
    status: int
    content_type: str  # media type only, lower case, e.g. "text/html"
    charset: str | None  # from the Content-Type header, if declared
    body: bytes
    truncated: bool = False  # the byte cap cut the body short
