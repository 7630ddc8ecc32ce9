"""Long GitHub threads: every page of a list (Link rel="next", GraphQL cursors) up to the bound, and
an honest note whenever the paging stops early. The API is faked behind the real page fetcher."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import anyio
import httpx
import pytest
from pydantic import SecretStr

from adapters.sites.github import GithubResolver
from application.site_reading import read_through_site
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "api.github.com"
REPO = "/repos/encode/httpx"
ISSUE_URL = "https://github.com/encode/httpx/issues/77"
# GitHub's own next links name the repository by id, not by owner/name.
PAGED = "/repositories/1/issues/77/comments"
START = datetime(2024, 3, 1, tzinfo=UTC)


def comment(index: int, **extra: Any) -> dict[str, Any]:
    when = (START + timedelta(minutes=index)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"id": index, "body": f"comment number {index}", "created_at": when, "user": {"login": f"u{index}"}, **extra}


def issue(total: int) -> httpx.Response:
    return json_answer({**fixture("gh_issue"), "comments": total})


def paged(pages: list[list[dict[str, Any]]], *, next_base: str = f"https://{API}{PAGED}") -> Any:
    """A list answered a page at a time, each page but the last linking to the next (as GitHub does)."""

    def answer(request: httpx.Request) -> httpx.Response:
        number = int(request.url.params.get("page", "1"))
        headers = {}
        if number < len(pages):
            last = f'<{next_base}?per_page=100&page={len(pages)}>; rel="last"'
            headers["Link"] = f'<{next_base}?per_page=100&page={number + 1}>; rel="next", {last}'
        return json_answer(pages[number - 1], headers=headers)

    return answer


def endless(request: httpx.Request) -> httpx.Response:
    number = int(request.url.params.get("page", "1"))
    items = [comment(number * 100 + i) for i in range(100)]
    return json_answer(items, headers={"Link": f'<https://{API}{PAGED}?per_page=100&page={number + 1}>; rel="next"'})


def issue_api(total: int, comments: Any) -> SiteRouter:
    """Issue #77 with ``total`` comments, listed by ``comments`` at the first URL and the next links'."""
    return (
        SiteRouter()
        .add(API, f"{REPO}/issues/77", issue(total))
        .add(API, f"{REPO}/issues/77/comments", comments)
        .add(API, PAGED, comments)
    )


def headings(markdown: str) -> list[str]:
    return [line for line in markdown.splitlines() if line.startswith("### ")]


async def test_an_issue_reads_every_page_of_its_comments_in_order_with_the_token_on_each() -> None:
    pages = [[comment(i) for i in range(start, start + size)] for start, size in ((0, 100), (100, 100), (200, 50))]
    router = issue_api(250, paged(pages))
    resolver = GithubResolver(routed_fetcher(router), token=SecretStr("ghp_secret"))
    page = await resolver.read(ISSUE_URL)
    written = [line for line in page.markdown.splitlines() if line.startswith("comment number ")]
    assert written == [f"comment number {i}" for i in range(250)]
    assert page.note is None and not page.truncated and "[Showing" not in page.markdown
    listed = [s for s in router.seen if "comments" in s.path]
    assert [s.params.get("page") for s in listed] == [None, "2", "3"]
    assert all(s.params["per_page"] == "100" for s in listed)
    assert all(s.headers["authorization"] == "Bearer ghp_secret" for s in router.seen)


async def test_a_next_link_to_another_origin_is_not_followed_and_the_page_says_so() -> None:
    pages = [[comment(i) for i in range(100)], [comment(100)]]
    router = (
        SiteRouter()
        .add(API, f"{REPO}/issues/77", issue(101))
        .add(API, f"{REPO}/issues/77/comments", paged(pages, next_base="https://collector.example/steal"))
    )
    resolver = GithubResolver(routed_fetcher(router), token=SecretStr("ghp_secret"))
    page = await resolver.read(ISSUE_URL)
    assert {s.host for s in router.seen} == {API}
    assert page.truncated and page.note == (
        "Showing the first 100 of 101 comments (page 2 could not be read: its link led away from the API's host, "
        "so it was not followed); the rest: https://github.com/encode/httpx/issues/77"
    )
    assert page.markdown.rstrip().endswith(f"[{page.note}]")


async def test_a_next_link_on_another_port_of_the_api_host_is_refused_too() -> None:
    pages = [[comment(0)], [comment(1)]]
    router = (
        SiteRouter()
        .add(API, f"{REPO}/issues/77", issue(2))
        .add(API, f"{REPO}/issues/77/comments", paged(pages, next_base=f"http://{API}:8080{PAGED}"))
    )
    page = await GithubResolver(routed_fetcher(router)).read(ISSUE_URL)
    assert len(router.seen) == 2 and page.note is not None and "led away from the API's host" in page.note


async def test_the_bound_stops_a_huge_thread_at_ten_pages_and_the_note_points_to_the_rest() -> None:
    router = issue_api(2345, endless)
    outcome = await read_through_site(ISSUE_URL, [GithubResolver(routed_fetcher(router))], seconds=30)
    assert outcome.page is not None
    assert len([s for s in router.seen if "comments" in s.path]) == 10
    assert len(headings(outcome.page.markdown)) == 1000
    cut = "Showing the first 1,000 of 2,345 comments (at most 10 pages of 100 are read); the rest: " + ISSUE_URL
    assert outcome.note == f"Read through the GitHub API. {cut}"
    assert outcome.page.truncated and outcome.page.markdown.rstrip().endswith(f"[{cut}]")


