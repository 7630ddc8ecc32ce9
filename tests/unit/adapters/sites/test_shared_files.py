"""Files shared by link on Google Drive and Dropbox, read from their download addresses."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.shared_files import SharedFileResolver, download_url
from domain.errors import SiteUnavailable
from tests.support.office_files import make_docx
from tests.support.page_server import make_pdf
from tests.support.site_apis import InProcessExtraction, SiteRouter, routed_fetcher

pytestmark = pytest.mark.anyio
FILE_ID = "1AbCdEfGhIjKlMnOpQrStUvWxYz"
DRIVE_LINK = f"https://drive.google.com/file/d/{FILE_ID}/view?usp=sharing"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (DRIVE_LINK, f"https://drive.google.com/uc?export=download&id={FILE_ID}"),
        (
            f"https://drive.google.com/file/u/1/d/{FILE_ID}/edit",
            f"https://drive.google.com/uc?export=download&id={FILE_ID}",
        ),
        (f"https://drive.google.com/open?id={FILE_ID}", f"https://drive.google.com/uc?export=download&id={FILE_ID}"),
        (
            "https://www.dropbox.com/scl/fi/k3y9abc/report.pdf?rlkey=r1&dl=0#page=2",
            "https://www.dropbox.com/scl/fi/k3y9abc/report.pdf?rlkey=r1&dl=1",
        ),
        ("https://dropbox.com/s/k3y9abc/deck.pptx", "https://www.dropbox.com/s/k3y9abc/deck.pptx?dl=1"),
        ("https://www.dropbox.com/sh/k3y9abc/AAB?dl=0", None),  # a folder: a zip of everything in it
        (f"https://drive.google.com/drive/folders/{FILE_ID}", None),
        ("https://drive.google.com/file/d/short/view", None),
        ("https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/edit", None),  # the Google Docs reader's
    ],
)
def test_shared_links_say_where_the_file_itself_is(url: str, expected: str | None) -> None:
    assert download_url(url) == expected


async def test_a_shared_pdf_on_drive_reads_as_its_text_after_the_redirect() -> None:
    moved = httpx.Response(303, headers={"location": "https://drive.usercontent.google.com/download?id=x"})
    pdf = httpx.Response(200, content=make_pdf(["Quarterly relay report"]), headers={"content-type": "application/pdf"})
    router = SiteRouter().add("drive.google.com", "/uc", moved).add("drive.usercontent.google.com", "/download", pdf)
    page = await SharedFileResolver(routed_fetcher(router), InProcessExtraction()).read(DRIVE_LINK)
    assert "Quarterly relay report" in page.markdown
    assert page.url == DRIVE_LINK and page.source == "the file's download link"
    assert router.seen[0].params == {"export": "download", "id": FILE_ID}


async def test_a_shared_word_document_on_dropbox_reads_untyped() -> None:
    answer = httpx.Response(200, content=make_docx(), headers={"content-type": "application/binary"})
    router = SiteRouter().add("www.dropbox.com", "/s/k3y9abc/report.docx", answer)
    page = await SharedFileResolver(routed_fetcher(router), InProcessExtraction()).read(
        "https://www.dropbox.com/s/k3y9abc/report.docx?dl=0"
    )
    assert page.markdown.startswith("# Quarterly relay report")
    assert router.seen[0].params == {"dl": "1"}


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (httpx.Response(403), "the file is not shared publicly"),
        (httpx.Response(404), "HTTP 404, not found"),
        (
            httpx.Response(200, content=b"<html><body>Sign in</body></html>", headers={"content-type": "text/html"}),
            "it answered with a web page, not the file",
        ),
        (
            httpx.Response(200, content=b"\x89PNG\r\n\x1a\n", headers={"content-type": "image/png"}),
            r"the file could not be read \(unsupported content type image/png\)",
        ),
    ],
)
async def test_what_is_not_a_readable_file_is_refused_in_plain_words(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add("drive.google.com", "/uc", answer)
    with pytest.raises(SiteUnavailable, match=reason):
        await SharedFileResolver(routed_fetcher(router), InProcessExtraction()).read(DRIVE_LINK)
