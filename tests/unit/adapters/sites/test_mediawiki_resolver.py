"""Any MediaWiki read through its own action API once its page is recognised, against a faked wiki."""

from __future__ import annotations

import json

import httpx
import pytest

from adapters.sites.mediawiki import MediaWikiResolver, WikiPage, wiki_page
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "wiki.relay.example"
URL = f"https://{HOST}/title/Failover_(relay)"
RLCONF = {"wgPageName": "Failover_(relay)", "wgNamespaceNumber": 0, "wgAction": "view", "wgIsArticle": True,
          "wgPageContentModel": "wikitext", "wgTitle": "Failover (relay)"}  # fmt: skip
HTML = (
    '<div class="mw-parser-output"><div class="hatnote">Not to be confused with fallback.</div>'
    '<table class="infobox"><tr><th>Kind</th><td>Resilience</td></tr></table>'
    '<p><b>Failover</b> moves a call to the next <a href="/title/Provider">provider</a> '
    '(<a href="https://relay.example/docs">docs</a>).<sup class="reference">[1]</sup></p>'
    '<h2><span class="mw-headline">See also</span></h2><div class="navbox">Relay topics</div>'
    '<h2>Notes</h2><ol class="references"><li>A note.</li></ol></div>'
)


def _page(url: str = URL, config: dict[str, object] | None = None, links: str | None = None) -> FetchedPage:
    head = (
        '<html><head><meta charset="UTF-8"><title>Failover - Relay Wiki</title>'
        f"<script>RLCONF={json.dumps(RLCONF if config is None else config)};RLSTATE={{}};</script>"
        + (links if links is not None else '<link rel="stylesheet" href="/load.php?lang=en&amp;modules=site.styles">')
        + '<meta name="generator" content="MediaWiki 1.43.1"></head><body>chrome</body></html>'
    )
    return FetchedPage(url, 200, "text/html", "utf-8", head.encode())


def _router(answer: object) -> SiteRouter:
    return SiteRouter().add(HOST, "/api.php", json_answer(answer))


def test_a_mediawiki_page_names_its_article_and_its_api() -> None:
    assert wiki_page(_page()) == WikiPage(f"https://{HOST}/api.php", "Failover_(relay)", "/title/")


@pytest.mark.parametrize(
    ("links", "api"),
    [
        ('<link rel="EditURI" type="application/rsd+xml" href="https://wiki.relay.example/w/api.php?action=rsd">',
         f"https://{HOST}/w/api.php"),
        ('<link rel="search" type="application/opensearchdescription+xml" href="/de/opensearch_desc.php" title="Wiki">',
         f"https://{HOST}/de/api.php"),
        ('<script async src="/w/load.php?lang=en&amp;modules=startup"></script>', f"https://{HOST}/w/api.php"),
    ],
)  # fmt: skip
def test_the_script_path_is_the_one_the_heads_links_use(links: str, api: str) -> None:
    found = wiki_page(_page(links=links))
    assert found is not None and found.api == api


def test_a_minified_start_up_script_is_read_too() -> None:
    head = (
        _page()
        .body.replace(b'"wgIsArticle": true', b'"wgIsArticle":!0')
        .replace(b'"wgAction": "view"', b'"wgAction":"view"')
    )
    found = wiki_page(FetchedPage(URL, 200, "text/html", "utf-8", head))
    assert found is not None and found.title == "Failover_(relay)"
    hidden = head.replace(b'"wgIsArticle":!0', b'"wgIsArticle":!1')
    assert wiki_page(FetchedPage(URL, 200, "text/html", "utf-8", hidden)) is None