async def test_a_failing_later_page_keeps_the_pages_read_and_says_why() -> None:
    def flaky(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("page") == "3":
            return json_answer({"message": "Server Error"}, status=502)
        return paged([[comment(i) for i in range(100)], [comment(100 + i) for i in range(100)], []])(request)

    router = issue_api(230, flaky)
    outcome = await read_through_site(ISSUE_URL, [GithubResolver(routed_fetcher(router))], seconds=30)
    assert outcome.page is not None and len(headings(outcome.page.markdown)) == 200
    assert outcome.note == (
        "Read through the GitHub API. Showing the first 200 of 230 comments "
        "(page 3 could not be read: HTTP 502, the server failed: Server Error); the rest: " + ISSUE_URL
    )


async def test_the_read_deadline_stops_the_paging_but_keeps_the_thread_already_read() -> None:
    async def stalls_after_the_first(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("page"):
            await anyio.sleep_forever()
        return paged([[comment(i) for i in range(100)], [comment(100)]])(request)

    router = issue_api(101, stalls_after_the_first)
    # The fetcher's own per-call timeout is far off: what stops the second page is the read's deadline.
    resolver = GithubResolver(routed_fetcher(router, timeout_seconds=60))
    outcome = await read_through_site(ISSUE_URL, [resolver], seconds=1.5)
    assert outcome.page is not None and len(headings(outcome.page.markdown)) == 100
    assert outcome.note == (
        "Read through the GitHub API. Showing the first 100 of 101 comments "
        "(the page's deadline came before the next page of the list); the rest: " + ISSUE_URL
    )


async def test_a_pull_request_pages_reviews_and_line_comments_into_one_time_ordered_thread() -> None:
    def review(index: int) -> dict[str, Any]:
        return {**comment(index), "state": "COMMENTED", "submitted_at": comment(index)["created_at"]}

    def on_line(index: int) -> dict[str, Any]:
        return comment(index, path="httpx/_client.py", line=index)

    reviews = [[review(i) for i in range(0, 200, 2)], [review(201)]]  # page 2 holds the latest review
    on_code = [[on_line(i) for i in range(1, 200, 2)], [on_line(200)]]
    router = (
        SiteRouter()
        .add(API, f"{REPO}/issues/88", json_answer(fixture("gh_pull_issue")))
        .add(API, f"{REPO}/issues/88/comments", json_answer([]))
        .add(API, f"{REPO}/pulls/88", json_answer(fixture("gh_pull")))
        .add(API, f"{REPO}/pulls/88/reviews", paged(reviews, next_base=f"https://{API}/r/reviews"))
        .add(API, "/r/reviews", paged(reviews, next_base=f"https://{API}/r/reviews"))
        .add(API, f"{REPO}/pulls/88/comments", paged(on_code, next_base=f"https://{API}/r/lines"))
        .add(API, "/r/lines", paged(on_code, next_base=f"https://{API}/r/lines"))
    )
    page = await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/pull/88")
    written = [int(line.removeprefix("comment number ")) for line in page.markdown.splitlines() if "number " in line]
    assert written == [*range(201), 201] == sorted(written)
    assert page.note is None


async def test_a_discussion_pages_its_comments_by_cursor_and_shows_an_answer_past_them() -> None:
    def node(index: int) -> dict[str, Any]:
        return {"id": f"C{index}", "body": f"remark {index}", "createdAt": "2024-05-02T00:00:00Z", "upvoteCount": 0}

    answer = {**node(999), "body": "The chosen answer.", "isAnswer": True}
    base = fixture("gh_discussion")["data"]["repository"]["discussion"]

    def graphql(request: httpx.Request) -> httpx.Response:
        after = json.loads(request.content)["variables"]["after"]
        more = after is None
        nodes = [node(i) for i in (range(100) if more else range(100, 150))]
        info = {"hasNextPage": more, "endCursor": "cursor-1" if more else "cursor-2"}
        comments = {"totalCount": 2000, "pageInfo": info, "nodes": nodes}
        return json_answer({"data": {"repository": {"discussion": {**base, "answer": answer, "comments": comments}}}})

    router = SiteRouter().add(API, "/graphql", graphql)
    page = await GithubResolver(routed_fetcher(router), token=SecretStr("t")).read(base["url"])
    assert [json.loads(s.body)["variables"]["after"] for s in router.seen] == [None, "cursor-1"]
    sections = [line for line in page.markdown.splitlines() if line.startswith("## ")]
    assert len(sections) == 151 and sections[0].startswith("## Answer (marked as the answer)")
    assert page.note is None  # the cursor said there was no more


async def test_the_fetcher_reports_the_link_headers_next_page_as_an_absolute_url() -> None:
    router = (
        SiteRouter()
        .add(
            API,
            "/a",
            httpx.Response(200, json=[], headers={"Link": '</b?page=2>; rel="next", </b?page=9>; rel="last"'}),
        )
        .add(API, "/c", httpx.Response(200, json=[], headers={"Link": '</b?page=1>; rel="prev"'}))
    )
    fetcher = routed_fetcher(router)
    assert (await fetcher.call(f"https://{API}/a")).next_url == f"https://{API}/b?page=2"
    assert (await fetcher.call(f"https://{API}/c")).next_url is None
