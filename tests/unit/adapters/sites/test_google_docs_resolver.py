"""Google Docs, Sheets and Slides read through their export links, against a faked docs.google.com."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.google_docs import GoogleDocsResolver, GoogleFile, file_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, routed_fetcher

pytestmark = pytest.mark.anyio
DOC_ID = "1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789_-XyZ"
HOST = "docs.google.com"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (f"https://docs.google.com/document/d/{DOC_ID}/edit", GoogleFile("document", DOC_ID)),
        (f"https://docs.google.com/document/u/1/d/{DOC_ID}/edit?usp=sharing", GoogleFile("document", DOC_ID)),
        (f"https://docs.google.com/document/d/{DOC_ID}", GoogleFile("document", DOC_ID)),
        (f"https://docs.google.com/spreadsheets/d/{DOC_ID}/edit#gid=42", GoogleFile("spreadsheets", DOC_ID, "42")),
        (f"https://docs.google.com/spreadsheets/d/{DOC_ID}/edit?gid=7#gid=7", GoogleFile("spreadsheets", DOC_ID, "7")),
        (f"https://docs.google.com/spreadsheets/d/{DOC_ID}/", GoogleFile("spreadsheets", DOC_ID)),
        (f"https://docs.google.com/presentation/d/{DOC_ID}/edit#slide=id.p", GoogleFile("presentation", DOC_ID)),
        (f"https://docs.google.com/document/d/e/2PACX-{DOC_ID}/pub", None),  # a published copy: a web page
        ("https://docs.google.com/document/d/short/edit", None),
        (f"https://drive.google.com/file/d/{DOC_ID}/view", None),
        (f"https://docs.google.com.evil.example/document/d/{DOC_ID}/edit", None),
        (f"https://docs.google.com/forms/d/{DOC_ID}/viewform", None),
    ],
)
def test_links_to_shared_files_are_recognised(url: str, expected: GoogleFile | None) -> None:
    assert file_of(url) == expected


def answer(text: str, content_type: str) -> httpx.Response:
    return httpx.Response(200, content=text.encode(), headers={"content-type": content_type})


async def test_a_document_reads_as_its_markdown_export() -> None:
    markdown = "# Launch plan\n\n| Step | Owner |\n| --- | --- |\n| Ship | Ada |\n"
    router = SiteRouter().add(HOST, f"/document/d/{DOC_ID}/export", answer(markdown, "text/markdown"))
    url = f"https://docs.google.com/document/d/{DOC_ID}/edit"
    page = await GoogleDocsResolver(routed_fetcher(router)).read(url)
    assert (page.url, page.markdown, page.source, page.note) == (url, markdown, "Google's export link", None)
    (call,) = router.seen
    assert call.params == {"format": "md"}


async def test_a_document_whose_markdown_export_is_refused_reads_as_its_text_export() -> None:
    def export(request: httpx.Request) -> httpx.Response:
        if request.url.params["format"] == "md":
            return httpx.Response(400, content=b"bad format")
        return answer("Launch plan\n\nShip it.", "text/plain")

    router = SiteRouter().add(HOST, f"/document/d/{DOC_ID}/export", export)
    page = await GoogleDocsResolver(routed_fetcher(router)).read(f"https://docs.google.com/document/d/{DOC_ID}/edit")
    assert page.markdown == "Launch plan\n\nShip it.\n"
    assert [call.params["format"] for call in router.seen] == ["md", "txt"]


async def test_a_sheet_reads_as_the_csv_of_the_tab_its_link_names_in_a_fence() -> None:
    router = SiteRouter().add(HOST, f"/spreadsheets/d/{DOC_ID}/export", answer("a,b\n1,```\n", "text/csv"))
    page = await GoogleDocsResolver(routed_fetcher(router)).read(
        f"https://docs.google.com/spreadsheets/d/{DOC_ID}/edit#gid=42"
    )
    assert page.markdown == "````csv\na,b\n1,```\n````\n"
    assert router.seen[0].params == {"format": "csv", "gid": "42"}


async def test_a_presentation_reads_as_its_text_export() -> None:
    router = SiteRouter().add(
        HOST, f"/presentation/d/{DOC_ID}/export/txt", answer("\ufeffRoadmap\n\nQ1: relay\n", "text/plain")
    )
    page = await GoogleDocsResolver(routed_fetcher(router)).read(
        f"https://docs.google.com/presentation/d/{DOC_ID}/edit"
    )
    assert page.markdown == "Roadmap\n\nQ1: relay\n"


async def test_a_file_not_shared_publicly_is_a_reason_not_the_sign_in_page() -> None:
    sign_in = "https://accounts.google.com/ServiceLogin?continue=https://docs.google.com/document/d/x"
    router = (
        SiteRouter()
        .add(HOST, f"/document/d/{DOC_ID}/export", httpx.Response(302, headers={"location": sign_in}))
        .add("accounts.google.com", "/ServiceLogin", answer("<html><body>Sign in</body></html>", "text/html"))
    )
    with pytest.raises(SiteUnavailable) as refused:
        await GoogleDocsResolver(routed_fetcher(router)).read(f"https://docs.google.com/document/d/{DOC_ID}/edit")
    assert refused.value.reason == "the document is not shared publicly: Google asks to sign in"


@pytest.mark.parametrize(
    ("response", "reason"),
    [
        (httpx.Response(404, content=b"gone"), "no such document, or it is not shared"),
        (httpx.Response(403, content=b"no"), "the document is not shared publicly: Google asks to sign in"),
        (httpx.Response(500, content=b"oops"), "HTTP 500, the server failed"),
        (answer("<html><body>An app shell</body></html>", "text/html"),
         "Google answered with a web page, not the document's text"),
        (answer("  \n", "text/markdown"), "the document is empty"),
    ],
)  # fmt: skip
async def test_what_is_not_the_files_text_is_a_reason(response: httpx.Response, reason: str) -> None:
    router = SiteRouter().add(HOST, f"/document/d/{DOC_ID}/export", response)
    with pytest.raises(SiteUnavailable) as refused:
        await GoogleDocsResolver(routed_fetcher(router)).read(f"https://docs.google.com/document/d/{DOC_ID}/edit")
    assert refused.value.reason == reason


async def test_a_file_over_the_download_cap_says_its_end_is_missing() -> None:
    router = SiteRouter().add(HOST, f"/document/d/{DOC_ID}/export", answer("word " * 5_000, "text/markdown"))
    page = await GoogleDocsResolver(routed_fetcher(router, max_body_bytes=10_000)).read(
        f"https://docs.google.com/document/d/{DOC_ID}/edit"
    )
    assert page.truncated and page.note == "Its end is missing: the file was larger than the download cap."
