"""The Discourse resolver: a forum topic recognised on any domain, its JSON read through the real fetcher."""

from __future__ import annotations

import copy
import html
import json
import re
from typing import Any

import httpx
import pytest

from adapters.sites.discourse import (
    MAX_POSTS,
    DiscourseResolver,
    TopicLink,
    preloaded_topic,
    says_discourse,
    topic_of,
)
from adapters.sites.discourse_posts import MAX_POST_HTML, MAX_TOPIC_HTML, Topic, cooked_markdown, topic_markdown
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
FORUM = "community.example"
TOPIC_URL = f"https://{FORUM}/t/start-making-my-home-smart-where-should-i-start/68911"
GENERATOR = (
    b'<meta name="generator" content="Discourse 3.4.0 - https://github.com/discourse/discourse version 4abee26">'
)


def shell(
    url: str = TOPIC_URL, head: bytes = GENERATOR, content_type: str = "text/html", preloaded: str = ""
) -> FetchedPage:
    """A topic page as Discourse serves it to a browser: a script shell, no posts in it (unless preloaded)."""
    body = b"<!DOCTYPE html><html><head><title>Start - Community</title>" + head
    body += b'</head><body><section id="main"></section>'
    body += f'<div class="hidden" id="data-preloaded" data-preloaded="{html.escape(preloaded)}"></div>'.encode()
    body += b'<script src="/assets/start-discourse.js"></script></body></html>'
    return FetchedPage(url, 200, content_type, "utf-8", body)


def preloading(topic_id: int, topic: Any) -> str:
    """Discourse's data-preloaded store: JSON whose values are JSON strings, one per preloaded thing."""
    return json.dumps({"site": json.dumps({"categories": []}), f"topic_{topic_id}": json.dumps(topic)})


def post(number: int, **fields: Any) -> dict[str, Any]:
    return {
        "id": 50_000 + number,
        "post_number": number,
        "post_type": 1,
        "username": f"user{number}",
        "created_at": "2024-05-01T10:00:00.000Z",
        "cooked": f"<p>POST-BODY-{number} words of post number {number}.</p>",
        **fields,
    }


def long_topic(count: int) -> dict[str, Any]:
    return {
        "id": 77,
        "title": "A long thread",
        "posts_count": count,
        "post_stream": {"stream": [50_000 + n for n in range(1, count + 1)], "posts": [post(n) for n in range(1, 21)]},
    }


def posts_by_id(request: httpx.Request) -> httpx.Response:
    ids = [int(i) - 50_000 for i in request.url.params.get_list("post_ids[]")]
    return json_answer({"post_stream": {"posts": [post(n) for n in ids]}, "id": 77})


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (TOPIC_URL, TopicLink(f"https://{FORUM}", 68911, None)),
        (f"https://{FORUM}/t/68911", TopicLink(f"https://{FORUM}", 68911, None)),
        (f"https://{FORUM}/t/68911/5", TopicLink(f"https://{FORUM}", 68911, 5)),
        (f"{TOPIC_URL}/12/", TopicLink(f"https://{FORUM}", 68911, 12)),
        (f"{TOPIC_URL}?u=someone", TopicLink(f"https://{FORUM}", 68911, None)),
        ("https://example.org/forum/t/slug/9", TopicLink("https://example.org/forum", 9, None)),
        ("http://example.org:8080/t/slug/9", TopicLink("http://example.org:8080", 9, None)),
        (f"https://{FORUM}/t/slug", None),
        (f"https://{FORUM}/latest", None),
        (f"https://{FORUM}/c/configuration/5", None),
        ("ftp://example.org/t/slug/9", None),
        ("https://example.org/a%3Fb/t/slug/9", None),  # the sub-folder goes into the API's address
        ("https://example.org/t/slug/9%0A", None),
        ("https://example.org/t/slug/\u0669", None),  # an Arabic-Indic digit is not an id
        ("https://user:pw@[::1]:8080/t/slug/9", TopicLink("https://[::1]:8080", 9, None)),
        ("not a url", None),
    ],
)
def test_topic_urls_are_read_as_discourse_routes_them(url: str, expected: TopicLink | None) -> None:
    assert topic_of(url) == expected


