"""ScriptPages: which pages go to the browser, and the plain words when one cannot be rendered."""

from __future__ import annotations

import re

import pytest

from application.read_pages import PageReader
from application.script_pages import NEEDS_SCRIPT_OFF, ScriptPages
from domain.errors import PageUnavailable
from domain.pages import FetchedPage

pytestmark = pytest.mark.anyio

SHELL = b"<html><body><noscript>Please enable JavaScript.</noscript><div id='root'></div></body></html>"
RENDERED = b"<html><body><div id='root'><p>" + b"Text the script wrote. " * 20 + b"</p></div></body></html>"
ARTICLE = b"<html><body><div id='root'><p>" + b"Server-rendered prose. " * 20 + b"</p></div></body></html>"


def fetched(body: bytes, url: str = "https://app.example/", content_type: str = "text/html") -> FetchedPage:
    return FetchedPage(url=url, status=200, content_type=content_type, charset="utf-8", body=body)


class TagStripper:
    """A PageExtractionPort that keeps the text between tags (enough to tell a shell from a page)."""

    async def extract(self, page: FetchedPage) -> str:
        without_noscript = re.sub(rb"<noscript>.*?</noscript>", b"", page.body)
        return re.sub(rb"<[^>]+>", b"", without_noscript).decode().strip()


class FakeRenderer:
    """A PageRendererPort answering with a fixed rendered page, or failing with a reason."""

    def __init__(self, body: bytes = RENDERED, failure: str | None = None) -> None:
        self.body = body
        self.failure = failure
        self.rendered: list[str] = []

    async def render(self, page: FetchedPage) -> FetchedPage:
        self.rendered.append(page.url)
        if self.failure is not None:
            raise PageUnavailable(page.url, self.failure)
        return fetched(self.body, url=page.url + "#rendered")


class OneFetch:
    def __init__(self, page: FetchedPage) -> None:
        self.page = page

    async def fetch(self, url: str) -> FetchedPage:
        return self.page


def script_pages(renderer: FakeRenderer | None) -> ScriptPages:
    return ScriptPages(renderer, TagStripper(), extract_timeout=5.0)


async def test_a_shell_is_rendered_and_its_rendered_text_extracted() -> None:
    renderer = FakeRenderer()
    page, markdown = await script_pages(renderer).settle(fetched(SHELL), "")
    assert markdown.startswith("Text the script wrote.")
    assert page.url == "https://app.example/#rendered" and renderer.rendered == ["https://app.example/"]


@pytest.mark.parametrize(
    ("body", "markdown", "content_type"),
    [
        pytest.param(ARTICLE, "Server-rendered prose. " * 20, "text/html", id="a page with text"),
        pytest.param(b"<p>Moved.</p>", "Moved.", "text/html", id="a short page without shell signs"),
        pytest.param(SHELL, "", "text/plain", id="not HTML"),
    ],
)
async def test_pages_that_are_not_shells_never_reach_the_browser(body: bytes, markdown: str, content_type: str) -> None:
    renderer = FakeRenderer()
    page = fetched(body, content_type=content_type)
    assert await script_pages(renderer).settle(page, markdown) == (page, markdown)
    assert renderer.rendered == []


async def test_without_a_browser_a_shell_says_how_to_turn_it_on() -> None:
    with pytest.raises(PageUnavailable) as refused:
        await script_pages(None).settle(fetched(SHELL), "")
    assert refused.value.reason == NEEDS_SCRIPT_OFF
    assert str(refused.value) == (
        "https://app.example/: this page needs JavaScript; turn on SEARCHRELAY_BROWSER=auto to render it"
    )


async def test_a_failed_render_says_the_page_needs_javascript_and_why_it_failed() -> None:
    with pytest.raises(PageUnavailable) as failed:
        await script_pages(FakeRenderer(failure="the browser did not finish within 15 s")).settle(fetched(SHELL), "")
    assert (
        failed.value.reason == "this page needs JavaScript and rendering failed: the browser did not finish within 15 s"
    )


async def test_a_render_that_is_still_empty_is_a_failure_not_chrome() -> None:
    with pytest.raises(PageUnavailable, match="rendering failed: the rendered page has no readable text either"):
        await script_pages(FakeRenderer(body=SHELL)).settle(fetched(SHELL), "")


async def test_page_reader_hands_shells_to_its_renderer() -> None:
    renderer = FakeRenderer()
    reader = PageReader(OneFetch(fetched(SHELL)), TagStripper(), page_timeout=5.0, renderer=renderer)
    text = await reader.read("https://app.example/")
    assert text.markdown.startswith("Text the script wrote.") and text.url == "https://app.example/#rendered"


VIDEO = (
    b"<html><head><title>Relay talk - VideoSite</title><meta property='og:title' content='Relay talk'>"
    b"<meta property='og:description' content='A walk through the failover table, provider by provider.'>"
    b"</head><body><noscript>Please enable JavaScript.</noscript><div id='root'></div></body></html>"
)


@pytest.mark.parametrize(
    ("renderer", "said"),
    [
        (None, "This page needs JavaScript; turn on SEARCHRELAY_BROWSER=auto to render it; "),
        (FakeRenderer(failure="the browser did not start"), "This page needs JavaScript and rendering failed: "
         "the browser did not start; "),
    ],
)  # fmt: skip
async def test_a_shell_that_cannot_be_rendered_gives_what_it_declares_about_itself(
    renderer: FakeRenderer | None, said: str
) -> None:
    reader = PageReader(OneFetch(fetched(VIDEO)), TagStripper(), page_timeout=5.0, renderer=renderer)
    text = await reader.read("https://video.example/watch?v=1")
    assert text.markdown == "# Relay talk\n\nA walk through the failover table, provider by provider.\n"
    assert text.note == said + "this is the title and description the page declares about itself."
    assert text.content_type == "text/markdown"


async def test_a_page_without_readable_text_gives_what_it_declares_and_one_declaring_little_still_fails() -> None:
    empty = VIDEO.replace(b"<title>Relay talk - VideoSite</title>", b"").replace(
        b"<noscript>Please enable JavaScript.</noscript><div id='root'></div>", b"<img src='x'>"
    )
    reader = PageReader(OneFetch(fetched(empty)), TagStripper(), page_timeout=5.0)
    text = await reader.read("https://video.example/")
    assert text.note is not None and text.note.startswith("No readable text on the page; this is the title")
    bare = PageReader(OneFetch(fetched(SHELL)), TagStripper(), page_timeout=5.0)
    with pytest.raises(PageUnavailable, match="needs JavaScript"):
        await bare.read("https://app.example/")
