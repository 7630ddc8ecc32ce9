"""Confluence pages through its REST API: Atlassian's cloud by URL, any other Confluence recognised from
its page's head; against faked answers written in the API's documented shape."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.confluence import ConfluencePage, ConfluenceResolver, cloud_page, page_in
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
WIKI = "cwiki.example.org"
PAGE_URL = "https://cwiki.example.org/confluence/display/RELAY/Relay+release+process"
API = "/confluence/rest/api/content/65868347"
HEAD = (
    b"<html><head><title>Relay release process - Relay Project</title>"
    b'<meta name="ajs-base-url" content="https://cwiki.example.org/confluence">'
    b'<meta name="ajs-page-id" content="65868347"><meta name="ajs-space-key" content="RELAY">'
    b'<meta name="confluence-base-url" content="https://cwiki.example.org/confluence">'
    b"</head><body><div id='main-content'>...</div></body></html>"
)


def _fetched(body: bytes, url: str = PAGE_URL) -> FetchedPage:
    return FetchedPage(url, 200, "text/html", "utf-8", body)


@pytest.mark.parametrize(
    ("url", "page"),
    [
        ("https://lf-edge.atlassian.net/wiki/spaces/EVE/pages/14221332/Release+notes",
         ConfluencePage("https://lf-edge.atlassian.net/wiki", "14221332")),
        ("https://lf-edge.atlassian.net/wiki/spaces/EVE/pages/14221332",
         ConfluencePage("https://lf-edge.atlassian.net/wiki", "14221332")),
        ("https://team.atlassian.net/wiki/pages/viewpage.action?pageId=987",
         ConfluencePage("https://team.atlassian.net/wiki", "987")),
        ("https://team.atlassian.net/wiki/spaces/EVE/overview", None),
        ("https://team.atlassian.net/browse/EVE-1", None),  # a Jira issue on the same cloud
        ("https://cwiki.example.org/confluence/display/RELAY/Home", None),  # recognised once fetched instead
    ],
)  # fmt: skip
def test_cloud_addresses_say_which_page_they_show(url: str, page: ConfluencePage | None) -> None:
    assert cloud_page(url) == page


def test_a_self_hosted_page_is_known_by_its_head() -> None:
    assert page_in(_fetched(HEAD)) == ConfluencePage("https://cwiki.example.org/confluence", "65868347")
    # Jira writes ajs-base-url too, never Confluence's own names.
    jira = b'<html><head><meta name="ajs-base-url" content="https://cwiki.example.org">'
    jira += b'<meta name="ajs-page-id" content="1">'
    assert page_in(_fetched(jira)) is None
    # A page cannot send the reader's calls to another origin.
    elsewhere = HEAD.replace(
        b'ajs-base-url" content="https://cwiki.example.org', b'ajs-base-url" content="https://10.0.0.7'
    )
    assert page_in(_fetched(elsewhere)) is None
    assert page_in(FetchedPage(PAGE_URL, 200, "application/json", None, HEAD)) is None


def _router() -> SiteRouter:
    return (
        SiteRouter()
        .add(WIKI, API, json_answer(fixture("confluence_page")))
        .add(WIKI, f"{API}/child/comment", json_answer(fixture("confluence_comments")))
    )


async def test_a_recognised_page_reads_as_its_facts_body_and_comments() -> None:
    router = _router()
    resolver = ConfluenceResolver(routed_fetcher(router))
    assert resolver.recognises(_fetched(HEAD))

    page = await resolver.read_page(_fetched(HEAD))

    assert page.url == PAGE_URL and page.source == "the Confluence REST API" and page.note is None
    assert page.markdown.startswith(
        "# Relay release process\n\n"
        "Space: Relay Project (RELAY) · Created by Ada Lovelace on 2019-04-02 · "
        "last edited by Bob Hopper on 2025-02-11 (version 37)\n\n"
        "Path: Relay Project Home › Releasing\n\n"
        "## Before you start\n\nCheck that every provider's **failover** test passes.\n\n```"
    )
    assert "relay check --all\nrelay tag 2.4.0\n```" in page.markdown
    assert "| Tag | release manager |" in page.markdown
    assert "[Signing keys](https://cwiki.example.org/confluence/display/RELAY/Signing+keys)" in page.markdown
    assert page.markdown.endswith(
        "## Comments (2)\n\n"
        "### Comment · by Carol Shaw on 2025-02-12\n\nShould the tag be signed?\n\n"
        "### Comment · by Bob Hopper on 2025-02-12\n\nYes: `git tag -s`.\n"
    )
    assert router.seen[0].params == {"expand": "body.view,version,space,history,ancestors"}
    assert router.seen[1].params == {"expand": "body.view,history", "depth": "all", "limit": "100", "start": "0"}


async def test_a_cloud_page_is_claimed_by_its_address() -> None:
    router = (
        SiteRouter()
        .add("lf-edge.atlassian.net", "/wiki/rest/api/content/14221332", json_answer(fixture("confluence_page")))
        .add("lf-edge.atlassian.net", "/wiki/rest/api/content/14221332/child/comment", json_answer({"results": []}))
    )
    url = "https://lf-edge.atlassian.net/wiki/spaces/EVE/pages/14221332/Release+notes"
    resolver = ConfluenceResolver(routed_fetcher(router))
    assert resolver.handles(url)
    # A short link or an older address that lands on a cloud page is known by where it landed.
    assert resolver.recognises(_fetched(b"<html><head></head><body><div id='root'></div></body></html>", url))
    page = await resolver.read(url)
    assert page.markdown.startswith("# Relay release process\n")
    assert "## Comments" not in page.markdown


async def test_comments_that_cannot_be_read_leave_the_page_and_say_so() -> None:
    router = SiteRouter().add(WIKI, API, json_answer(fixture("confluence_page")))
    router.add(WIKI, f"{API}/child/comment", httpx.Response(500, json={"message": "boom"}))
    page = await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))
    assert "## Before you start" in page.markdown
    assert page.note is not None and page.note.startswith(
        "Showing the first 0 comments (they could not be read: HTTP 500"
    )


async def test_a_page_the_api_does_not_give_is_refused_with_the_status() -> None:
    router = SiteRouter().add(WIKI, API, httpx.Response(404, json={"message": "No content found with id"}))
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))


async def test_an_answer_without_a_body_is_refused() -> None:
    router = SiteRouter().add(WIKI, API, json_answer({"id": "65868347", "title": "Relay"}))
    with pytest.raises(SiteUnavailable, match="no page"):
        await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))


async def test_a_huge_page_is_cut_and_says_so() -> None:
    content = fixture("confluence_page")
    content["body"]["view"]["value"] = "<p>" + "Failover. " * 70_000 + "</p>"
    router = SiteRouter().add(WIKI, API, json_answer(content)).add(WIKI, f"{API}/child/comment", json_answer({}))
    page = await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))
    assert page.markdown.rstrip().endswith("[The page's body is cut: its HTML passed 600,000 characters.]")
    assert page.truncated and page.note == "The page's body is cut: its HTML passed 600,000 characters."


def test_a_pages_other_screens_and_a_heads_credentials_are_not_taken() -> None:
    attachments = "https://cwiki.example.org/confluence/pages/viewpageattachments.action?pageId=65868347"
    assert page_in(_fetched(HEAD, attachments)) is None
    viewed = "https://cwiki.example.org/confluence/pages/viewpage.action?pageId=65868347"
    assert page_in(_fetched(HEAD, viewed)) == ConfluencePage("https://cwiki.example.org/confluence", "65868347")
    for blog in ("/confluence/display/RELAY/2024/01/05/Release+2.4", "/confluence/pages/viewblogpost.action?pageId=1"):
        assert page_in(_fetched(HEAD, f"https://cwiki.example.org{blog}")) is not None
    credentialed = HEAD.replace(b'ajs-base-url" content="https://', b'ajs-base-url" content="https://u:p@')
    assert page_in(_fetched(credentialed)) == ConfluencePage("https://cwiki.example.org/confluence", "65868347")


def _comment(n: int, html: str = "<p>A comment.</p>") -> dict[str, object]:
    return {"id": str(n), "history": {"createdBy": {"displayName": f"user{n}"}}, "body": {"view": {"value": html}}}


async def test_comments_are_followed_by_the_next_link_whatever_the_servers_page_size() -> None:
    def comments(request: httpx.Request) -> httpx.Response:
        start = int(request.url.params["start"])
        said = [_comment(n) for n in range(start, min(start + 25, 53))]
        links = {"next": f"{API}/child/comment?start={start + 25}"} if start + 25 < 53 else {}
        return json_answer({"results": said, "size": len(said), "_links": links})

    router = (
        SiteRouter().add(WIKI, API, json_answer(fixture("confluence_page"))).add(WIKI, f"{API}/child/comment", comments)
    )
    page = await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))
    assert "## Comments (53)" in page.markdown and page.note is None
    assert [s.params["start"] for s in router.seen if s.path.endswith("/comment")] == ["0", "25", "50"]


async def test_slow_comments_leave_the_page_read_within_the_deadline() -> None:
    import anyio

    router = SiteRouter().add(WIKI, API, json_answer(fixture("confluence_page")))

    async def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/comment"):
            await anyio.sleep(30)
        return router(request)

    with anyio.fail_after(2.5):
        page = await ConfluenceResolver(routed_fetcher(answer)).read_page(_fetched(HEAD))  # type: ignore[arg-type]
    assert page.markdown.startswith("# Relay release process")
    assert page.note is not None and "(they were not read in time)" in page.note


async def test_the_comments_html_has_one_budget() -> None:
    big = "<p>" + "Failover. " * 15_000 + "</p>"  # 150,007 characters: the fourth passes 600,000
    answer = {"results": [_comment(n, big) for n in range(5)], "_links": {}}
    router = (
        SiteRouter()
        .add(WIKI, API, json_answer(fixture("confluence_page")))
        .add(WIKI, f"{API}/child/comment", json_answer(answer))
    )
    page = await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))
    assert "## Comments (3)" in page.markdown
    assert page.note is not None and "their HTML passed 600,000 characters" in page.note


async def test_an_answers_names_stay_on_their_lines() -> None:
    content = fixture("confluence_page")
    content["title"] = "Relay\n# Injected"
    content["space"] = {"name": "Space\n## X", "key": "X) [a](b"}
    content["ancestors"] = [{"title": "Home [a](https://evil.example)"}]
    content["version"]["number"] = 10**300
    router = SiteRouter().add(WIKI, API, json_answer(content)).add(WIKI, f"{API}/child/comment", json_answer({}))
    page = await ConfluenceResolver(routed_fetcher(router)).read_page(_fetched(HEAD))
    assert page.markdown.startswith("# Relay # Injected\n\nSpace: Space ## X · Created by Ada Lovelace on 2019-04-02\n")
    assert "Path: Home \\[a\\](https://evil.example)" in page.markdown


async def test_a_cloud_page_whose_api_failed_is_not_asked_again_once_fetched() -> None:
    from application.read_pages import PageReader
    from tests.support.site_apis import InProcessExtraction

    url = "https://acme.atlassian.net/wiki/spaces/K/pages/123/T"
    shell = b"<html><head><title>T</title></head><body><p>" + b"The page as fetched. " * 20 + b"</p></body></html>"
    router = SiteRouter().add("acme.atlassian.net", "/wiki/rest/api/content/123", httpx.Response(500, json={}))
    router.add("acme.atlassian.net", "/wiki/spaces/K/pages/123/T", httpx.Response(
        200, content=shell, headers={"content-type": "text/html"}))  # fmt: skip
    fetcher = routed_fetcher(router)
    confluence = ConfluenceResolver(fetcher)
    reader = PageReader(
        fetcher, InProcessExtraction(), page_timeout=5.0, resolvers=[confluence], page_resolvers=[confluence]
    )

    page = await reader.read(url)

    assert router.paths("acme.atlassian.net").count("/wiki/rest/api/content/123") == 1
    assert page.note is not None and page.note.count("could not be used") == 1
