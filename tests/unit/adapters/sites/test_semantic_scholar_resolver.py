"""Semantic Scholar papers through its Graph API, against faked answers written in the API's documented
shape: the record, its one-sentence summary, and the paper's text where it is open."""

from __future__ import annotations

import json

import httpx
import pytest
from pydantic import SecretStr

from adapters.sites.arxiv import ArxivResolver
from adapters.sites.semantic_scholar import FIELDS, SemanticScholarResolver, paper_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import InProcessExtraction, SiteRouter, fixture, fixture_bytes, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "api.semanticscholar.org"
PAPER = "0123456789abcdef0123456789abcdef01234567"
URL = f"https://www.semanticscholar.org/paper/Failover-you-can-prove-Lovelace-Hopper/{PAPER}"
RECORD = """\
# Failover you can prove: hedged search for agents

Ada Lovelace, Bob Hopper

*Journal of Agent Tools* · 2026-03-14 · DOI [10.5555/relay.2026.0042](https://doi.org/10.5555/relay.2026.0042) \
· journal article · arXiv 1706.03762 · DBLP journals/relay/Lovelace26 · Corpus ID 13756489
Cited by 1,200 · 48 references
Subjects: Computer Science

**In one sentence** (Semantic Scholar's TLDR): A relay that fails over between search providers, \
and a proof that it does.

## Abstract

Agents need search that fails over.

We prove it does, with every attempt recorded.
"""
PDF_PAGE = (
    b"<html><body><main><article><h1>Failover you can prove</h1>"
    + b"<p>The open copy's full text explains each failover, with its recorded attempts.</p>" * 20
    + b"</article></main></body></html>"
)


@pytest.mark.parametrize(
    ("url", "paper"),
    [
        (URL, PAPER),
        (f"https://semanticscholar.org/paper/{PAPER}", PAPER),
        (f"https://www.semanticscholar.org/reader/{PAPER.upper()}", PAPER),
        ("https://www.semanticscholar.org/arxiv/1706.03762", "arXiv:1706.03762"),
        ("https://www.semanticscholar.org/author/Ada-Lovelace/1", None),
        ("https://www.semanticscholar.org/search?q=relay", None),
        ("https://www.semanticscholar.org/paper/not-an-id", None),
        (f"https://api.semanticscholar.org/graph/v1/paper/{PAPER}", None),
    ],
)
def test_paper_addresses_say_which_paper_they_show(url: str, paper: str | None) -> None:
    assert paper_of(url) == paper


def _router(answer: dict[str, object] | None = None) -> SiteRouter:
    return SiteRouter().add(API, f"/graph/v1/paper/{PAPER}", json_answer(answer or fixture("s2_paper")))


def _without_arxiv() -> dict[str, object]:
    paper = fixture("s2_paper")
    del paper["externalIds"]["ArXiv"]
    return paper


async def test_the_record_and_its_arxiv_preprint_are_read() -> None:
    router = _router()
    router.add(
        "export.arxiv.org",
        "/api/query",
        httpx.Response(200, content=fixture_bytes("arxiv_entry.xml"), headers={"content-type": "application/atom+xml"}),
    )
    html = b"<html><body><main><article><h1>Attention</h1>" + b"<p>The preprint's full text, read.</p>" * 30
    router.add("arxiv.org", "/html/1706.03762", httpx.Response(
        200, content=html + b"</article></main></body></html>", headers={"content-type": "text/html"}))  # fmt: skip
    fetcher, extraction = routed_fetcher(router), InProcessExtraction()
    resolver = SemanticScholarResolver(fetcher, extraction, preprints=ArxivResolver(fetcher, extraction))

    page = await resolver.read(URL)

    assert page.markdown.startswith(RECORD + "\n## Its preprint (arXiv:1706.03762)\n\n### ")
    assert "The preprint's full text, read." in page.markdown
    assert page.note == "the paper's text is its preprint on arXiv (1706.03762)"
    assert page.url == f"https://www.semanticscholar.org/paper/{PAPER}"
    assert page.source == "the Semantic Scholar API"
    assert router.seen[0].params == {"fields": FIELDS}
    assert "x-api-key" not in router.seen[0].headers


async def test_without_a_preprint_the_open_access_pdf_is_read() -> None:
    router = _router(_without_arxiv())
    router.add(
        "papers.example", "/relay.pdf", httpx.Response(200, content=PDF_PAGE, headers={"content-type": "text/html"})
    )

    page = await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert "\n## Its open-access PDF (papers.example)\n\n### Failover you can prove" in page.markdown
    assert page.note == "the paper's text is its open-access PDF, from papers.example"


async def test_without_an_open_text_the_record_stands_alone_and_says_so() -> None:
    paper = _without_arxiv()
    paper["openAccessPdf"] = {"url": "", "status": None}
    router = _router(paper)
    router.add(
        "www.ebi.ac.uk",
        "/europepmc/webservices/rest/search",
        json_answer({"hitCount": 0, "resultList": {"result": []}}),
    )

    page = await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert page.markdown.endswith("We prove it does, with every attempt recorded.\n")
    assert page.note == "no open text of the paper could be read; this is its record"


async def test_a_pdf_behind_a_wall_leaves_the_record() -> None:
    router = _router(_without_arxiv())
    router.add("papers.example", "/relay.pdf", httpx.Response(403, headers={"cf-mitigated": "challenge"}))
    router.add("www.ebi.ac.uk", "/europepmc/webservices/rest/search", json_answer({"hitCount": 0}))
    page = await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)
    assert "## Abstract" in page.markdown and "open-access PDF" not in page.markdown
    assert page.note == "no open text of the paper could be read; this is its record"


