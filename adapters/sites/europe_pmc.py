"""Biomedical papers on PubMed, PubMed Central and Europe PMC, read through Europe PMC's REST API: the record,
and the full text when the paper is open access.

A PubMed page shows a paper's abstract; a PubMed Central article page is its full text in a
page of chrome, and both sites ask readers that are not browsers to prove they are not robots.
Europe PMC mirrors both and answers without an account: ``/search?query=...&resultType=core``
gives the record (title, authors, journal, date, identifiers, citations, abstract) and, for the
papers PubMed Central holds open access, ``/{PMCID}/fullTextXML`` their full text in JATS,
written by ``jats_text``.
"""

from __future__ import annotations

import re
from typing import Any

import anyio

from adapters.json_fields import number, obj, objs, text
from adapters.pages.xml_text import XmlUnreadable
from adapters.sites.api_calls import GuardedCaller, call_file, call_json, with_query
from adapters.sites.doi_works import Work, answered_doi, work_markdown
from adapters.sites.jats_text import jats_body_markdown
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_API_URL = "https://www.ebi.ac.uk/europepmc/webservices/rest"
_PMC_PATH = re.compile(r"/(?:pmc/)?articles/(PMC[0-9]{1,10})/?(?:.*)")
_EUROPE_PMC_PATH = re.compile(r"/(?:article|abstract)/(MED|PMC)/((?:PMC)?[0-9]{1,10})/?")
_PUBMED_PATH = re.compile(r"/([0-9]{1,10})/?")
_PMCID = re.compile(r"PMC[0-9]{1,10}")
_HOSTS = frozenset({"pmc.ncbi.nlm.nih.gov", "www.ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov", "pubmed.ncbi.nlm.nih.gov",
                    "europepmc.org", "www.europepmc.org"})  # fmt: skip


def paper_of(url: str) -> tuple[str, str] | None:
    """Pure: ("PMCID", "PMC123") or ("PMID", "123") for a PubMed, PubMed Central or Europe PMC paper's URL."""
    parsed = on_hosts(url, lambda host: host in _HOSTS)
    if parsed is None:
        return None
    host = parsed.host.lower()
    if host in ("pmc.ncbi.nlm.nih.gov", "www.ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov"):
        found = _PMC_PATH.fullmatch(parsed.path)
        if found is None or (host != "pmc.ncbi.nlm.nih.gov" and not parsed.path.startswith("/pmc/")):
            return None
        return "PMCID", found.group(1)
    if host in ("pubmed.ncbi.nlm.nih.gov",):
        found = _PUBMED_PATH.fullmatch(parsed.path)
        return ("PMID", found.group(1)) if found else None
    found = _EUROPE_PMC_PATH.fullmatch(parsed.path)
    if found is None:
        return None
    source, ident = found.groups()
    if source == "PMC":
        return ("PMCID", ident if ident.startswith("PMC") else f"PMC{ident}")
    return ("PMID", ident) if ident.isdigit() else None


class EuropePmcResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Europe PMC's API"

    def __init__(self, caller: GuardedCaller, *, api_url: str = DEFAULT_API_URL) -> None:
        self._caller = caller
        self._api_url = api_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return paper_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        paper = paper_of(url)
        if paper is None:
            raise SiteUnavailable("not a PubMed, PubMed Central or Europe PMC paper")
        kind, ident = paper
        query = f"PMCID:{ident}" if kind == "PMCID" else f"EXT_ID:{ident} AND SRC:MED"
        hit = await first_hit(self._caller, self._api_url, query, "core")
        work = _work(hit)
        if work is None:
            raise SiteUnavailable("Europe PMC has no record of it")
        pmcid = open_pmcid(hit)
        body, why = "", ""
        if pmcid is not None:
            try:
                body = await full_text(self._caller, self._api_url, pmcid)
                why = "" if body else "its full text was empty or larger than the download cap"
            except (SiteUnavailable, XmlUnreadable) as failed:
                why = f"its full text could not be read ({getattr(failed, 'reason', 'not XML')})"
        instead = (f"Full text (PubMed Central, {pmcid})", body) if body else None
        markdown = await anyio.to_thread.run_sync(lambda: work_markdown(work, None, instead))
        note = why or (
            None
            if body
            else "the paper is not open access in PubMed Central: the record and abstract are what there is"
        )
        return ResolvedPage(url, markdown, self.site, note=note)


async def first_hit(caller: GuardedCaller, api_url: str, query: str, result_type: str) -> dict[str, Any]:
    """The first record Europe PMC's search gives for ``query`` ("lite" or "core" fields); {} for none."""
    answer = obj(await call_json(caller, with_query(f"{api_url}/search", {
        "query": query, "format": "json", "resultType": result_type, "pageSize": "1"})))  # fmt: skip
    return next(iter(objs(obj(answer, "resultList").get("result"))), {})


def open_pmcid(hit: dict[str, Any]) -> str | None:
    """The PMCID of a record PubMed Central holds open access (so its full text can be read), else None."""
    pmcid = text(hit.get("pmcid"))
    return pmcid if _PMCID.fullmatch(pmcid) and hit.get("isOpenAccess") == "Y" else None


async def full_text(caller: GuardedCaller, api_url: str, pmcid: str) -> str:
    """An open-access paper's body as Markdown, "" when it is empty or past the download cap; raises
    ``SiteUnavailable`` or ``XmlUnreadable``."""
    answer = await call_file(caller, f"{api_url}/{pmcid}/fullTextXML")
    if answer.truncated:  # the start of an XML document is not one
        return ""
    return await anyio.to_thread.run_sync(lambda: jats_body_markdown(answer.body))


def _work(hit: dict[str, Any]) -> Work | None:
    title = " ".join(text(hit.get("title")).split()).rstrip(".")
    if not title:
        return None
    journal = obj(hit, "journalInfo")
    identifiers = [f"PMID {text(hit.get('pmid'))}" if text(hit.get("pmid")) else "",
                   f"PMCID {text(hit.get('pmcid'))}" if text(hit.get("pmcid")) else ""]  # fmt: skip
    return Work(
        doi=answered_doi(hit.get("doi")),
        title=title,
        authors=[name.strip() for name in text(hit.get("authorString")).rstrip(".").split(",") if name.strip()],
        venue=" ".join(text(obj(journal, "journal").get("title")).split()),
        published=_date(hit),
        kind="",
        abstract=text(hit.get("abstractText")),
        licence="",
        cited_by=number(hit.get("citedByCount")),
        registry="Europe PMC",
        identifiers=[identifier for identifier in identifiers if identifier],
    )


def _date(hit: dict[str, Any]) -> str:
    """The first publication's day, else the year, when the answer holds one."""
    day = text(hit.get("firstPublicationDate"))[:10]
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
        return day
    year = text(hit.get("pubYear"))
    return year if re.fullmatch(r"[0-9]{4}", year) else ""
