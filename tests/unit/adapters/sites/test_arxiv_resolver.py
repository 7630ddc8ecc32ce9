"""The arXiv resolver: metadata from a faked API, the paper's text through the real extractor."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.arxiv import ArxivResolver, paper_of
from domain.errors import SiteUnavailable
from tests.support.page_server import make_pdf
from tests.support.site_apis import InProcessExtraction, SiteRouter, fixture_bytes, routed_fetcher

pytestmark = pytest.mark.anyio
API, SITE = "export.arxiv.org", "arxiv.org"
ATOM = {"content-type": "application/atom+xml; charset=utf-8"}
HTML = {"content-type": "text/html; charset=utf-8"}


def with_metadata() -> SiteRouter:
    return SiteRouter().add(
        API, "/api/query", httpx.Response(200, content=fixture_bytes("arxiv_entry.xml"), headers=ATOM)
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://arxiv.org/abs/1706.03762", "1706.03762"),
        ("https://arxiv.org/abs/1706.03762v7", "1706.03762v7"),
        ("https://arxiv.org/pdf/1706.03762v7.pdf", "1706.03762v7"),
        ("https://arxiv.org/pdf/1706.03762", "1706.03762"),
        ("https://arxiv.org/html/2401.00001v1/", "2401.00001v1"),
        ("https://export.arxiv.org/abs/hep-th/9901001", "hep-th/9901001"),
        ("https://arxiv.org/abs/math.GT/0309136", "math.GT/0309136"),
        ("https://arxiv.org/list/cs.CL/recent", None),
        ("https://arxiv.org/abs/", None),
        ("https://notarxiv.org/abs/1706.03762", None),
    ],
)
def test_abs_pdf_and_html_urls_name_the_paper(url: str, expected: str | None) -> None:
    assert paper_of(url) == expected


async def test_a_paper_reads_as_its_metadata_then_its_html_version_through_the_extractor() -> None:
    router = with_metadata().add(
        SITE, "/html/1706.03762v7", httpx.Response(200, content=fixture_bytes("arxiv_paper.html"), headers=HTML)
    )
    extraction = InProcessExtraction()
    page = await ArxivResolver(routed_fetcher(router), extraction).read("https://arxiv.org/pdf/1706.03762v7")
    text = page.markdown
    assert text.startswith("# Attention Is All You Need\n\narXiv:1706.03762v7 · cs.CL · published 2017-06-12\n")
    assert "Authors: Ashish Vaswani, Noam Shazeer, Niki Parmar" in text
    assert "## Abstract\n\nThe dominant sequence transduction models" in text
    assert "## Paper text (from arXiv's HTML version)" in text
    assert "eschewing recurrence" in text and "NAV-ARXIV-LINKS" not in text
    assert router.seen[0].params == {"id_list": "1706.03762v7", "max_results": "1"}
    assert page.url == "https://arxiv.org/abs/1706.03762v7"
    assert [p.content_type for p in extraction.pages] == ["text/html"]


async def test_without_an_html_version_the_pdf_is_read_through_the_pdf_path() -> None:
    pdf = make_pdf(["Attention is all you need, the PDF body text."])
    router = with_metadata().add(
        SITE, "/pdf/1706.03762", httpx.Response(200, content=pdf, headers={"content-type": "application/pdf"})
    )
    page = await ArxivResolver(routed_fetcher(router), InProcessExtraction()).read("https://arxiv.org/abs/1706.03762")
    assert "## Paper text (from the PDF)" in page.markdown
    assert "the PDF body text" in page.markdown
    assert router.paths(SITE) == ["/html/1706.03762", "/pdf/1706.03762"]


async def test_when_no_text_can_be_read_the_abstract_stays_and_says_why() -> None:
    page = await ArxivResolver(routed_fetcher(with_metadata()), InProcessExtraction()).read(
        "https://arxiv.org/abs/1706.03762"
    )
    assert "## Abstract" in page.markdown
    assert (
        "[The paper's text could not be read (arXiv's HTML version: HTTP 404; the PDF: HTTP 404); "
        "the abstract above is all there is.]"
    ) in page.markdown


async def test_an_error_entry_is_a_reason() -> None:
    router = SiteRouter().add(API, "/api/query", httpx.Response(200, content=fixture_bytes("arxiv_error.xml")))
    with pytest.raises(SiteUnavailable) as failed:
        await ArxivResolver(routed_fetcher(router), InProcessExtraction()).read("https://arxiv.org/abs/9999.99999")
    assert failed.value.reason == "it refused the identifier (incorrect id format for 9999.99999)"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (httpx.Response(200, content=b"not xml at all <"), "its answer was not valid XML"),
        (httpx.Response(200, content=b'<feed xmlns="http://www.w3.org/2005/Atom"></feed>'), "no such paper"),
        (httpx.Response(503, content=b"busy"), "HTTP 503, the server failed"),
    ],
)
async def test_a_bad_feed_is_a_reason(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add(API, "/api/query", answer)
    with pytest.raises(SiteUnavailable) as failed:
        await ArxivResolver(routed_fetcher(router), InProcessExtraction()).read("https://arxiv.org/abs/1706.03762")
    assert failed.value.reason == reason
