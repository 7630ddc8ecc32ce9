"""Reading a page through its site's API: when a resolver claims its URL (before any fetch), or the fetched page.

Which resolver reads a URL is decided by the URL alone (``choose_resolver``, pure); software that
runs on any domain (a Discourse forum) is recognised from the page once fetched
(``choose_page_resolver``, pure). Whatever goes wrong on the API's side - quota, not found, a
malformed answer, a timeout, a bug - costs the API route only: the caller reads the page the
generic way, and the note says why.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import anyio

from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage
from domain.ports import FetchedPageResolverPort, SiteResolverPort
from domain.redaction import without_userinfo

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SiteOutcome:
    page: ResolvedPage | None  # None: read the page the generic way
    note: str | None  # one line for the page note: the source, or why the API was not used
    failed: str | None = None  # why the API was not used, as a clause, should the page fail too
    tried: str | None = None  # the site whose API failed: it is not asked again about the fetched page


_NO_RESOLVER = SiteOutcome(None, None)


def choose_resolver(url: str, resolvers: Sequence[SiteResolverPort]) -> SiteResolverPort | None:
    """The first resolver that claims ``url``, if any."""
    return next((resolver for resolver in resolvers if resolver.handles(url)), None)


def choose_page_resolver(
    page: FetchedPage, resolvers: Sequence[FetchedPageResolverPort]
) -> FetchedPageResolverPort | None:
    """The first resolver that recognises the fetched ``page``, if any."""
    return next((resolver for resolver in resolvers if resolver.recognises(page)), None)


async def read_through_site(url: str, resolvers: Sequence[SiteResolverPort], *, seconds: float) -> SiteOutcome:
    """The page from its site's API, or why not (never raises for an API failure)."""
    resolver = choose_resolver(url, resolvers)
    if resolver is None:
        return _NO_RESOLVER
    return await _outcome(resolver.site, lambda: resolver.read(url), url, seconds)


async def read_recognised_site(
    page: FetchedPage, resolvers: Sequence[FetchedPageResolverPort], *, seconds: float, tried: str | None = None
) -> SiteOutcome:
    """The fetched page read again through its site's API, or why not (never raises for an API failure).
    ``tried``: the site whose API already failed for the address asked (a reader of both kinds, such
    as Confluence's, would otherwise ask it twice)."""
    resolvers = [resolver for resolver in resolvers if tried is None or resolver.site != tried]
    if not resolvers:
        return _NO_RESOLVER
    # Off the event loop: recognising reads the head of an untrusted page (a few regexes over its
    # first tens of kilobytes: tens of milliseconds at worst on crafted bytes), and every page is asked.
    resolver = await anyio.to_thread.run_sync(choose_page_resolver, page, resolvers)
    if resolver is None:
        return _NO_RESOLVER
    return await _outcome(resolver.site, lambda: resolver.read_page(page), page.url, seconds)


async def _outcome(site: str, read: Callable[[], Awaitable[ResolvedPage]], url: str, seconds: float) -> SiteOutcome:
    try:
        with anyio.fail_after(seconds):
            page = await read()
    except TimeoutError:
        reason = f"it did not answer within {seconds:g} s"
    except (SiteUnavailable, PageUnavailable) as failed:
        reason = failed.reason
    except Exception:  # a parsing bug must cost the API route, not the page
        logger.exception("%s failed unexpectedly on %s", site, without_userinfo(url))
        reason = "an unexpected error, logged"
    else:
        if page.markdown.strip():
            return SiteOutcome(page, f"Read through {site}." + (f" {capitalised(page.note)}" if page.note else ""))
        reason = "it gave no text"
    logger.info("%s not used for %s: %s", site, without_userinfo(url), reason)
    unused = f"{site} could not be used ({reason})"
    return SiteOutcome(None, f"{capitalised(unused)}; this is the page as fetched.", unused, site)


def capitalised(text: str) -> str:
    """A reason (written to follow "Could not read URL: ") opening a note of its own."""
    return text[:1].upper() + text[1:]