@pytest.mark.parametrize(
    ("page", "recognised"),
    [
        (shell(), True),
        (shell(head=b'<META content="Discourse 2.9" NAME="generator">'), True),
        (shell(head=b'<meta name="generator" content="WordPress 6.5">'), False),
        (shell(head=b""), False),
        (shell(content_type="application/json"), False),
        (shell(head=b"<!-- " + b"x" * 40_000 + b" -->" + GENERATOR), False),  # past the head's first 32 KB
    ],
)
def test_a_discourse_page_is_recognised_by_its_generator_tag(page: FetchedPage, recognised: bool) -> None:
    assert says_discourse(page) is recognised


def test_only_a_discourse_page_at_a_topic_address_is_recognised() -> None:
    resolver = DiscourseResolver(routed_fetcher(SiteRouter()))
    assert resolver.recognises(shell())
    assert not resolver.recognises(shell(url=f"https://{FORUM}/latest"))
    assert not resolver.recognises(shell(head=b""))


async def test_a_topic_reads_every_post_in_order_with_its_author_date_and_the_solution_marked() -> None:
    router = SiteRouter().add(FORUM, "/t/68911.json", json_answer(fixture("discourse_topic")))
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell())
    text = page.markdown
    assert text.startswith("# Start making my home smart. Where should I start?\n")
    assert (
        "Topic on community.example · 4 posts · 15,230 views · started by nordic_ola on 2018-09-12"
        " · solved: post #3 by petro · closed · tags: zigbee, beginner\n"
    ) in text
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == [
        "## Post #1 · nordic_ola on 2018-09-12 · 3 likes",
        "## Post #2 · alice on 2018-09-12 · reply to #1",
        "## Post #3 · petro on 2018-09-13 · 7 likes · the solution",
    ]  # the "closed" notice (a small action) has no text of its own
    # Relative links are the forum's own addresses.
    assert "[Xiaomi](https://community.example/tag/xiaomi)" in text
    # A quote says whose words it repeats; an emoji is its name.
    assert "> nordic_ola, post #1:\n>\n> What is the best solution?" in text
    assert "Start with one room and a few sensors :slight_smile:" in text
    # A link preview is its link; an image keeps its picture, not its size caption.
    assert "[Zigbee Home Automation](https://www.home-assistant.io/integrations/zha/)" in text
    assert "PREVIEW-TEXT-NOT-WANTED" not in text and "1920×1080" not in text
    assert "```yaml\nzha:\n  database_path: /config/zigbee.db\n```" in text
    assert (page.url, page.source, page.truncated, page.note) == (TOPIC_URL, "the forum's Discourse API", False, None)
    assert router.paths() == ["/t/68911.json"]


async def test_the_posts_past_the_first_chunk_are_asked_for_by_id_up_to_the_bound() -> None:
    router = (
        SiteRouter().add(FORUM, "/t/77.json", json_answer(long_topic(130))).add(FORUM, "/t/77/posts.json", posts_by_id)
    )
    url = f"https://{FORUM}/t/a-long-thread/77"
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(url))
    asked = [s for s in router.seen if s.path == "/t/77/posts.json"]
    assert len(asked) == (MAX_POSTS - 20) // 20
    numbers = [int(n) for n in re.findall(r"^## Post #(\d+) ", page.markdown, re.MULTILINE)]
    assert numbers == list(range(1, MAX_POSTS + 1))
    assert page.truncated is True
    assert (
        page.note
        == f"Showing {MAX_POSTS} of 130 posts, #1 to #{MAX_POSTS}; the next: https://{FORUM}/t/77/{MAX_POSTS + 1}"
    )


