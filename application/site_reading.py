"""Reading a page through its site's API when a resolver claims its URL, before any page fetch.

Which resolver reads a URL is decided by the URL alone (``choose_resolver``, pure). Whatever
goes wrong on the API's side - quota, not found, a malformed answer, a timeout, a bug - costs
the API route only: the caller reads the page the generic way, and the note says why.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import anyio

from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import SiteResolverPort
from domain.redaction import without_userinfo

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SiteOutcome:
    page: ResolvedPage | None  # None: read the page the generic way
    note: str | None  # one line for the page note: the source, or why the API was not used


_NO_RESOLVER = SiteOutcome(None, None)


def choose_resolver(url: str, resolvers: Sequence[SiteResolverPort]) -> SiteResolverPort | None:
    """The first resolver that claims ``url``, if any."""
    return next((resolver for resolver in resolvers if resolver.handles(url)), None)


async def read_through_site(url: str, resolvers: Sequence[SiteResolverPort], *, seconds: float) -> SiteOutcome:
    """The page from its site's API, or why not (never raises for an API failure)."""
    resolver = choose_resolver(url, resolvers)
    if resolver is None:
        return _NO_RESOLVER
    try:
        with anyio.fail_after(seconds):
            page = await resolver.read(url)
    except TimeoutError:
        reason = f"it did not answer within {seconds:g} s"
    except (SiteUnavailable, PageUnavailable) as failed:
        reason = failed.reason
    except Exception:  # a parsing bug must cost the API route, not the page
        logger.exception("%s failed unexpectedly on %s", resolver.site, without_userinfo(url))
        reason = "an unexpected error, logged"
    else:
        if page.markdown.strip():
            return SiteOutcome(page, f"Read through {resolver.site}." + (f" {page.note}" if page.note else ""))
        reason = "it gave no text"
    logger.info("%s not used for %s: %s", resolver.site, without_userinfo(url), reason)
    return SiteOutcome(None, f"{_capital(resolver.site)} could not be used ({reason}); this is the page as fetched.")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
