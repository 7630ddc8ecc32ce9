"""Value objects for reading pages: what a fetcher hands an extractor, what a site resolver hands back."""

from __future__ import annotations

from dataclasses import dataclass

#: The media types read as HTML (a page, not a feed, a PDF or an API's JSON).
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
# Types that say only "bytes": what the body is, its first bytes tell (download links send these).
UNTYPED = frozenset(
    {"", "application/octet-stream", "binary/octet-stream", "application/binary", "application/force-download",
     "application/x-download"}
)  # fmt: skip


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
    # The ``Refresh`` header, as sent (``0; url=/new``): a redirect some servers send with a page.
    refresh: str | None = None
    # Answered from a public address (the fetcher vetted it): only such a page may be named to a
    # public archive when it is withheld. False for anything not fetched from the open web.
    public: bool = False

    @property
    def is_html(self) -> bool:
        return self.content_type in HTML_TYPES

    def decoded(self, max_bytes: int | None = None) -> str:
        """The body (its first ``max_bytes``) as text in its declared charset when Python knows it (a
        server may name a made-up one), else UTF-8; undecodable bytes replaced. For looking at markup,
        not for extraction, which decodes under its own bounds."""
        body = self.body if max_bytes is None else self.body[:max_bytes]  # a slice copies: only when asked
        return body.decode(_decodable(self.charset), errors="replace")


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


def _decodable(charset: str | None) -> str:
    if not charset:
        return "utf-8"
    try:
        "".encode(charset)
    except LookupError:
        return "utf-8"
    return charset
