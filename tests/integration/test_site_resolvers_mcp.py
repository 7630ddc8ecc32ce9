"""Site resolvers through the MCP tools: the real container, resolvers and page fetcher; only DNS
(a table) and the wire (a router behind httpx.MockTransport) are fake."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from dependency_injector import providers
from mcp import Client
from mcp.types import CallToolResult

from domain.models import ProviderAnswer, WebSearchResult
from entrypoints.container import Container
from entrypoints.mcp_server import build_server
from tests.support.fake_ports import FakeSearch
from tests.support.servers import SERPER_KEY, container_with
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "api.stackexchange.com"
QUESTION = "https://stackoverflow.com/questions/4242/how-do-i-read-a-file-lazily"
PAGE_HTML = (
    b"<html><body><nav>SITE-NAV</nav><main><h1>How do I read a file lazily?</h1>"
    b"<p>GENERIC-PAGE-TEXT: the question as the page shows it, without votes or the accepted answer marked,"
    b" long enough to be the main content of this page for the extractor to keep it.</p></main></body></html>"
)
FENCED = re.compile(r"<<<UNTRUSTED_([0-9a-f]{16}) web_fetch>>>\n(.*)\n<<<END_UNTRUSTED_\1>>>", re.DOTALL)


def stack_overflow(api_answers: bool = True) -> SiteRouter:
    router = SiteRouter().add(
        "stackoverflow.com",
        "/questions/4242/how-do-i-read-a-file-lazily",
        httpx.Response(200, content=PAGE_HTML, headers={"content-type": "text/html"}),
    )
    if api_answers:
        router.add(API, "/2.3/questions/4242", json_answer(fixture("se_question")))
        router.add(API, "/2.3/questions/4242/answers", json_answer(fixture("se_answers")))
        router.add(API, "/2.3/posts/4242;4301;4300;4302;4303/comments", json_answer(fixture("se_comments")))
    else:
        router.add(API, "/2.3/questions/4242", json_answer(fixture("se_throttled"), status=400))
    return router


def container_for(router: SiteRouter, env: dict[str, Any] | None = None, **fakes: FakeSearch) -> Container:
    container = container_with({"SEARCHRELAY_PAGE_TIMEOUT_SECONDS": 3, **(env or {})}, **fakes)
    container.page_fetcher.override(providers.Object(routed_fetcher(router)))
    return container


async def fetch_result(container: Container, url: str) -> CallToolResult:
    async with Client(build_server(container)) as client:
        result: CallToolResult = await client.call_tool("web_fetch", {"url": url})
    assert not result.is_error
    return result


async def fetch(container: Container, url: str) -> str:
    return "\n".join(getattr(c, "text", "") for c in (await fetch_result(container, url)).content)


async def test_web_fetch_reads_a_question_through_the_api_inside_the_fence_with_a_note() -> None:
    router = stack_overflow()
    text = await fetch(container_for(router), QUESTION)
    fenced = FENCED.search(text)
    assert fenced is not None
    assert "## Accepted answer · score 9" in fenced.group(2)
    assert "Possible duplicate of another question." in fenced.group(2)
    assert "[Read through the Stack Exchange API.]" in text.split(fenced.group(0))[1]
    assert "stackoverflow.com" not in {s.host for s in router.seen}  # the page itself was never fetched


async def test_web_fetch_falls_back_to_the_page_when_the_api_refuses_and_says_why() -> None:
    router = stack_overflow(api_answers=False)
    text = await fetch(container_for(router), QUESTION)
    assert "GENERIC-PAGE-TEXT" in text and "SITE-NAV" not in text
    assert (
        "[The Stack Exchange API could not be used (HTTP 400, the request was refused: too many requests from this IP,"
        " more requests available in 82216 seconds); this is the page as fetched.]"
    ) in text


async def test_web_fetch_structured_content_carries_the_source_note() -> None:
    result = await fetch_result(container_for(stack_overflow()), QUESTION)
    assert (result.structured_content or {})["source_note"] == "Read through the Stack Exchange API."
    plain = await fetch_result(container_for(stack_overflow(), {"SEARCHRELAY_SITE_RESOLVERS": "off"}), QUESTION)
    assert (plain.structured_content or {})["source_note"] is None


async def test_site_resolvers_can_be_turned_off() -> None:
    router = stack_overflow()
    text = await fetch(container_for(router, {"SEARCHRELAY_SITE_RESOLVERS": "off"}), QUESTION)
    assert "GENERIC-PAGE-TEXT" in text and "Stack Exchange API" not in text
    assert {s.host for s in router.seen} == {"stackoverflow.com"}


async def test_web_search_full_pages_carry_the_resolved_page_and_its_note() -> None:
    hit = WebSearchResult(title="Lazy file reading", link=QUESTION, snippet="read a file lazily")
    serper = FakeSearch("serper", ProviderAnswer(results=[hit]))
    container = container_for(stack_overflow(), {"SERPER_API_KEY": SERPER_KEY}, serper=serper)
    async with Client(build_server(container)) as client:
        result = await client.call_tool("web_search", {"query": "lazy", "num_results": 1, "return_full_pages": True})
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    assert "## Accepted answer · score 9" in text
    assert "[Read through the Stack Exchange API.]" in text
    (structured,) = (result.structured_content or {})["results"]
    assert structured["page_note"] == "Read through the Stack Exchange API."


def page_at(host: str, path: str, words: str) -> tuple[str, str, httpx.Response]:
    body = f"<html><body><main><h1>Page</h1><p>{words} {'filler words for the extractor ' * 6}</p></main></body></html>"
    return host, path, httpx.Response(200, content=body.encode(), headers={"content-type": "text/html"})


@pytest.mark.parametrize(
    ("url", "page", "api", "note"),
    [
        (
            "https://github.com/encode/httpx/issues/3108",
            page_at("github.com", "/encode/httpx/issues/3108", "GITHUB-PAGE-TEXT"),
            (
                "api.github.com",
                "/repos/encode/httpx/issues/3108",
                json_answer({"message": "API rate limit exceeded"}, 403),
            ),
            "The GitHub API could not be used (HTTP 403, access refused or rate limit reached: "
            "API rate limit exceeded)",
        ),
        (
            "https://en.wikipedia.org/wiki/Relay",
            page_at("en.wikipedia.org", "/wiki/Relay", "WIKIPEDIA-PAGE-TEXT"),
            ("en.wikipedia.org", "/w/api.php", httpx.Response(200, content=b"{not json")),
            "The Wikipedia API could not be used (its answer was not valid JSON)",
        ),
        (
            "https://arxiv.org/abs/2405.01234",
            page_at("arxiv.org", "/abs/2405.01234", "ARXIV-PAGE-TEXT"),
            ("export.arxiv.org", "/api/query", httpx.Response(503, content=b"busy")),
            "The arXiv API could not be used (HTTP 503, the server failed)",
        ),
        (
            "https://news.ycombinator.com/item?id=38000001",
            page_at("news.ycombinator.com", "/item", "HACKERNEWS-PAGE-TEXT"),
            ("hn.algolia.com", "/api/v1/items/38000001", json_answer({"message": "rate limited"}, 429)),
            "The Hacker News API could not be used (HTTP 429, rate limit reached: rate limited)",
        ),
        (
            "https://www.reddit.com/r/Python/comments/1d5xyz/slug/",
            page_at("www.reddit.com", "/r/Python/comments/1d5xyz/slug/", "REDDIT-PAGE-TEXT"),
            ("www.reddit.com", "/r/Python/comments/1d5xyz/slug.json", json_answer({"message": "Forbidden"}, 403)),
            "Reddit's JSON view could not be used (HTTP 403, access refused or rate limit reached: Forbidden)",
        ),
        (
            "https://docs.google.com/document/d/1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789/edit",
            page_at(
                "docs.google.com", "/document/d/1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789/edit", "GOOGLEDOCS-PAGE-TEXT"
            ),
            ("docs.google.com", "/document/d/1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789/export", httpx.Response(403)),
            "Google's export link could not be used (the document is not shared publicly: Google asks to sign in)",
        ),
        (
            "https://crates.io/crates/relaykit",
            page_at("crates.io", "/crates/relaykit", "CRATES-PAGE-TEXT"),
            ("crates.io", "/api/v1/crates/relaykit", json_answer({"errors": [{"detail": "Not Found"}]}, 404)),
            "The crates.io API could not be used (HTTP 404, not found: Not Found)",
        ),
        (
            "https://developer.apple.com/documentation/swiftui/nothing",
            page_at("developer.apple.com", "/documentation/swiftui/nothing", "APPLE-PAGE-TEXT"),
            ("developer.apple.com", "/tutorials/data/documentation/swiftui/nothing.json", httpx.Response(404)),
            "Apple's documentation data could not be used (HTTP 404, not found)",
        ),
        (
            "https://bsky.app/profile/ada.example.com/post/3kabc2post",
            page_at("bsky.app", "/profile/ada.example.com/post/3kabc2post", "BLUESKY-PAGE-TEXT"),
            (
                "public.api.bsky.app",
                "/xrpc/app.bsky.feed.getPostThread",
                json_answer({"message": "Post not found"}, 400),
            ),
            "Bluesky's public API could not be used (HTTP 400, the request was refused: Post not found)",
        ),
        (
            "https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/view",
            page_at("drive.google.com", "/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/view", "DRIVE-PAGE-TEXT"),
            ("drive.google.com", "/uc", httpx.Response(403)),
            "The file's download link could not be used (the file is not shared publicly)",
        ),
        (
            "https://youtu.be/dQw4w9WgXcQ",
            page_at("youtu.be", "/dQw4w9WgXcQ", "YOUTUBE-PAGE-TEXT"),
            ("www.youtube.com", "/watch", httpx.Response(404)),
            "YouTube's page data could not be used (HTTP 404, not found)",
        ),
        (
            "https://relay.atlassian.net/browse/REL-7",
            page_at("relay.atlassian.net", "/browse/REL-7", "JIRA-PAGE-TEXT"),
            ("relay.atlassian.net", "/rest/api/2/issue/REL-7", json_answer({"errorMessages": ["No such issue"]}, 404)),
            "The Jira REST API could not be used (HTTP 404, not found: No such issue)",
        ),
        (
            "https://doi.org/10.5555/relay.0001",
            page_at("doi.org", "/10.5555/relay.0001", "DOI-PAGE-TEXT"),
            ("api.crossref.org", "/works/10.5555/relay.0001", httpx.Response(404, content=b"Resource not found.")),
            "The DOI's registry could not be used (neither Crossref nor DataCite has a record of it)",
        ),
        (
            "https://x.com/ada/status/1866455443419152391",
            page_at("x.com", "/ada/status/1866455443419152391", "X-PAGE-TEXT"),
            ("cdn.syndication.twimg.com", "/tweet-result", json_answer({})),
            "X's embed service could not be used "
            "(its answer was empty: the post is not public, or the service refused)",
        ),
    ],
)
async def test_every_resolver_falls_back_to_the_page_with_its_reason(
    url: str, page: tuple[str, str, httpx.Response], api: tuple[str, str, httpx.Response], note: str
) -> None:
    router = SiteRouter().add(*page).add(*api)
    text = await fetch(container_for(router), url)
    assert "-PAGE-TEXT" in text
    assert f"[{note}; this is the page as fetched.]" in text


FORUM = "community.example"
TOPIC = f"https://{FORUM}/t/start-making-my-home-smart-where-should-i-start/68911"
DISCOURSE_SHELL = (
    b'<html><head><meta name="generator" content="Discourse 3.4.0 - https://github.com/discourse/discourse">'
    b"<title>Start making my home smart</title></head><body><section id='main'></section>"
    b"<script src='/assets/start-discourse.js'></script></body></html>"
)


def discourse_forum(api: httpx.Response) -> SiteRouter:
    return (
        SiteRouter()
        .add(FORUM, "/t/start-making-my-home-smart-where-should-i-start/68911", httpx.Response(
            200, content=DISCOURSE_SHELL, headers={"content-type": "text/html"}
        ))
        .add(FORUM, "/t/68911.json", api)
    )  # fmt: skip


async def test_web_fetch_reads_a_discourse_shell_through_the_forums_json() -> None:
    router = discourse_forum(json_answer(fixture("discourse_topic")))
    result = await fetch_result(container_for(router, {"SEARCHRELAY_BROWSER": "off"}), TOPIC)
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    fenced = FENCED.search(text)
    assert fenced is not None
    assert "## Post #3 · petro on 2018-09-13 · 7 likes · the solution" in fenced.group(2)
    assert (result.structured_content or {})["source_note"] == "Read through the forum's Discourse API."
    assert router.paths() == ["/t/start-making-my-home-smart-where-should-i-start/68911", "/t/68911.json"]


async def test_a_forum_that_refuses_its_json_leaves_the_shell_to_the_usual_path() -> None:
    router = discourse_forum(json_answer({"errors": ["You are not permitted to view the requested resource."]}, 403))
    async with Client(build_server(container_for(router, {"SEARCHRELAY_BROWSER": "off"}))) as client:
        result = await client.call_tool("web_fetch", {"url": TOPIC})
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    # Without the browser the shell is refused honestly, and the refusal says why the API was not used either.
    assert result.is_error
    assert text == (
        f"Could not read {TOPIC}: this page needs JavaScript; turn on SEARCHRELAY_BROWSER=auto to render it;"
        " the forum's Discourse API could not be used (HTTP 403, access refused or rate limit reached:"
        " You are not permitted to view the requested resource.)"
    )


async def test_the_forum_resolver_can_be_turned_off() -> None:
    router = discourse_forum(json_answer(fixture("discourse_topic")))
    env = {"SEARCHRELAY_SITE_RESOLVERS": "stackexchange", "SEARCHRELAY_BROWSER": "off"}
    async with Client(build_server(container_for(router, env))) as client:
        await client.call_tool("web_fetch", {"url": TOPIC})
    assert "/t/68911.json" not in router.paths()


async def test_web_fetch_reads_a_hacker_news_thread_as_a_tree() -> None:
    router = SiteRouter().add("hn.algolia.com", "/api/v1/items/38000001", json_answer(fixture("hn_item")))
    result = await fetch_result(container_for(router), "https://news.ycombinator.com/item?id=38000001")
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    assert "  - **pgstory** · 2023-10-25\n    A decision table:" in text
    assert (result.structured_content or {})["source_note"] == "Read through the Hacker News API."
    assert "news.ycombinator.com" not in {s.host for s in router.seen}


async def test_web_fetch_reads_a_self_managed_gitlab_issue_recognised_from_its_page() -> None:
    url = "https://gitlab.gnome.org/GNOME/gtk/-/issues/4242"
    shell = (
        b'<html><head><meta content="GitLab" property="og:site_name"></head><body><div id="app"></div></body></html>'
    )
    html = {"content-type": "text/html"}
    router = (
        SiteRouter()
        .add("gitlab.gnome.org", "/GNOME/gtk/-/issues/4242", httpx.Response(200, content=shell, headers=html))
        .add("gitlab.gnome.org", "/api/v4/projects/GNOME/gtk/issues/4242", json_answer(fixture("gl_issue")))
        .add("gitlab.gnome.org", "/api/v4/projects/GNOME/gtk/issues/4242/notes", json_answer([]))
    )  # fmt: skip
    result = await fetch_result(container_for(router, {"SEARCHRELAY_BROWSER": "off"}), url)
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    assert "# Segfault when the compositor loses its output (#4242)" in text
    assert (result.structured_content or {})["source_note"] == "Read through the GitLab API."


HTML = {"content-type": "text/html"}


async def test_web_fetch_reads_a_mastodon_post_recognised_from_its_page() -> None:
    url = "https://social.example/@ada/113000000000000001"
    shell = (
        b"<html><body><div id='mastodon' data-props='{}'></div>"
        b'<script id="initial-state" type="application/json">{}</script></body></html>'
    )
    post = {
        "id": "113000000000000001",
        "account": {"acct": "ada", "display_name": "Ada"},
        "content": "<p>MASTODON-POST-TEXT</p>",
        "replies_count": 0,
    }
    api = "/api/v1/statuses/113000000000000001"
    router = (
        SiteRouter()
        .add("social.example", "/@ada/113000000000000001", httpx.Response(200, content=shell, headers=HTML))
        .add("social.example", api, json_answer(post))
        .add("social.example", f"{api}/context", json_answer({"ancestors": [], "descendants": []}))
    )
    result = await fetch_result(container_for(router, {"SEARCHRELAY_BROWSER": "off"}), url)
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    assert "MASTODON-POST-TEXT" in text
    assert (result.structured_content or {})["source_note"] == "Read through the Mastodon server's API."


async def test_web_fetch_reads_docc_documentation_recognised_from_its_shell() -> None:
    page = "/swift-relay/documentation/relaykit/view/padding(_:_:)"
    url = f"https://owner.github.io{page}"
    data = page.replace("/documentation/", "/data/documentation/") + ".json"
    shell = (
        b'<html><head><script>var baseUrl = "/swift-relay/"</script></head>'
        b'<body><noscript>This page requires JavaScript.</noscript><div id="app"></div></body></html>'
    )
    router = (
        SiteRouter()
        .add("owner.github.io", page, httpx.Response(200, content=shell, headers=HTML))
        .add("owner.github.io", data, json_answer(fixture("apple_padding")))
    )  # fmt: skip
    result = await fetch_result(container_for(router, {"SEARCHRELAY_BROWSER": "off"}), url)
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    assert "nonisolated func padding(_ edges: Edge.Set = .all" in text
    assert (result.structured_content or {})["source_note"] == "Read through the documentation's DocC data."


async def test_web_fetch_reads_a_youtube_video_with_its_transcript() -> None:
    from tests.support import youtube_pages as youtube

    watch = httpx.Response(200, content=youtube.watch_page(youtube.player(), youtube.chapter_markers()),
                           headers={"content-type": "text/html; charset=utf-8"})  # fmt: skip
    captions = httpx.Response(200, content=youtube.timed_text([(0.5, 2.0, "Welcome to the talk.")]))
    router = (
        SiteRouter()
        .add("www.youtube.com", "/watch", watch)
        .add("www.youtube.com", "/youtubei/v1/player", json_answer(youtube.android_answer()))
        .add("www.youtube.com", youtube.CAPTIONS, captions)
    )
    result = await fetch_result(container_for(router), f"https://youtu.be/{youtube.VIDEO_ID}")
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    fenced = FENCED.search(text)
    assert fenced is not None
    assert "## Transcript (English)\n\n### Intro (0:00)\n\n[0:00] Welcome to the talk." in fenced.group(2)
    assert (result.structured_content or {})["source_note"] == "Read through YouTube's page data."


async def test_web_fetch_reads_a_swagger_ui_page_as_the_api_it_draws() -> None:
    from pathlib import Path

    spec = (Path(__file__).parents[1] / "support" / "pages" / "relay_openapi.json").read_bytes()
    shell = (
        b"<html><head><title>Relay API</title></head><body><div id='swagger-ui'></div>"
        b"<script src='./swagger-ui-bundle.js'></script>"
        b"<script>SwaggerUIBundle({url: '/openapi.json', dom_id: '#swagger-ui'})</script></body></html>"
    )
    router = (
        SiteRouter()
        .add("api.relay.example", "/docs", httpx.Response(200, content=shell, headers={"content-type": "text/html"}))
        .add(
            "api.relay.example",
            "/openapi.json",
            httpx.Response(200, content=spec, headers={"content-type": "application/json"}),
        )
    )
    result = await fetch_result(container_for(router), "https://api.relay.example/docs")
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    fenced = FENCED.search(text)
    assert fenced is not None
    assert "### `POST /search`: Search the web" in fenced.group(2)
    assert (result.structured_content or {})["source_note"] == "Read through the API description the page draws."