@pytest.mark.parametrize(
    ("page", "why"),
    [
        (_page(config={**RLCONF, "wgNamespaceNumber": -1, "wgPageName": "Special:Search"}), "a special page"),
        (_page(config={**RLCONF, "wgAction": "history"}), "a page's history"),
        (_page(config={**RLCONF, "wgNamespaceNumber": 6, "wgPageName": "File:Relay.png"}), "a file's picture"),
        (_page(config={**RLCONF, "wgPageName": "Relay\ud800"}), "a title no request could carry"),
        (_page(config={**RLCONF, "wgPageName": "Relay\nline"}), "a title with a line break"),
        (_page(config={**RLCONF, "wgPageContentModel": "Scribunto"}), "a module's code"),
        (_page(config={"wgNamespaceNumber": 0}), "no article named"),
        (_page(links='<link rel="stylesheet" href="https://cdn.example/load.php?x=1">'), "its API on another origin"),
        (_page(links=""), "no script path"),
        (_page(url="https://en.wikipedia.org/wiki/Failover"), "Wikipedia, which its own reader claims"),
        (
            FetchedPage(URL, 200, "text/html", "utf-8", b"<html><head><title>Wiki</title></head></html>"),
            "not MediaWiki",
        ),
    ],
)
def test_pages_that_are_not_an_article_view_of_a_mediawiki_are_not_taken(page: FetchedPage, why: str) -> None:
    assert wiki_page(page) is None, why


async def test_an_article_reads_from_its_rendered_html_without_the_sites_chrome() -> None:
    router = _router({"parse": {"title": "Failover (relay)", "pageid": 7, "text": HTML}})

    page = await MediaWikiResolver(routed_fetcher(router)).read_page(_page())

    assert page.markdown == (
        "# Failover (relay)\n\n| Kind | Resilience |\n| --- | --- |\n\n"
        "**Failover** moves a call to the next provider ([docs](https://relay.example/docs)).\n"
    )
    assert router.seen[0].params["page"] == "Failover_(relay)" and router.seen[0].params["action"] == "parse"
    assert page.source == "the wiki's MediaWiki API"


async def test_a_missing_article_is_refused_with_the_wikis_words() -> None:
    router = _router({"error": {"code": "missingtitle", "info": "The page you specified doesn't exist."}})
    with pytest.raises(SiteUnavailable, match=r"^no such article$"):
        await MediaWikiResolver(routed_fetcher(router)).read_page(_page())


def test_every_page_is_asked_cheaply_and_plain_pages_are_not_taken() -> None:
    resolver = MediaWikiResolver(routed_fetcher(SiteRouter()))
    assert resolver.recognises(_page())
    assert not resolver.recognises(FetchedPage(URL, 200, "application/json", None, b'{"generator": "MediaWiki"}'))


async def test_a_category_reads_with_its_members_the_wiki_composes_around_its_text() -> None:
    members = {"query": {"categorymembers": [
        {"ns": 14, "title": "Category:Hedging", "type": "subcat"},
        {"ns": 0, "title": "Failover (relay)", "type": "page"},
        {"ns": 0, "title": "Circuit breaker", "type": "page"},
    ]}, "continue": {"cmcontinue": "page|x", "continue": "-||"}}  # fmt: skip

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("action") == "parse":
            return json_answer({"parse": {"title": "Category:Relays", "text": "<p>Pages about relays.</p>"}})
        return json_answer(members)

    router = SiteRouter().add(HOST, "/api.php", answer)
    category = _page(
        f"https://{HOST}/title/Category:Relays", {**RLCONF, "wgNamespaceNumber": 14, "wgPageName": "Category:Relays"}
    )

    page = await MediaWikiResolver(routed_fetcher(router)).read_page(category)

    assert page.markdown == (
        "# Category:Relays\n\nPages about relays.\n\n## Subcategories\n\n"
        f"- [Category:Hedging](https://{HOST}/title/Category:Hedging)\n\n## Pages in this category\n\n"
        f"- [Failover (relay)](https://{HOST}/title/Failover_(relay))\n- [Circuit breaker](https://{HOST}/title/Circuit_breaker)"
        "\n\n[The category's first 3 members are listed; it has more.]\n"
    )
    assert router.seen[1].params["list"] == "categorymembers" and router.seen[1].params["cmtitle"] == "Category:Relays"