async def test_a_link_to_a_post_past_the_bound_reads_from_it_on_below_the_opening_post() -> None:
    near = {"post_stream": {"posts": [post(n) for n in range(120, 140)]}}
    router = (
        SiteRouter()
        .add(FORUM, "/t/77.json", json_answer(long_topic(300)))
        .add(FORUM, "/t/77/posts.json", posts_by_id)
        .add(FORUM, "/t/77/125.json", json_answer(near))
    )
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(f"https://{FORUM}/t/a-long-thread/77/125"))
    numbers = [int(n) for n in re.findall(r"^## Post #(\d+) ", page.markdown, re.MULTILINE)]
    assert numbers == [1, *range(125, 125 + MAX_POSTS)]
    assert f"(posts #2 to #124 not shown: https://{FORUM}/t/77/2)" in page.markdown
    assert "## Post #125 · user125 on 2024-05-01 · the one linked" in page.markdown
    # The note's address reads the next window: an agent pages through a long thread with it.
    assert page.note == f"Showing 100 of 300 posts, #125 to #224; the next: https://{FORUM}/t/77/225"


async def test_a_topic_too_long_to_list_its_posts_says_how_many_it_has_and_where_to_go_on() -> None:
    mega = {
        "id": 77,
        "title": "megatopic",
        "posts_count": 15000,
        "post_stream": {"posts": [post(n) for n in range(1, 21)]},
    }
    router = SiteRouter().add(FORUM, "/t/77.json", json_answer(mega))
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(f"https://{FORUM}/t/megatopic/77"))
    assert page.truncated is True
    assert page.note == f"Showing 20 of 15,000 posts, #1 to #20; the next: https://{FORUM}/t/77/21"


