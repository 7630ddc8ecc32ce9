"""DocC documentation on any host, recognised from its shell and read from the archive's render JSON."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.docc_archives import DoccArchiveResolver, archive_page
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio

# The shell DocC's renderer ships, as a static host serves it (the hosting base path substituted).
SHELL = b"""<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Documentation</title>
<script>var baseUrl = "/swift-relay/"</script><script defer="defer" src="/swift-relay/js/index.4d3a.js"></script>
</head><body data-color-scheme="auto"><noscript><p>This page requires JavaScript.</p></noscript>
<div id="app"></div></body></html>"""
HOST = "owner.github.io"


def shell(url: str, body: bytes = SHELL, content_type: str = "text/html") -> FetchedPage:
    return FetchedPage(url, 200, content_type, "utf-8", body)


@pytest.mark.parametrize(
    ("url", "body", "expected"),
    [
        (
            "https://owner.github.io/swift-relay/documentation/RelayKit/Client/send(_:)",
            SHELL,
            ("https://owner.github.io/swift-relay/", "documentation/relaykit/client/send(_:)"),
        ),
        (
            "https://owner.github.io/swift-relay/documentation/relaykit/index.html",
            SHELL,
            ("https://owner.github.io/swift-relay/", "documentation/relaykit"),
        ),
        (
            "https://docs.example/documentation/relaykit/",
            SHELL.replace(b'"/swift-relay/"', b"'/'"),
            ("https://docs.example/", "documentation/relaykit"),
        ),
        ("https://owner.github.io/swift-relay/tutorials/relaykit", SHELL, None),
        ("https://owner.github.io/other/documentation/relaykit", SHELL, None),
        ("https://owner.github.io/swift-relay/documentation/relaykit", b"<html><body>docs</body></html>", None),
    ],
)
def test_a_docc_shell_names_its_archive_and_page(url: str, body: bytes, expected: tuple[str, str] | None) -> None:
    assert archive_page(shell(url, body)) == expected


def test_a_json_body_is_not_a_shell() -> None:
    url = "https://owner.github.io/swift-relay/documentation/relaykit"
    assert archive_page(shell(url, SHELL, "application/json")) is None


async def test_a_page_reads_from_the_archive_with_links_under_its_root() -> None:
    data = fixture("apple_padding")
    router = SiteRouter().add(
        HOST, "/swift-relay/data/documentation/relaykit/view/padding(_:_:).json", json_answer(data)
    )
    page = await DoccArchiveResolver(routed_fetcher(router)).read_page(
        shell("https://owner.github.io/swift-relay/documentation/RelayKit/View/padding(_:_:)")
    )

    assert page.markdown.startswith("# padding(_:_:)\n\n*Instance Method · SwiftUI")
    assert "(https://owner.github.io/swift-relay/documentation/swiftui/text)" in page.markdown
    assert page.source == "the documentation's DocC data"


async def test_a_missing_page_is_refused_in_plain_words() -> None:
    router = SiteRouter().add(HOST, "/swift-relay/data/documentation/relaykit/gone.json", httpx.Response(404))
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await DoccArchiveResolver(routed_fetcher(router)).read_page(
            shell("https://owner.github.io/swift-relay/documentation/relaykit/gone")
        )
