"""Value objects for reading pages: what a fetcher hands an extractor, what a site resolver hands back."""

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
    # The Link header's rel="next" (RFC 8288 paging, as GitHub's REST API pages its lists), made
    # absolute; whoever follows it decides whether it may (a site resolver: its API's origin only).
    next_url: str | None = None


@dataclass(frozen=True)
class ResolvedPage:
    """A page read through its site's API (a question with its answers, an issue with its comments...).

    ``markdown`` is already the text an agent reads; it is as untrusted as any page text.
    """

    url: str  # the page's own URL (the API's canonical link when it gives one)
    markdown: str
    source: str  # where the text came from, for the page note, e.g. "the Stack Exchange API"
    truncated: bool = False  # a cap cut part of it short (the paper's text, the comments)
    note: str | None = None  # what the page note should add, e.g. which comments were not read