async def test_a_linked_post_that_cannot_be_read_costs_only_that_post() -> None:
    router = (
        SiteRouter()
        .add(FORUM, "/t/77.json", json_answer(long_topic(130)))
        .add(FORUM, "/t/77/posts.json", posts_by_id)
        .add(FORUM, "/t/77/125.json", json_answer({"errors": ["rate limited"]}, status=429))
    )
    url = f"https://{FORUM}/t/a-long-thread/77/125"
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(url))
    assert "POST-BODY-100" in page.markdown
    assert page.note == (
        f"Showing 100 of 130 posts, #1 to #100; the next: https://{FORUM}/t/77/101 "
        "The linked post #125 could not be read (HTTP 429, rate limit reached: rate limited)."
    )


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (json_answer({"errors": ["You are not permitted to view the requested resource."]}, status=403),
         "HTTP 403, access refused or rate limit reached: You are not permitted to view the requested resource."),
        (json_answer({"id": 68911, "post_stream": {"posts": []}}), "its answer had no posts"),
        (json_answer([1, 2, 3]), "its answer had no posts"),
        (httpx.Response(200, content=b"<html>login</html>"), "its answer was not valid JSON"),
    ],
)  # fmt: skip
async def test_a_topic_the_forum_will_not_give_is_a_plain_failure(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add(FORUM, "/t/68911.json", answer)
    with pytest.raises(SiteUnavailable) as failure:
        await DiscourseResolver(routed_fetcher(router)).read_page(shell())
    assert failure.value.reason == reason


async def test_fields_of_the_wrong_type_read_as_missing() -> None:
    topic = copy.deepcopy(fixture("discourse_topic"))
    topic["title"], topic["fancy_title"] = ["not", "text"], None
    topic["views"] = "many"
    topic["tags"] = "zigbee"
    first = topic["post_stream"]["posts"][0]
    first.update(username=None, created_at=17, cooked={"html": 1}, actions_summary="3", post_number="1")
    router = SiteRouter().add(FORUM, "/t/68911.json", json_answer(topic))
    text = (await DiscourseResolver(routed_fetcher(router)).read_page(shell())).markdown
    assert text.startswith("# (untitled topic)\n")
    assert "views" not in text.split("\n")[2] and "tags" not in text.split("\n")[2]
    assert "## Post · an unknown user\n\n(no text)\n" in text


def test_a_quote_without_its_author_still_quotes_and_unlabelled_code_names_no_language() -> None:
    cooked = '<aside class="quote"><blockquote><p>quoted words</p></blockquote></aside><p>answer</p>'
    assert cooked_markdown(cooked, TOPIC_URL) == "> quoted words\n\nanswer"
    assert cooked_markdown("   ", TOPIC_URL) == ""
    assert cooked_markdown('<pre><code class="lang-auto">a = 1\n</code></pre>', TOPIC_URL) == "```\na = 1\n```"


async def test_the_topic_the_page_already_carries_is_read_without_asking_the_forum() -> None:
    router = SiteRouter()  # any call would be a 404
    page = shell(preloaded=preloading(68911, fixture("discourse_topic")))
    resolved = await DiscourseResolver(routed_fetcher(router)).read_page(page)
    assert "## Post #3 · petro on 2018-09-13 · 7 likes · the solution" in resolved.markdown
    assert router.seen == []


@pytest.mark.parametrize(
    "preloaded",
    [
        "",  # a bare shell
        "{not json",
        json.dumps({"topic_68911": "{not json either"}),
        preloading(12345, fixture("discourse_topic")),  # another topic (a suggested one)
        preloading(68911, {"post_stream": {"posts": []}}),
        json.dumps(["a list"]),
    ],
)
async def test_a_page_without_a_usable_copy_of_the_topic_costs_the_call(preloaded: str) -> None:
    assert preloaded_topic(shell(preloaded=preloaded).body, 68911) is None
    router = SiteRouter().add(FORUM, "/t/68911.json", json_answer(fixture("discourse_topic")))
    resolved = await DiscourseResolver(routed_fetcher(router)).read_page(shell(preloaded=preloaded))
    assert "the solution" in resolved.markdown and router.paths() == ["/t/68911.json"]


async def test_a_linked_post_the_page_carries_needs_no_call_for_its_chunk() -> None:
    topic = long_topic(130)
    topic["post_stream"]["posts"] = [post(n) for n in range(120, 131)]  # the page opened at post 125
    router = SiteRouter().add(FORUM, "/t/77/posts.json", posts_by_id)
    url = f"https://{FORUM}/t/a-long-thread/77/125"
    resolved = await DiscourseResolver(routed_fetcher(router)).read_page(shell(url, preloaded=preloading(77, topic)))
    assert "## Post #125 · user125 on 2024-05-01 · the one linked" in resolved.markdown
    assert "## Post #1 · user1" in resolved.markdown
    assert set(router.paths()) == {"/t/77/posts.json"}


async def test_a_later_chunk_that_fails_keeps_the_posts_read_and_says_why_the_rest_is_missing() -> None:
    def second_chunk_fails(request: httpx.Request) -> httpx.Response:
        if "50041" in request.url.params.get_list("post_ids[]"):
            return json_answer({"errors": ["Slow down, too many requests"]}, status=429)
        return posts_by_id(request)

    router = (
        SiteRouter()
        .add(FORUM, "/t/77.json", json_answer(long_topic(130)))
        .add(FORUM, "/t/77/posts.json", second_chunk_fails)
    )
    url = f"https://{FORUM}/t/a-long-thread/77"
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(url))
    numbers = [int(n) for n in re.findall(r"^## Post #(\d+) ", page.markdown, re.MULTILINE)]
    assert numbers == list(range(1, 41))
    assert page.note == (
        "Showing 40 of 130 posts, #1 to #40 (the next could not be read: HTTP 429, rate limit reached:"
        f" Slow down, too many requests); the next: https://{FORUM}/t/77/41"
    )


def test_a_post_hidden_by_flags_says_so_instead_of_its_text() -> None:
    hidden = post(2, cooked="<p>SPAM-TEXT</p>", cooked_hidden=True)
    text = topic_markdown(Topic({"title": "t"}, [post(1), hidden], total=2), TOPIC_URL)
    assert "## Post #2 · user2 on 2024-05-01\n\n(hidden: flagged by the community)" in text
    assert "SPAM-TEXT" not in text


