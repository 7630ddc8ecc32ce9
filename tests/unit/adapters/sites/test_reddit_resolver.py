"""The Reddit resolver against a faked JSON view of a thread, through the real page fetcher."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from adapters.sites.reddit import RedditResolver, thread_path
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
REDDIT = "www.reddit.com"
THREAD = "https://www.reddit.com/r/Python/comments/1d5xyz/is_asyncio_worth_it/"
JSON_PATH = "/r/Python/comments/1d5xyz/is_asyncio_worth_it.json"


@pytest.mark.parametrize(
    ("url", "path"),
    [
        (THREAD, "/r/Python/comments/1d5xyz/is_asyncio_worth_it"),
        (THREAD.replace("www.", "old.") + "?sort=top", "/r/Python/comments/1d5xyz/is_asyncio_worth_it"),
        ("https://reddit.com/r/Python/comments/1d5xyz/", "/r/Python/comments/1d5xyz"),
        ("https://www.reddit.com/r/Python/comments/1d5xyz/slug/l9abc12/", "/r/Python/comments/1d5xyz/slug/l9abc12"),
        ("https://www.reddit.com/user/someone/comments/1d5xyz/my_post/", "/user/someone/comments/1d5xyz/my_post"),
        ("https://www.reddit.com/comments/1d5xyz", "/comments/1d5xyz"),
        ("https://redd.it/1d5xyz", "/comments/1d5xyz"),
        ("https://www.reddit.com/r/Python/", None),
        ("https://www.reddit.com/r/Python/top/?t=week", None),
        ("https://www.reddit.com/r/Python/comments/1D5XYZ/", None),
        ("https://www.reddit.com.evil.example/r/x/comments/1d5xyz/", None),
        ("https://redd.it/", None),
        # The path is rebuilt from its parts: nothing a URL decodes to reaches the address asked.
        ("https://www.reddit.com/r/x/comments/1d5xyz/%3Fq=1%23f/", "/r/x/comments/1d5xyz"),
        ("https://www.reddit.com/r/x/comments/1d5xyz/%2E%2E/abc123", "/r/x/comments/1d5xyz/_/abc123"),
        ("https://www.reddit.com/r/x/comments/1d5xyz%0A", None),
    ],
)  # fmt: skip
def test_thread_urls_are_recognised_on_every_reddit_host(url: str, path: str | None) -> None:
    assert thread_path(url) == path


def answering(answer: httpx.Response) -> SiteRouter:
    return SiteRouter().add(REDDIT, JSON_PATH, answer)


async def test_a_thread_reads_with_its_post_facts_and_the_comment_tree() -> None:
    router = answering(json_answer(fixture("reddit_thread")))
    page = await RedditResolver(routed_fetcher(router)).read(THREAD)
    text = page.markdown
    assert text.startswith("# Is asyncio worth it for a small scraper?\n")
    assert (
        "r/Python · 347 points (94% upvoted) · by u/scrapey_mc on 2024-06-01 · 58 comments · flair: Discussion"
    ) in text
    # The author's Markdown as written: unescaped, code fence and all.
    assert "Threads work fine & I'm not sure <asyncio> buys me anything." in text
    assert "```python\nwith ThreadPoolExecutor(8) as pool:\n    pool.map(fetch, urls)\n```" in text
    assert (
        "- **u/AutoModerator** · moderator · pinned · 1 point · 2024-06-01\n"
        "  Please read the rules before posting.\n"
        "- **u/loop_lady** · 512 points · 2024-06-01\n"
        "  For 200 pages a day, no. Threads are simpler and the GIL is released during I/O.\n"
        "  - **u/scrapey_mc** (OP) · 40 points · 2024-06-01\n"
        "    That's what I suspected, thanks!\n"
        "    - (12 more replies on Reddit: https://www.reddit.com/r/Python/comments/1d5xyz/is_asyncio_worth_it/sc01/)\n"
        "  - **[deleted]** · 2024-06-01\n"
        "    [removed]\n"
        "    - (the thread continues on Reddit: https://www.reddit.com/r/Python/comments/1d5xyz/is_asyncio_worth_it/dd01/)\n"
        "- (31 more replies on Reddit)\n"
    ) in text
    assert page.note == (
        "43 more replies were not in Reddit's first answer; 1 deeper thread continues on Reddit:"
        " each gap is marked where it was, with the link that reads it"
    )
    assert page.truncated is True
    (asked,) = router.seen
    assert asked.params == {"raw_json": "1", "limit": "500"}


async def test_a_short_link_reads_the_same_thread() -> None:
    router = SiteRouter().add(REDDIT, "/comments/1d5xyz.json", json_answer(fixture("reddit_thread")))
    page = await RedditResolver(routed_fetcher(router)).read("https://redd.it/1d5xyz")
    assert page.markdown.startswith("# Is asyncio worth it")


async def test_a_share_link_reads_the_thread_it_leads_to() -> None:
    moved = httpx.Response(301, headers={"location": f"{THREAD}?share_id=abc&utm_medium=android_app"})
    router = (
        SiteRouter()
        .add(REDDIT, "/r/Python/s/AbCdEf1234", moved)
        .add(REDDIT, "/r/Python/comments/1d5xyz/is_asyncio_worth_it/", httpx.Response(403))  # the page itself refused
        .add(REDDIT, JSON_PATH, json_answer(fixture("reddit_thread")))
    )
    resolver = RedditResolver(routed_fetcher(router))
    assert resolver.handles("https://www.reddit.com/r/Python/s/AbCdEf1234")

    page = await resolver.read("https://www.reddit.com/r/Python/s/AbCdEf1234")

    assert page.markdown.startswith("# Is asyncio worth it")
    assert router.paths()[-1] == JSON_PATH


async def test_a_share_link_that_leads_elsewhere_is_refused() -> None:
    moved = httpx.Response(302, headers={"location": "https://www.reddit.com/r/Python/"})
    router = SiteRouter().add(REDDIT, "/r/Python/s/AbCdEf1234", moved).add(REDDIT, "/r/Python/", httpx.Response(200))
    with pytest.raises(SiteUnavailable, match="did not lead to a thread"):
        await RedditResolver(routed_fetcher(router)).read("https://www.reddit.com/r/Python/s/AbCdEf1234")


def thread_with(post: dict[str, Any], comments: list[Any] | None = None) -> list[Any]:
    return [
        {"kind": "Listing", "data": {"children": [{"kind": "t3", "data": post}]}},
        {"kind": "Listing", "data": {"children": comments or []}},
    ]


async def test_a_link_post_shows_its_link_and_fields_of_the_wrong_type_read_as_missing() -> None:
    post = {"title": "A link", "url": "https://example.org/a", "is_self": False, "score": "many", "created_utc": "x"}
    comment = {"kind": "t1", "data": {"author": 7, "body": None, "replies": "nonsense", "score": 1.5}}
    router = answering(json_answer(thread_with(post, [comment, {"kind": "t5"}, "junk"])))
    text = (await RedditResolver(routed_fetcher(router)).read(THREAD)).markdown
    assert text.startswith(
        "# A link\n\nr/... ".replace("r/... ", "Reddit · by [deleted]\n\nLink: https://example.org/a\n")
    )
    assert "- **[deleted]**\n  (no text)" in text


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (json_answer({"message": "Forbidden", "error": 403}, status=403),
         "HTTP 403, access refused or rate limit reached: Forbidden"),
        (httpx.Response(403, content=b"<html>blocked</html>"), "HTTP 403, access refused or rate limit reached"),
        (json_answer({"kind": "Listing", "data": {"children": []}}), "its answer had no post"),
        (json_answer([{"kind": "Listing", "data": {"children": []}}]), "its answer had no post"),
    ],
)  # fmt: skip
async def test_a_thread_reddit_will_not_give_is_a_plain_failure(answer: httpx.Response, reason: str) -> None:
    with pytest.raises(SiteUnavailable) as failure:
        await RedditResolver(routed_fetcher(answering(answer))).read(THREAD)
    assert failure.value.reason == reason


def test_a_cut_stub_counts_the_replies_it_stands_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from adapters.sites import comment_tree
    from adapters.sites.reddit_comments import thread_markdown

    monkeypatch.setattr(comment_tree, "MAX_COMMENTS", 3)
    stub = {"kind": "more", "data": {"count": 50, "parent_id": "t1_aaa1"}}
    b = {"kind": "t1", "data": {"id": "bbb1", "author": "b", "body": "B", "replies": ""}}
    a = {"kind": "t1", "data": {"id": "aaa1", "author": "a", "body": "A", "replies": {"data": {"children": [b, stub]}}}}
    c = {"kind": "t1", "data": {"id": "ccc1", "author": "c", "body": "C", "replies": ""}}
    data = [{"data": {"children": [{"kind": "t3", "data": {"title": "t", "permalink": "/r/x/comments/p1/t/"}}]}},
            {"data": {"children": [a, c]}}]  # fmt: skip
    thread = thread_markdown(data, "https://www.reddit.com/r/x/comments/p1/t")
    assert thread is not None
    assert "  - (50 more replies not shown: https://www.reddit.com/r/x/comments/p1/t/aaa1/)" in thread.markdown
    assert thread.note is not None and thread.note.startswith("Showing 3 of 53 comments")
