"""Works named by a DOI link (``doi.org/10.1234/...``): the registry's record, and the publisher's page.

A DOI link leads to a publisher's page, which is often a wall for readers that are not browsers
(403, a challenge, a script shell) or a paywall around an abstract: the agent got "Could not read
URL". Every DOI is registered, and its registry describes the work without an account: Crossref
for most articles (``/works/{doi}``: title, authors, journal, date, abstract when deposited,
licence, counts), DataCite for data, software and preprints (``/dois/{doi}``). The record is
asked while the publisher's page is fetched and extracted (within the read's deadline, less a
reserve for writing); the answer is the record, with the page's text under it when the page gave
any. A DOI neither registry knows is left to the usual reading of the link.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

import anyio

from adapters.json_fields import obj
from adapters.sites.api_calls import GuardedCaller, call_json
from adapters.sites.doi_works import DOI, Work, arxiv_id, crossref_work, datacite_work, work_markdown
from adapters.sites.open_texts import europe_pmc_text, page_text, preprint_text
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import PageExtractionPort, SiteResolverPort

DEFAULT_CROSSREF_URL = "https://api.crossref.org"
DEFAULT_DATACITE_URL = "https://api.datacite.org"
DEFAULT_EUROPEPMC_URL = "https://www.ebi.ac.uk/europepmc/webservices/rest"
_HOSTS = frozenset({"doi.org", "www.doi.org", "dx.doi.org"})


def doi_of(url: str) -> str | None:
    """Pure: the DOI a doi.org link names (``10.1234/abc``); None for anything else."""
    parsed = on_hosts(url, _HOSTS.__contains__)
    if parsed is None:
        return None
    named = unquote(parsed.path.lstrip("/")).removeprefix("doi:")
    return named if DOI.fullmatch(named) else None


class DoiResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the DOI's registry"

    def __init__(
        self,
        caller: GuardedCaller,
        extraction: PageExtractionPort,
        *,
        crossref_url: str = DEFAULT_CROSSREF_URL,
        datacite_url: str = DEFAULT_DATACITE_URL,
        europepmc_url: str = DEFAULT_EUROPEPMC_URL,
        preprints: SiteResolverPort | None = None,
    ) -> None:
        self._caller = caller
        self._extraction = extraction
        self._preprints = preprints  # arXiv's reader: a paper behind a wall may have its preprint there
        self._crossref = crossref_url.rstrip("/")
        self._datacite = datacite_url.rstrip("/")
        self._europepmc = europepmc_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return doi_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        doi = doi_of(url)
        if doi is None:
            raise SiteUnavailable("not a DOI link")
        if (own := arxiv_id(doi)) is not None and self._preprints is not None:
            return await self._preprints.read(f"https://arxiv.org/abs/{own}")  # arXiv's own DOI: the paper
        work: list[Work | None] = [None]
        page: list[tuple[str | None, str]] = [(None, "")]

        async def record() -> None:
            work[0] = await self._record(doi)

        async def publisher() -> None:
            page[0] = await page_text(self._caller, self._extraction, url)

        async with anyio.create_task_group() as group:
            group.start_soon(record)
            group.start_soon(publisher)
        found = work[0]
        if found is None:
            raise SiteUnavailable("neither Crossref nor DataCite has a record of it")
        text, why = page[0]
        instead = None
        if text is None:
            instead = await preprint_text(self._preprints, found.preprints) or await europe_pmc_text(
                self._caller, self._europepmc, found.doi
            )
        markdown = await anyio.to_thread.run_sync(lambda: work_markdown(found, text, instead[:2] if instead else None))
        note = None
        if text is None:
            read = f"{instead[2]} is read instead" if instead else f"this is the {found.registry} record"
            note = f"the publisher's page gave no text ({why}); {read}"
        return ResolvedPage(f"https://doi.org/{found.doi}", markdown, f"{self.site} ({found.registry})", note=note)

    async def _record(self, doi: str) -> Work | None:
        """Crossref's record, else DataCite's; None when neither has one."""
        address = quote(doi, safe="/:;()._-<>[]")
        try:
            message = obj(await call_json(self._caller, f"{self._crossref}/works/{address}"), "message")
            if (work := crossref_work(message, doi)) is not None:
                return work
        except SiteUnavailable:
            pass  # not a Crossref DOI (DataCite answers for data and preprints), or Crossref failed
        try:
            attributes = obj(await call_json(self._caller, f"{self._datacite}/dois/{address}"), "data", "attributes")
        except SiteUnavailable:
            return None
        return datacite_work(attributes, doi)