def test_the_html_converted_is_bounded_per_post_and_per_window() -> None:
    """A forum (or a page posing as one) cannot make the server convert megabytes in a thread no deadline stops."""
    huge = [post(n, cooked="<p>" + "word " * 38_000 + f"END-OF-POST-{n}</p>") for n in range(1, 21)]  # 190 kB each
    topic = Topic({"title": "t"}, huge, total=20, topic_url=f"https://{FORUM}/t/77")
    text = topic_markdown(topic, TOPIC_URL)
    numbers = [int(n) for n in re.findall(r"^## Post #(\d+) ", text, re.MULTILINE)]
    assert numbers == list(range(1, MAX_TOPIC_HTML // MAX_POST_HTML + 1))
    assert text.count(f"(post cut: its HTML passed {MAX_POST_HTML:,} characters)") == len(numbers)
    assert "END-OF-POST" not in text
    assert topic.cut_note() == (
        f"Showing {len(numbers)} of 20 posts, #1 to #{len(numbers)} (the posts' HTML passed its bound); "
        f"the next: https://{FORUM}/t/77/{len(numbers) + 1}"
    )


def ids_of(markdown: str) -> list[int]:
    return [int(n) for n in re.findall(r"^## Post #(\d+) ", markdown, re.MULTILINE)]


async def test_following_the_next_address_pages_through_the_whole_topic_once() -> None:
    router = (
        SiteRouter()
        .add(FORUM, "/t/77.json", json_answer(long_topic(230)))
        .add(FORUM, "/t/77/posts.json", posts_by_id)
        .add(FORUM, "/t/77/101.json", json_answer({"post_stream": {"posts": [post(n) for n in range(96, 116)]}}))
        .add(FORUM, "/t/77/201.json", json_answer({"post_stream": {"posts": [post(n) for n in range(196, 216)]}}))
    )
    resolver = DiscourseResolver(routed_fetcher(router))
    url, seen, reads = f"https://{FORUM}/t/a-long-thread/77", [], 0
    while url and reads < 5:
        page = await resolver.read_page(shell(url))
        seen += [n for n in ids_of(page.markdown) if n != 1 or not seen]  # the opening post heads every window
        match = re.search(r"the next: (\S+)", page.note or "")
        url, reads = (match.group(1) if match else ""), reads + 1
    assert seen == list(range(1, 231)) and reads == 3


async def test_deleted_posts_do_not_hide_the_rest_of_the_topic() -> None:
    """Post numbers skip deleted posts; whether more follow is told by place in the stream, not by number."""
    numbers = [*range(1, 91), *range(220, 250)]
    topic = {
        "id": 77,
        "title": "gaps",
        "post_stream": {"stream": [50_000 + n for n in numbers], "posts": [post(n) for n in range(1, 21)]},
    }
    router = SiteRouter().add(FORUM, "/t/77.json", json_answer(topic)).add(FORUM, "/t/77/posts.json", posts_by_id)
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(f"https://{FORUM}/t/gaps/77"))
    assert ids_of(page.markdown)[-1] == 229
    assert page.note == f"Showing 100 of 120 posts, #1 to #229; the next: https://{FORUM}/t/77/230"


async def test_a_link_to_a_post_the_topic_does_not_have_says_so() -> None:
    router = (
        SiteRouter()
        .add(FORUM, "/t/77.json", json_answer(long_topic(30)))
        .add(FORUM, "/t/77/posts.json", posts_by_id)
        .add(FORUM, "/t/77/500.json", json_answer({"post_stream": {"posts": [post(n) for n in range(11, 31)]}}))
    )
    page = await DiscourseResolver(routed_fetcher(router)).read_page(shell(f"https://{FORUM}/t/x/77/500"))
    assert ids_of(page.markdown) == list(range(1, 31))
    assert page.note == "The linked post #500 could not be read (the topic has no post #500)."


async def test_a_window_whose_later_posts_fail_keeps_the_linked_chunk_and_goes_on_from_it() -> None:
    topic = long_topic(300)
    topic["post_stream"]["posts"] = [post(n) for n in range(150, 170)]  # the page opened at post 150
    router = SiteRouter().add(FORUM, "/t/77/posts.json", json_answer({"errors": ["boom"]}, status=500))
    page = await DiscourseResolver(routed_fetcher(router)).read_page(
        shell(f"https://{FORUM}/t/x/77/150", preloaded=preloading(77, topic))
    )
    assert ids_of(page.markdown) == list(range(150, 170))  # the opening post could not be read either
    assert page.note == (
        "Showing 20 of 300 posts, #150 to #169 (the next could not be read: HTTP 500, the server failed: boom);"
        f" the next: https://{FORUM}/t/77/170"
    )
