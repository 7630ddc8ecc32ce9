"""Pages a site withheld: a bot check, a sign-in page or a not-found page in the page's place, or an
error status.

The reader never hands such an answer to the agent as if it were the page. It says what answered
instead (``domain.walls``), and, when every hop to it was on the open web and the address may be
named to a third party, reads a public archive's latest copy instead, the note saying what
happened and when the copy was made.
"""

from __future__ import annotations

import anyio

from application.site_reading import capitalised
from domain.errors import DomainLapsed, PageUnavailable, PageWithheld, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage
from domain.ports import ArchivedCopyPort
from domain.walls import answered_instead, archivable, sign_in_in_place, without_fragment


def sent_to_sign_in(asked: str, page: FetchedPage) -> PageUnavailable | None:
    """Why a 2xx answer is not the page asked for: a redirect ended on a sign-in or consent page."""
    reason = sign_in_in_place(asked, page.url)
    return None if reason is None else _withheld(asked, page, reason)


def not_the_page(asked: str, page: FetchedPage, markdown: str) -> PageUnavailable | None:
    """Why a 2xx page read as ``markdown`` is not the page: a bot check's page, or a not-found page."""
    if not page.is_html:
        return None
    reason = answered_instead(asked, page.body, markdown)
    return None if reason is None else _withheld(asked, page, reason)


def _withheld(asked: str, page: FetchedPage, reason: str) -> PageUnavailable:
    return PageWithheld.unless_private(asked, reason, public=page.public)


async def archived_instead(
    archive: ArchivedCopyPort | None, url: str, refused: PageWithheld, *, seconds: float
) -> tuple[ResolvedPage, str]:
    """The archive's copy of ``url`` and the note that says why it is read; raises ``PageUnavailable``
    with both reasons when there is none (or the address may not be named to an archive)."""
    if archive is None or not archivable(url):
        raise refused
    try:
        with anyio.fail_after(seconds):
            # A domain its registry does not hold may have been an intranet's: the page's address
            # is named only once the archive shows the domain was a public site.
            if isinstance(refused, DomainLapsed):
                held = await archive.holds_site(refused.domain)
                if held is None:
                    raise SiteUnavailable(f"the Wayback Machine could not be asked about {refused.domain}")
                if not held:
                    raise SiteUnavailable(f"the Wayback Machine has no copy of any page of {refused.domain}")
            copy = await archive.latest_copy(without_fragment(url))
    except SiteUnavailable as missing:
        raise PageUnavailable(url, f"{refused.reason}; {missing.reason}") from None
    except TimeoutError:
        raise PageUnavailable(url, f"{refused.reason}; the archive did not answer within {seconds:g} s") from None
    said = f"{copy.source}, {copy.note}" if copy.note else copy.source
    return copy, f"{capitalised(refused.reason)}; this is {said}."
