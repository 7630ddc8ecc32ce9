"""DOI links read as their registry's record (Crossref, else DataCite), with the publisher's page when it gives text."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest

from adapters.sites.doi import DoiResolver, doi_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import InProcessExtraction, SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
DOI = "10.5555/relay.2026.0042"
URL = f"https://doi.org/{DOI}"
ARTICLE = (
    "<html><head><title>Failover you can prove</title></head><body><nav>Journal home Sign in</nav><main><article>"
    "<h1>Failover you can prove</h1>"
    + "".join(f"<p>Section {n} shows how the relay fails over between providers, with every attempt recorded.</p>"
              for n in range(12))
    + "</article></main></body></html>"
)  # fmt: skip
RECORD = f"""\
# Failover you can prove: hedged search for agents

Ada Lovelace, Bob Hopper, The Relay Consortium

*Journal of Agent Tools* · 2026-03-14 · Relay Press · DOI [{DOI}](https://doi.org/{DOI}) · journal article
Cited by 12 · 48 references · licence: https://creativecommons.org/licenses/by/4.0/
Subjects: Computer Science

## Abstract

Agents need search that *fails over*.

We prove it does.
"""


def _router(publisher: httpx.Response | None = None) -> SiteRouter:
    return (
        SiteRouter()
        .add("api.crossref.org", f"/works/{DOI}", json_answer(fixture("crossref_work")))
        .add("doi.org", f"/{DOI}", httpx.Response(302, headers={"location": "https://journal.example/article/42"}))
        .add("journal.example", "/article/42", publisher or httpx.Response(
            200, content=ARTICLE.encode(), headers={"content-type": "text/html"}))
    )  # fmt: skip


@pytest.mark.parametrize(
    ("url", "doi"),
    [
        (URL, DOI),
        (f"http://dx.doi.org/{DOI}", DOI),
        (f"https://doi.org/doi:{DOI}", DOI),
        ("https://doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO;2-O",
         "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"),
        ("https://doi.org/", None),
        ("https://doi.org/about", None),
        ("https://doi.org/11.5555/x", None),
        (f"https://example.org/{DOI}", None),
    ],
)  # fmt: skip
def test_doi_links_say_which_work_they_name(url: str, doi: str | None) -> None:
    assert doi_of(url) == doi


async def test_a_work_reads_as_its_record_with_the_publishers_page_under_it() -> None:
    router = _router()

    page = await DoiResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert page.markdown.startswith(
        RECORD + "\n## The publisher's page\n\n### Failover you can prove\n\nSection 0 shows"
    )
    assert (page.url, page.source, page.note) == (URL, "the DOI's registry (Crossref)", None)


@pytest.mark.parametrize(
    ("publisher", "why"),
    [
        (httpx.Response(403, content=b"<html>Are you a robot?</html>", headers={"content-type": "text/html"}),
         "HTTP 403"),
        (httpx.Response(200, content=b"<html><body><main><p>Sign in to read this article.</p></main></body></html>",
                        headers={"content-type": "text/html"}), "6 words, fewer than the record holds"),
    ],
)  # fmt: skip
async def test_a_publishers_wall_leaves_the_record_and_says_why(publisher: httpx.Response, why: str) -> None:
    page = await DoiResolver(routed_fetcher(_router(publisher)), InProcessExtraction()).read(URL)
    assert page.markdown == RECORD
    assert page.note == f"the publisher's page gave no text ({why}); this is the Crossref record"


async def test_a_publisher_that_does_not_answer_in_time_leaves_the_record() -> None:
    async def hanging(request: httpx.Request) -> httpx.Response:
        await anyio.sleep(30)
        return httpx.Response(200)

    router = _router().add("journal.example", "/article/42", hanging)
    with anyio.fail_after(5):  # the read's deadline, as the page reader sets it
        with anyio.CancelScope(deadline=anyio.current_time() + 1.5):
            page = await DoiResolver(routed_fetcher(router), InProcessExtraction()).read(URL)
    assert page.markdown == RECORD
    assert page.note == "the publisher's page gave no text (it did not answer in time); this is the Crossref record"


async def test_a_doi_crossref_does_not_know_is_asked_of_datacite() -> None:
    doi = "10.5281/zenodo.1234567"
    router = SiteRouter().add("api.datacite.org", f"/dois/{doi}", json_answer(fixture("datacite_doi")))

    page = await DoiResolver(routed_fetcher(router), InProcessExtraction()).read(f"https://doi.org/{doi}")

    assert page.markdown == (
        "# Relay failover traces\n\nAda Lovelace\n\n"
        f"2025-06-01 · Zenodo · DOI [{doi}](https://doi.org/{doi}) · Dataset\n"
        "Cited by 3 · licence: https://creativecommons.org/licenses/by/4.0/legalcode\n\n"
        "## Abstract\n\nTraces of 10,000 failovers.\n"
    )
    assert page.source == "the DOI's registry (DataCite)"
    assert [seen.host for seen in router.seen if "api." in seen.host] == ["api.crossref.org", "api.datacite.org"]


async def test_a_doi_no_registry_knows_is_left_to_the_usual_reading() -> None:
    with pytest.raises(SiteUnavailable, match="neither Crossref nor DataCite has a record of it"):
        await DoiResolver(routed_fetcher(SiteRouter()), InProcessExtraction()).read(URL)


def _with_preprint(router: SiteRouter) -> SiteRouter:
    """The record relates an arXiv preprint; arXiv's API and the paper's HTML version answer for it."""
    from tests.support.site_apis import fixture_bytes

    record = fixture("crossref_work")
    record["message"]["relation"] = {
        "has-preprint": [{"id-type": "doi", "id": "10.48550/arXiv.1706.03762", "asserted-by": "subject"}]
    }
    router.add("api.crossref.org", f"/works/{DOI}", json_answer(record))
    router.add(
        "export.arxiv.org",
        "/api/query",
        httpx.Response(200, content=fixture_bytes("arxiv_entry.xml"), headers={"content-type": "application/atom+xml"}),
    )
    html = b"<html><body><main><article><h1>Attention</h1>" + b"<p>The preprint's full text, read.</p>" * 30
    router.add(
        "arxiv.org",
        "/html/1706.03762",
        httpx.Response(200, content=html + b"</article></main></body></html>", headers={"content-type": "text/html"}),
    )
    return router  # fmt: skip


def _resolver(router: SiteRouter) -> DoiResolver:
    from adapters.sites.arxiv import ArxivResolver

    fetcher, extraction = routed_fetcher(router), InProcessExtraction()
    return DoiResolver(fetcher, extraction, preprints=ArxivResolver(fetcher, extraction))


async def test_a_walled_work_with_an_arxiv_preprint_reads_the_preprint_under_its_record() -> None:
    router = _with_preprint(_router(httpx.Response(403)))

    page = await _resolver(router).read(URL)

    assert page.markdown.startswith(RECORD + "\n## Its preprint (arXiv:1706.03762)\n\n### ")
    assert "The preprint's full text, read." in page.markdown
    assert (
        page.note == "the publisher's page gave no text (HTTP 403); its preprint on arXiv (1706.03762) is read instead"
    )


async def test_a_readable_publishers_page_is_preferred_to_the_preprint() -> None:
    router = _with_preprint(_router())
    page = await _resolver(router).read(URL)
    assert "## The publisher's page" in page.markdown and "Its preprint" not in page.markdown
    assert router.paths("export.arxiv.org") == [] and router.paths("arxiv.org") == []


async def test_an_arxiv_doi_reads_as_the_arxiv_paper() -> None:
    router = _with_preprint(SiteRouter())
    page = await _resolver(router).read("https://doi.org/10.48550/arXiv.1706.03762")
    assert page.source == "the arXiv API" and "The preprint's full text, read." in page.markdown


EPMC = "www.ebi.ac.uk"


def _with_open_copy(router: SiteRouter, open_access: str = "Y") -> SiteRouter:
    from tests.unit.adapters.sites.test_jats_text import ARTICLE

    body = ARTICLE.replace(b"<p>Providers fail.</p>", b"<p>" + b"Providers fail in many ways. " * 40 + b"</p>")
    hit = {"hitCount": 1, "resultList": {"result": [{"doi": DOI, "pmcid": "PMC7654321", "isOpenAccess": open_access}]}}
    router.add(EPMC, "/europepmc/webservices/rest/search", json_answer(hit))
    router.add(EPMC, "/europepmc/webservices/rest/PMC7654321/fullTextXML",
               httpx.Response(200, content=body, headers={"content-type": "application/xml"}))  # fmt: skip
    return router


async def test_a_walled_open_access_work_reads_its_europe_pmc_text_under_its_record() -> None:
    router = _with_open_copy(_router(httpx.Response(403)))

    page = await DoiResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert page.markdown.startswith(
        RECORD + "\n## Its open-access text (Europe PMC, PMC7654321)\n\n### Introduction\n\nAgents need search"
    )
    assert page.note == (
        "the publisher's page gave no text (HTTP 403); its open-access text in Europe PMC (PMC7654321) is read instead"
    )
    search = next(seen for seen in router.seen if seen.path.endswith("/search"))
    assert search.params["query"] == f'DOI:"{DOI}"'


async def test_a_work_europe_pmc_holds_without_open_access_leaves_the_record() -> None:
    router = _with_open_copy(_router(httpx.Response(403)), open_access="N")
    page = await DoiResolver(routed_fetcher(router), InProcessExtraction()).read(URL)
    assert page.markdown == RECORD
    assert "fullTextXML" not in " ".join(router.paths())


async def test_the_doi_asked_is_the_one_used_whatever_the_record_says() -> None:
    record = fixture("crossref_work")
    record["message"]["DOI"] = "\x0c\ud800"  # a mangled answer: its own DOI cannot be sent anywhere
    answer = httpx.Response(200, content=json.dumps(record).encode(), headers={"content-type": "application/json"})
    router = _router(httpx.Response(403)).add("api.crossref.org", f"/works/{DOI}", answer)

    page = await DoiResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert page.url == URL and f"DOI [{DOI}](https://doi.org/{DOI})" in page.markdown
    search = next(seen for seen in router.seen if seen.path.endswith("/search"))
    assert search.params["query"] == f'DOI:"{DOI}"'


def test_a_records_fields_stay_on_their_lines_and_its_doi_one_link() -> None:
    from adapters.sites.doi_works import Work, answered_doi, work_markdown

    assert answered_doi("10.1234/relay") == "10.1234/relay"
    assert answered_doi("10.1234/x\ud800") == ""  # no request or link can carry it
    assert answered_doi("10.1234/a\n# Injected") == ""
    assert answered_doi(42) == ""
    work = Work(
        doi="10.1234/x)[evil](https://evil.example",
        title="Relay\n# Injected title",
        authors=["Ada\n- Lovelace"],
        venue="J\n\n# Venue",
        published="2026\n## Date",
    )
    said = work_markdown(work, None)
    assert said.startswith("# Relay # Injected title\n\nAda - Lovelace\n\n*J # Venue* · 2026 ## Date · DOI [")
    assert "\n#" not in said.split("\n", 1)[1]


def test_a_licence_that_is_no_address_is_left_out() -> None:
    from adapters.sites.doi_works import Work, work_markdown

    work = Work(doi="10.1234/relay", title="Relay", licence="https://cc.example/by\n\n# Injected", cited_by=3)
    said = work_markdown(work, None)
    assert "# Injected" not in said and "licence" not in said
