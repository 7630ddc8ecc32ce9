"""A scholarly work's full text where it is open: its arXiv preprint, Europe PMC's open-access copy,
or a page (a publisher's, an open-access PDF) read as any page is.

Shared by the readers that start from a record (a DOI's registry, Semantic Scholar): each tries
what it knows of the work, within the read's deadline less a reserve, so that the record is still
written when the text does not come. Each answers (heading, text, what it is) or None.
"""

from __future__ import annotations

from adapters.pages.xml_text import XmlUnreadable
from adapters.sites.api_calls import GuardedCaller
from adapters.sites.deadlines import before_deadline
from adapters.sites.europe_pmc import first_hit, full_text, open_pmcid
from domain.errors import PageUnavailable, SiteUnavailable
from domain.ports import PageExtractionPort, SiteResolverPort
from domain.walls import answered_instead, sign_in_in_place

#: A text shorter than this many words says less than the record holds (a wall, a stub).
MIN_TEXT_WORDS = 150

Found = tuple[str, str, str]  # (heading, text, what it is: "its preprint on arXiv (1706.03762)")


async def preprint_text(preprints: SiteResolverPort | None, identifiers: list[str]) -> Found | None:
    """The first of the work's arXiv preprints that reads (through arXiv's reader)."""
    if preprints is None or not identifiers:
        return None
    with before_deadline():
        for ident in identifiers[:2]:
            try:
                said = (await preprints.read(f"https://arxiv.org/abs/{ident}")).markdown
            except SiteUnavailable:
                continue
            return f"Its preprint (arXiv:{ident})", said, f"its preprint on arXiv ({ident})"
    return None


async def europe_pmc_text(caller: GuardedCaller, europepmc_url: str, doi: str) -> Found | None:
    """The open-access copy Europe PMC holds of the work (PubMed Central's full texts); None when none."""
    if not doi:
        return None
    with before_deadline():
        try:
            pmcid = open_pmcid(await first_hit(caller, europepmc_url, f'DOI:"{doi}"', "lite"))
            if pmcid is None:
                return None
            said = await full_text(caller, europepmc_url, pmcid)
        except (SiteUnavailable, XmlUnreadable):
            return None
        if len(said.split()) < MIN_TEXT_WORDS:
            return None
        return (
            f"Its open-access text (Europe PMC, {pmcid})",
            said,
            f"its open-access text in Europe PMC ({pmcid})",
        )
    return None


async def page_text(caller: GuardedCaller, extraction: PageExtractionPort, url: str) -> tuple[str | None, str]:
    """A page's text (any kind the workers read: HTML, a PDF), or None and why not."""
    with before_deadline() as scope:
        try:
            fetched = await caller.fetch(url)
            said = await extraction.extract(fetched)
        except PageUnavailable as failed:
            return None, failed.reason
        # What a reader would not take for the page is no text of the work either (a sign-in page a
        # PDF's link redirects to, a bot check, a not-found page).
        if (instead := sign_in_in_place(url, fetched.url)) is not None:
            return None, instead
        if fetched.is_html and (instead := answered_instead(url, fetched.body, said)) is not None:
            return None, instead
        if len(said.split()) < MIN_TEXT_WORDS:
            return None, f"{len(said.split())} words, fewer than the record holds"
        return said, ""
    return None, "it did not answer in time" if scope.cancelled_caught else "it could not be read"