async def test_the_key_is_sent_and_never_shown() -> None:
    router = SiteRouter().add(API, f"/graph/v1/paper/{PAPER}", httpx.Response(
        403, json={"message": "Forbidden for key s2-secret-key-123"}))  # fmt: skip
    resolver = SemanticScholarResolver(
        routed_fetcher(router), InProcessExtraction(), key=SecretStr("s2-secret-key-123")
    )

    with pytest.raises(SiteUnavailable) as refused:
        await resolver.read(URL)

    assert router.seen[0].headers["x-api-key"] == "s2-secret-key-123"
    assert "s2-secret-key-123" not in refused.value.reason
    assert refused.value.reason.startswith("HTTP 403")


async def test_the_shared_rate_limit_is_said() -> None:
    router = SiteRouter().add(API, f"/graph/v1/paper/{PAPER}", httpx.Response(
        429, json={"message": "Too Many Requests. Please wait and try again or apply for a key"}))  # fmt: skip
    with pytest.raises(SiteUnavailable, match="HTTP 429, rate limit reached"):
        await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)


async def test_an_answer_without_a_paper_is_refused() -> None:
    router = _router({"paperId": PAPER, "title": None})
    with pytest.raises(SiteUnavailable, match="no paper"):
        await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)


async def test_a_doi_no_request_can_carry_is_no_doi() -> None:
    paper = _without_arxiv()
    paper["externalIds"]["DOI"] = "10.5555/relay\ud800"
    paper["openAccessPdf"] = None
    router = SiteRouter().add(API, f"/graph/v1/paper/{PAPER}", httpx.Response(
        200, content=json.dumps(paper).encode(), headers={"content-type": "application/json"}))  # fmt: skip

    page = await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert "DOI [" not in page.markdown
    assert router.paths("www.ebi.ac.uk") == []  # Europe PMC is asked by DOI: there is none to ask with


def test_a_query_value_no_request_can_carry_is_a_plain_failure() -> None:
    from adapters.sites.api_calls import with_query

    assert with_query("https://api.example/search", {"q": "relay"}) == "https://api.example/search?q=relay"
    with pytest.raises(SiteUnavailable, match="cannot be sent in a request"):
        with_query("https://api.example/search", {"q": "DOI:\ud800"})


def test_more_paper_addresses() -> None:
    assert paper_of("https://www.semanticscholar.org/arxiv/hep-th/9901001") == "arXiv:hep-th/9901001"
    assert paper_of("https://www.semanticscholar.org/arxiv/1706.03762v5") == "arXiv:1706.03762"
    assert paper_of("https://api.semanticscholar.org/CorpusID:13756489") == "CorpusId:13756489"


async def test_the_key_is_masked_before_the_apis_message_is_cut() -> None:
    key = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd"
    message = "x" * 140 + f" key {key} is over its quota"
    router = SiteRouter().add(API, f"/graph/v1/paper/{PAPER}", httpx.Response(403, json={"message": message}))
    resolver = SemanticScholarResolver(routed_fetcher(router), InProcessExtraction(), key=SecretStr(key))
    with pytest.raises(SiteUnavailable) as refused:
        await resolver.read(URL)
    assert key[:6] not in refused.value.reason and "***" in refused.value.reason


async def test_the_key_goes_to_the_api_alone() -> None:
    router = _router(_without_arxiv())
    router.add(
        "papers.example", "/relay.pdf", httpx.Response(200, content=PDF_PAGE, headers={"content-type": "text/html"})
    )
    resolver = SemanticScholarResolver(routed_fetcher(router), InProcessExtraction(), key=SecretStr("s2-key-1234"))
    await resolver.read(URL)
    assert [s.host for s in router.seen if "x-api-key" in s.headers] == [API]


async def test_an_answers_values_cannot_write_markdown_of_their_own() -> None:
    paper = _without_arxiv()
    paper["externalIds"]["DOI"] = "10.1234/x)[evil](https://evil.example"
    paper["externalIds"]["PubMedCentral"] = "2323736"
    paper["publicationDate"] = "2026\n\n# Injected"
    paper["publicationTypes"] = ["Journal\n\n# Article"]
    paper["openAccessPdf"] = None
    router = SiteRouter().add(API, f"/graph/v1/paper/{PAPER}", json_answer(paper))
    router.add("www.ebi.ac.uk", "/europepmc/webservices/rest/search", json_answer({"hitCount": 0}))

    page = await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)

    assert "\n# Injected" not in page.markdown and "\n# Article" not in page.markdown
    assert "· 2026 ·" in page.markdown  # the year, where the date was no date
    assert "DOI [10.1234/x)\\[evil\\](https://evil.example](https://doi.org/10.1234/x%29%5Bevil%5D%28" in page.markdown
    assert "PMCID PMC2323736" in page.markdown


async def test_an_open_pdf_link_that_lands_on_a_sign_in_page_is_no_text() -> None:
    sign_in = b"<html><body><main><h1>Sign in</h1>" + b"<p>Sign in to read the paper and more.</p>" * 40
    router = _router(_without_arxiv())
    router.add("papers.example", "/relay.pdf", httpx.Response(302, headers={"location": "/login?next=/relay.pdf"}))
    router.add("papers.example", "/login", httpx.Response(200, content=sign_in + b"</main></body></html>",
                                                          headers={"content-type": "text/html"}))  # fmt: skip
    router.add("www.ebi.ac.uk", "/europepmc/webservices/rest/search", json_answer({"hitCount": 0}))
    page = await SemanticScholarResolver(routed_fetcher(router), InProcessExtraction()).read(URL)
    assert "Sign in to read" not in page.markdown
    assert page.note == "no open text of the paper could be read; this is its record"
