"""PubMed, PubMed Central and Europe PMC papers read through Europe PMC's API, against a faked one."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.europe_pmc import EuropePmcResolver, paper_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, json_answer, routed_fetcher
from tests.unit.adapters.sites.test_jats_text import ARTICLE

pytestmark = pytest.mark.anyio
API = "www.ebi.ac.uk"
SEARCH = "/europepmc/webservices/rest/search"
HIT = {
    "id": "7654321", "source": "MED", "pmid": "7654321", "pmcid": "PMC7654321", "doi": "10.5555/relay.2026.0042",
    "title": "Hedged search for clinical questions.", "authorString": "Lovelace A, Hopper B.",
    "journalInfo": {"journal": {"title": "Journal of Agent Tools"}}, "pubYear": "2026",
    "firstPublicationDate": "2026-03-14", "abstractText": "<h4>Background</h4>Agents search.<h4>Results</h4>It works.",
    "isOpenAccess": "Y", "citedByCount": 4,
}  # fmt: skip


def _router(hit: dict[str, object] | None = None) -> SiteRouter:
    found = {"hitCount": 1, "resultList": {"result": [hit or HIT]}}
    return (
        SiteRouter()
        .add(API, SEARCH, json_answer(found))
        .add(API, "/europepmc/webservices/rest/PMC7654321/fullTextXML",
             httpx.Response(200, content=ARTICLE, headers={"content-type": "application/xml"}))
    )  # fmt: skip


@pytest.mark.parametrize(
    ("url", "paper"),
    [
        ("https://pmc.ncbi.nlm.nih.gov/articles/PMC7654321/", ("PMCID", "PMC7654321")),
        ("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7654321/", ("PMCID", "PMC7654321")),
        ("https://pubmed.ncbi.nlm.nih.gov/7654321/", ("PMID", "7654321")),
        ("https://europepmc.org/article/MED/7654321", ("PMID", "7654321")),
        ("https://europepmc.org/article/PMC/PMC7654321", ("PMCID", "PMC7654321")),
        ("https://europepmc.org/abstract/MED/7654321", ("PMID", "7654321")),
        ("https://www.ncbi.nlm.nih.gov/articles/PMC7654321/", None),
        ("https://pubmed.ncbi.nlm.nih.gov/?term=relay", None),
        ("https://europepmc.org/search?query=relay", None),
    ],
)
def test_paper_urls_say_which_paper_they_show(url: str, paper: tuple[str, str] | None) -> None:
    assert paper_of(url) == paper


async def test_an_open_access_paper_reads_as_its_record_and_full_text() -> None:
    router = _router()

    page = await EuropePmcResolver(routed_fetcher(router)).read("https://pubmed.ncbi.nlm.nih.gov/7654321/")

    assert page.markdown.startswith(
        "# Hedged search for clinical questions\n\nLovelace A, Hopper B\n\n*Journal of Agent Tools* · 2026-03-14 · "
        "DOI [10.5555/relay.2026.0042](https://doi.org/10.5555/relay.2026.0042) · PMID 7654321 · PMCID PMC7654321\n"
        "Cited by 4\n\n## Abstract\n\n"
    )
    assert "## Full text (PubMed Central, PMC7654321)\n\n### Introduction\n\nAgents need search" in page.markdown
    assert page.note is None
    assert router.seen[0].params["query"] == "EXT_ID:7654321 AND SRC:MED"


async def test_a_paper_that_is_not_open_access_reads_as_its_record_and_says_so() -> None:
    router = _router({**HIT, "isOpenAccess": "N"})
    page = await EuropePmcResolver(routed_fetcher(router)).read("https://pmc.ncbi.nlm.nih.gov/articles/PMC7654321/")
    assert "## Full text" not in page.markdown and "It works." in page.markdown
    assert page.note == "the paper is not open access in PubMed Central: the record and abstract are what there is"
    assert router.seen[0].params["query"] == "PMCID:PMC7654321"


async def test_a_paper_europe_pmc_does_not_know_is_left_to_the_page() -> None:
    router = SiteRouter().add(API, SEARCH, json_answer({"hitCount": 0, "resultList": {"result": []}}))
    with pytest.raises(SiteUnavailable, match="Europe PMC has no record of it"):
        await EuropePmcResolver(routed_fetcher(router)).read("https://pubmed.ncbi.nlm.nih.gov/1/")
