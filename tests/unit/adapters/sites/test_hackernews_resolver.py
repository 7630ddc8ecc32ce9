"""The Hacker News resolver against a faked HN Search API, through the real page fetcher."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from adapters.sites.comment_tree import MAX_COMMENTS, MAX_DEPTH
from adapters.sites.hackernews import HackerNewsResolver, item_of
from adapters.sites.hackernews_comments import thread_markdown
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "hn.algolia.com"
STORY = "https://news.ycombinator.com/item?id=38000001"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (STORY, 38000001),
        ("http://news.ycombinator.com/item?id=1&p=2", 1),
        ("https://news.ycombinator.com/item?id=abc", None),
        ("https://news.ycombinator.com/item?id=12%0A", None),
        ("https://news.ycombinator.com/item", None),
        ("https://news.ycombinator.com/news", None),
        ("https://news.ycombinator.com/user?id=pg", None),
        ("https://ycombinator.com/item?id=1", None),
        ("https://news.ycombinator.com.evil.example/item?id=1", None),
    ],
)
def test_item_urls_are_recognised(url: str, expected: int | None) -> None:
    assert item_of(url) == expected


async def test_a_story_reads_with_its_comment_tree_nested_as_on_the_page() -> None:
    router = SiteRouter().add(API, "/api/v1/items/38000001", json_answer(fixture("hn_item")))
    page = await HackerNewsResolver(routed_fetcher(router)).read(STORY)
    text = page.markdown
    assert text.startswith("# Show HN: A tiny relay for web search\n")
    assert (
        "[example.org](https://example.org/relay?ref=hn) · 523 points · by pgstory on 2023-10-25"
        " · 5 comments on Hacker News"
    ) in text
    assert (
        "- **alice** · 2023-10-25\n"
        "  How does it pick a provider when two fail at once?\n"
        "\n"
        "  I tried [this](https://example.com/x) and it hung.\n"
        "  - **pgstory** · 2023-10-25\n"
        "    A decision table:\n"
        "\n"
        "    ```\n"
        "      if both fail: next tier\n"
        "    ```\n"
        "    - **[deleted]** · 2023-10-25\n"
        "      (deleted)\n"
        "      - **carol** · 2023-10-26\n"
        "        Replying to a deleted comment still shows up.\n"
        "- **bob** · 2023-10-25\n"
        "  SECOND-TOP-LEVEL comment."
    ) in text
    assert (page.source, page.truncated, page.note) == ("the Hacker News API", False, None)


def chain(depth: int) -> dict[str, Any]:
    """A story whose single thread of replies goes ``depth`` comments deep."""
    node: dict[str, Any] = {"id": 1000 + depth, "type": "comment", "author": f"u{depth}", "text": f"<p>level {depth}"}
    for level in range(depth - 1, 0, -1):
        node = {
            "id": 1000 + level,
            "type": "comment",
            "author": f"u{level}",
            "text": f"<p>level {level}",
            "children": [node],
        }
    return {"id": 1, "type": "story", "title": "deep", "author": "op", "children": [node]}


def test_indentation_stops_growing_and_a_deeper_reply_says_whom_it_answers() -> None:
    text = thread_markdown(chain(MAX_DEPTH + 3)).markdown
    deepest = "  " * MAX_DEPTH
    assert f"\n{deepest}- **u{MAX_DEPTH + 1}**\n" in text  # the last level that still indents
    assert f"\n{deepest}- **u{MAX_DEPTH + 2}** · reply to u{MAX_DEPTH + 1}\n" in text
    assert f"\n{deepest}  level {MAX_DEPTH + 3}" in text


def test_a_thread_thousands_deep_is_walked_without_recursion() -> None:
    thread = thread_markdown(chain(3000))  # past Python's recursion limit
    assert f"level {MAX_COMMENTS}\n" in thread.markdown
    assert thread.note is not None and "of 3,000 comments" in thread.note


def test_a_huge_thread_stops_at_the_bound_and_says_so() -> None:
    replies = [{"type": "comment", "author": f"u{i}", "text": f"<p>c{i}", "children": []} for i in range(1500)]
    thread = thread_markdown({"id": 7, "type": "story", "title": "big", "children": replies})
    assert thread.markdown.count("\n- **u") == MAX_COMMENTS
    assert "\n- (500 more comments not shown)\n" in thread.markdown
    assert thread.note is not None and thread.note.startswith(f"Showing {MAX_COMMENTS:,} of 1,500 comments")


def test_the_bound_cuts_the_deepest_replies_first_and_links_where_they_were() -> None:
    """One long argument under the first comment must not push the later top-level comments out."""
    argument = chain(1200)["children"][0]
    later = [
        {"id": 200 + i, "type": "comment", "author": f"later{i}", "text": "<p>x", "children": []} for i in range(5)
    ]
    thread = thread_markdown({"id": 1, "type": "story", "title": "t", "children": [argument, *later]})
    assert all(f"- **later{i}**" in thread.markdown for i in range(5))
    assert "level 995\n" in thread.markdown and "level 996\n" not in thread.markdown
    assert "  - (205 more replies not shown: https://news.ycombinator.com/item?id=1995)\n" in thread.markdown


async def test_a_comment_link_reads_that_comment_and_its_replies() -> None:
    comment = fixture("hn_item")["children"][0]
    router = SiteRouter().add(API, "/api/v1/items/38000010", json_answer(comment))
    text = (
        await HackerNewsResolver(routed_fetcher(router)).read("https://news.ycombinator.com/item?id=38000010")
    ).markdown
    assert text.startswith("# A comment on Hacker News\n\nby alice on 2023-10-25 · 3 replies")
    assert "in the thread https://news.ycombinator.com/item?id=38000001" in text
    assert "## Replies\n\n- **pgstory** · 2023-10-25" in text


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (json_answer({"status": 404, "error": "Not Found"}, status=404), "HTTP 404, not found: Not Found"),
        (json_answer({"id": 1}), "its answer had no item"),
        (json_answer([]), "its answer had no item"),
    ],
)
async def test_an_item_the_api_will_not_give_is_a_plain_failure(answer: Any, reason: str) -> None:
    router = SiteRouter().add(API, "/api/v1/items/38000001", answer)
    with pytest.raises(SiteUnavailable) as failure:
        await HackerNewsResolver(routed_fetcher(router)).read(STORY)
    assert failure.value.reason == reason


async def test_an_answer_nested_past_what_json_can_read_is_refused_in_plain_words() -> None:
    deep = '{"type":"comment","children":[' * 50_000 + "]}" * 50_000
    body = ('{"id":1,"type":"story","title":"deep","children":[' + deep + "]}").encode()
    router = SiteRouter().add(API, "/api/v1/items/38000001", httpx.Response(200, content=body))
    with pytest.raises(SiteUnavailable) as failure:
        await HackerNewsResolver(routed_fetcher(router)).read(STORY)
    assert failure.value.reason == "its answer was nested too deeply to read"


def test_a_story_link_that_is_no_address_is_left_out_of_the_thread() -> None:
    from adapters.sites.hackernews_comments import thread_markdown

    for link in ("https://[::1/x", "https://a.example/x)\n\n# Injected heading"):
        said = thread_markdown({"type": "story", "title": "Relay", "url": link, "children": []}).markdown
        assert said.startswith("# Relay\n\nby ") and "# Injected" not in said
