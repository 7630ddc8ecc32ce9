"""Pages a site withheld: a bot check or a sign-in page in the page's place, or an error status.

The reader never hands such an answer to the agent as if it were the page. It says what answered
instead (``domain.walls``), and, when the address may be named to a third party and the site is on
the open web, reads a public archive's latest copy instead, the note saying what happened and when
the copy was made.
"""

from __future__ import annotations

import anyio

from application.site_reading import capitalised
from domain.errors import PageUnavailable, PageWithheld, SiteUnavailable
from domain.not_found import HEAD_CHARS, MAX_TEXT_CHARS, not_found_title
from domain.pages import FetchedPage, ResolvedPage
from domain.ports import ArchivedCopyPort
from domain.script_shell import readable_text
from domain.walls import archivable, check_in_place, in_place_reason, sign_in_in_place


def withheld(asked: str, page: FetchedPage) -> PageUnavailable | None:
    """Why a 2xx answer is not the page asked for (a bot check, a sign-in page), else None."""
    guard = check_in_place(page.body) if page.is_html else None
    reason = in_place_reason(guard) if guard is not None else sign_in_in_place(asked, page.url)
    if reason is None:
        return None
    return PageWithheld(asked, reason) if page.public else PageUnavailable(asked, reason)


def not_there(asked: str, page: FetchedPage, markdown: str) -> PageUnavailable | None:
    """Why a 2xx page with little text is not the page: it is the site's not-found page (a soft 404)."""
    if not page.is_html or len(readable_text(markdown)) >= MAX_TEXT_CHARS:
        return None
    if not_found_title(page.body[:HEAD_CHARS].decode("utf-8", errors="replace")) is None:
        return None
    # The page's own title is not quoted: a reason is the reader's words, never the page's.
    reason = "the site answered with its page-not-found page (with status 200)"
    return PageWithheld(asked, reason) if page.public else PageUnavailable(asked, reason)


async def archived_instead(
    archive: ArchivedCopyPort | None, url: str, refused: PageWithheld, *, seconds: float
) -> tuple[ResolvedPage, str]:
    """The archive's copy of ``url`` and the note that says why it is read; raises ``PageUnavailable``
    with both reasons when there is none (or the address may not be named to an archive)."""
    if archive is None or not archivable(url):
        raise refused
    try:
        with anyio.fail_after(seconds):
            copy = await archive.latest_copy(url)
    except SiteUnavailable as missing:
        raise PageUnavailable(url, f"{refused.reason}; {missing.reason}") from None
    except TimeoutError:
        raise PageUnavailable(url, f"{refused.reason}; the archive did not answer within {seconds:g} s") from None
    said = f"{copy.source}, {copy.note}" if copy.note else copy.source
    return copy, f"{capitalised(refused.reason)}; this is {said}."
