"""Papers on Semantic Scholar through its Graph API: the record, its one-sentence summary, and the
paper's text where it is open.

A paper's page on semanticscholar.org is a script application that often answers readers that
are not browsers with a bot check; what the agent wanted from it is the paper. The Graph API
(``/graph/v1/paper/{id}``, no account needed, a shared rate limit without a key) answers with the
record: title, authors, venue, date, counts, fields of study, the abstract, Semantic Scholar's
one-sentence TLDR, the paper's other identifiers and its open-access PDF. Under the record goes
the paper's text, the first that reads of: its arXiv preprint (through arXiv's reader, the HTML
version when arXiv has one), the open-access PDF (read by the extraction workers, as any PDF),
Europe PMC's open-access copy. Else the record stands alone and the note says so.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any
from urllib.parse import urlsplit

import anyio
from pydantic import SecretStr

from adapters.json_fields import number, obj, objs, one_line, strings, text
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.arxiv import ARXIV_ID
from adapters.sites.doi_works import Work, answered_doi, work_markdown
from adapters.sites.open_texts import Found, europe_pmc_text, page_text, preprint_text
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import PageExtractionPort, SiteResolverPort

DEFAULT_API_URL = "https://api.semanticscholar.org"
DEFAULT_EUROPEPMC_URL = "https://www.ebi.ac.uk/europepmc/webservices/rest"
FIELDS = (
    "title,abstract,authors,year,venue,publicationVenue,journal,publicationDate,publicationTypes,"
    "citationCount,referenceCount,fieldsOfStudy,externalIds,openAccessPdf,tldr,url"
)
_PAPER_ID = re.compile(r"[0-9a-f]{40}")
_HOSTS = ("semanticscholar.org", "www.semanticscholar.org", "api.semanticscholar.org")
_CORPUS_ID = re.compile(r"CorpusID:([1-9][0-9]{0,11})", re.IGNORECASE)
_DATE = re.compile(r"[0-9]{4}(?:-[0-9]{2}){0,2}")
_RECORD_ONLY = "no open text of the paper could be read; this is its record"


def paper_of(url: str) -> str | None:
    """Pure: the Graph API's name for the paper a Semantic Scholar link shows (its 40-hex id, or
    ``arXiv:{id}``); None for anything else (a search, an author's page)."""
    parsed = on_hosts(url, lambda host: host in _HOSTS)
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if len(parts) >= 2 and parts[0] in ("paper", "reader") and _PAPER_ID.fullmatch(parts[-1].lower()):
        return parts[-1].lower()
    if len(parts) in (2, 3) and parts[0] == "arxiv" and ARXIV_ID.fullmatch(ident := "/".join(parts[1:])):
        return f"arXiv:{re.sub(r'v[0-9]+$', '', ident)}"  # the Graph API names a paper, not one of its versions
    if len(parts) == 1 and (corpus := _CORPUS_ID.fullmatch(parts[0])) is not None:
        return f"CorpusId:{corpus[1]}"  # api.semanticscholar.org/CorpusID:{n}, Wikipedia's S2CID links
    return None


class SemanticScholarResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the Semantic Scholar API"

    def __init__(
        self,
        caller: GuardedCaller,
        extraction: PageExtractionPort,
        *,
        api_url: str = DEFAULT_API_URL,
        key: SecretStr | None = None,
        europepmc_url: str = DEFAULT_EUROPEPMC_URL,
        preprints: SiteResolverPort | None = None,
    ) -> None:
        self._caller = caller
        self._extraction = extraction
        self._api_url = api_url.rstrip("/")
        self._key = key
        self._europepmc = europepmc_url.rstrip("/")
        self._preprints = preprints  # arXiv's reader, for a paper with a preprint there

    def handles(self, url: str) -> bool:
        return paper_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        paper_id = paper_of(url)
        if paper_id is None:
            raise SiteUnavailable("not a Semantic Scholar paper's address")
        headers = {"x-api-key": self._key.get_secret_value()} if self._key is not None else None
        answer = await call_json(
            self._caller,
            with_query(f"{self._api_url}/graph/v1/paper/{paper_id}", {"fields": FIELDS}),
            headers=headers,
            secret=self._key,
        )
        paper = obj(answer)
        work = paper_work(paper)
        if work is None:
            raise SiteUnavailable("its answer had no paper")
        found = await self._open_text(work, _open_pdf(paper))
        markdown = await anyio.to_thread.run_sync(lambda: work_markdown(work, None, found[:2] if found else None))
        note = f"the paper's text is {found[2]}" if found else _RECORD_ONLY
        link = text(paper.get("url")) if text(paper.get("url")).startswith("https://www.semanticscholar.org/") else url
        return ResolvedPage(link, markdown, self.site, note=note)

    async def _open_text(self, work: Work, pdf: str) -> Found | None:
        if found := await preprint_text(self._preprints, work.preprints):
            return found
        if pdf:
            said, _ = await page_text(self._caller, self._extraction, pdf)
            if said is not None:
                host = urlsplit(pdf).hostname or "its host"
                return f"Its open-access PDF ({host})", said, f"its open-access PDF, from {host}"
        return await europe_pmc_text(self._caller, self._europepmc, work.doi)


def paper_work(paper: dict[str, Any]) -> Work | None:
    """A Graph API paper as a ``Work`` (the record the DOI reader writes); None without a title."""
    title = one_line(paper.get("title"))
    if not title:
        return None
    ids = obj(paper, "externalIds")
    arxiv = text(ids.get("ArXiv"))
    venue = text(obj(paper, "publicationVenue").get("name")) or text(paper.get("venue"))
    venue = venue or text(obj(paper, "journal").get("name"))
    kinds = strings(paper.get("publicationTypes"))
    year = number(paper.get("year"))
    identifiers = [f"{label} {value}" for label, key in _IDENTIFIERS if (value := _identifier(ids.get(key)))]
    # PubMed Central's ids come as digits; they are written, and known, with their "PMC".
    identifiers = [f"PMCID PMC{said[6:]}" if said.startswith("PMCID ") and said[6:].isdigit() else said
                   for said in identifiers]  # fmt: skip
    return Work(
        doi=answered_doi(ids.get("DOI")),
        title=title,
        authors=[name for author in objs(paper.get("authors")) if (name := one_line(author.get("name")))],
        venue=venue,
        published=date if _DATE.fullmatch(date := text(paper.get("publicationDate"))) else (str(year) if year else ""),
        kind=_spaced(" ".join(kinds[0].split())) if kinds else "",
        abstract=_paragraphs(text(paper.get("abstract"))),
        subjects=strings(paper.get("fieldsOfStudy")),
        cited_by=number(paper.get("citationCount")),
        references=number(paper.get("referenceCount")),
        registry="Semantic Scholar",
        preprints=[arxiv] if ARXIV_ID.fullmatch(arxiv) else [],
        identifiers=identifiers,
        summary=text(obj(paper, "tldr").get("text")),
        summary_by="Semantic Scholar's TLDR",
    )


_IDENTIFIERS = (("arXiv", "ArXiv"), ("PMID", "PubMed"), ("PMCID", "PubMedCentral"), ("ACL", "ACL"),
                ("DBLP", "DBLP"), ("Corpus ID", "CorpusId"))  # fmt: skip


def _identifier(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return one_line(value)[:100]


def _open_pdf(paper: dict[str, Any]) -> str:
    address = text(obj(paper, "openAccessPdf").get("url")).strip()
    return address if address.startswith(("https://", "http://")) else ""


def _spaced(kind: str) -> str:
    """ "JournalArticle" -> "journal article"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", kind).lower()


def _paragraphs(abstract: str) -> str:
    """The abstract (plain text) as the HTML ``work_markdown`` reads: a paragraph per blank-line block."""
    blocks = [" ".join(block.split()) for block in re.split(r"\n\s*\n", abstract)]
    return "".join(f"<p>{escape(block)}</p>" for block in blocks if block)
