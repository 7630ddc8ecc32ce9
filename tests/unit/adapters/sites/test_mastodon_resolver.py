"""The Mastodon resolver: a post recognised on any server, its thread read through the server's API."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from adapters.sites.mastodon import MastodonResolver, PostLink, post_of, says_mastodon
from adapters.sites.mastodon_posts import GIVEN_REPLIES, MAX_POST_HTML, thread_markdown
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "social.example"
POST = f"https://{HOST}/@ada/113000000000000001"
APP = b"<div id='mastodon' data-props='{}'></div><script id=\"initial-state\" type=\"application/json\">{}</script>"


def shell(url: str = POST, body: bytes = APP) -> FetchedPage:
    page = b"<html><head><title>Ada on social.example</title></head><body>" + body
    page += b"<noscript>To use the Mastodon web application, please enable JavaScript.</noscript></body></html>"
    return FetchedPage(url, 200, "text/html", "utf-8", page)


def status(sid: str, handle: str, html: str, reply_to: str | None = None, **fields: Any) -> dict[str, Any]:
    return {
        "id": sid,
        "created_at": "2025-06-01T08:30:00.000Z",
        "in_reply_to_id": reply_to,
        "account": {"acct": handle, "display_name": handle.title()},
        "content": html,
        "url": f"https://{HOST}/@{handle}/{sid}",
        **fields,
    }


THE_POST = status(
    "113000000000000001",
    "ada",
    '<p>Released <a href="https://example.org/relay">relay 2.0</a> today.</p><p>Thanks, everyone!</p>',
    reply_to="113000000000000000",
    replies_count=3,
    reblogs_count=7,
    favourites_count=40,
    spoiler_text="",
    media_attachments=[{"type": "image", "url": "https://files.example/a.png", "description": "the [new] logo"}],
    card={"url": "https://example.org/relay", "title": "Relay 2.0 notes"},
)
CONTEXT = {
    "ancestors": [status("113000000000000000", "bob", "<p>When is 2.0 out?</p>")],
    "descendants": [
        status("113000000000000010", "cy", "<p>Congrats!</p>", reply_to="113000000000000001"),
        status("113000000000000011", "ada", "<p>Thank you!</p>", reply_to="113000000000000010"),
        status("113000000000000012", "dee", "<p>Does it need Redis?</p>", reply_to="113000000000000001",
               spoiler_text="ops talk"),
        status("113000000000000013", "eve", "<p>An orphan whose parent the server kept back.</p>", reply_to="999"),
    ],
}  # fmt: skip


def server(context: Any = CONTEXT) -> SiteRouter:
    router = SiteRouter().add(HOST, "/api/v1/statuses/113000000000000001", json_answer(THE_POST))
    return router.add(HOST, "/api/v1/statuses/113000000000000001/context", json_answer(context))


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (POST, PostLink(f"https://{HOST}", "113000000000000001")),
        (f"https://{HOST}/@ada@other.example/113000000000000001", PostLink(f"https://{HOST}", "113000000000000001")),
        (f"https://{HOST}/users/ada/statuses/42", PostLink(f"https://{HOST}", "42")),
        (f"https://{HOST}/@ada", None),
        (f"https://{HOST}/@ada/with_replies", None),
        (f"https://{HOST}/@ada/12%0A", None),
        ("ftp://social.example/@ada/1", None),
    ],
)
def test_post_addresses_are_read_on_any_server(url: str, expected: PostLink | None) -> None:
    assert post_of(url) == expected


def test_a_post_is_recognised_only_in_the_web_apps_own_page() -> None:
    resolver = MastodonResolver(routed_fetcher(SiteRouter()))
    assert says_mastodon(shell()) and resolver.recognises(shell())
    assert not resolver.recognises(shell(body=b"<div id='mastodon'></div>"))  # one marker is not enough
    assert not resolver.recognises(shell(url=f"https://{HOST}/about"))


async def test_a_post_reads_with_what_it_answers_and_its_replies_as_a_tree() -> None:
    page = await MastodonResolver(routed_fetcher(server())).read_page(shell())
    text = page.markdown
    assert text.startswith(f"# A post by Ada (@ada) on {HOST}\n")
    assert "## Earlier in the thread\n\n- **Bob (@bob)** · 2025-06-01\n  When is 2.0 out?" in text
    assert "**Ada (@ada)** · 2025-06-01 · 3 replies · 7 boosts · 40 favourites" in text
    assert "Released [relay 2.0](https://example.org/relay) today." in text
    assert "[the (new) logo](https://files.example/a.png)" in text
    assert "Link: [Relay 2.0 notes](https://example.org/relay)" in text
    assert (
        "- **Cy (@cy)** · 2025-06-01\n"
        "  Congrats!\n"
        "  - **Ada (@ada)** · 2025-06-01\n"
        "    Thank you!\n"
        "- **Dee (@dee)** · 2025-06-01\n"
        "  Content warning: ops talk\n"
        "\n"
        "  Does it need Redis?\n"
        "- **Eve (@eve)** · reply to a post not shown · 2025-06-01\n"
        "  An orphan whose parent the server kept back."
    ) in text
    assert page.note == "1 of the post's 3 direct replies were not given to a reader without an account"
    assert page.source == "the Mastodon server's API"


def test_replies_in_a_loop_are_left_out_and_counted_and_duplicates_count_once() -> None:
    descendants = [
        status("1", "x", "<p>LOOP-ONE</p>", reply_to="2"),
        status("2", "y", "<p>LOOP-TWO</p>", reply_to="1"),
        status("3", "z", "<p>direct</p>", reply_to=THE_POST["id"]),
        status("3", "z", "<p>direct again</p>", reply_to=THE_POST["id"]),
    ]
    thread = thread_markdown({**THE_POST, "replies_count": 2}, [], descendants, f"https://{HOST}")
    assert "LOOP-ONE" not in thread.markdown and "direct again" not in thread.markdown
    assert thread.note == (
        "2 replies that answer each other in a loop were left out; "
        "1 of the post's 2 direct replies were not given to a reader without an account"
    )


def test_what_a_server_gives_is_bounded_and_said() -> None:
    ancestors = [status(str(i), "a", f"<p>ABOVE-{i}</p>") for i in range(100)]
    replies = [status(str(1000 + i), "r", "<p>hi</p>", reply_to=THE_POST["id"]) for i in range(GIVEN_REPLIES)]
    thread = thread_markdown({**THE_POST, "replies_count": GIVEN_REPLIES}, ancestors, replies, f"https://{HOST}")
    assert "- (60 earlier posts not shown)" in thread.markdown
    assert "ABOVE-59" not in thread.markdown and "ABOVE-60" in thread.markdown
    assert thread.note == (
        f"The server gave {GIVEN_REPLIES} replies, as many as it gives a reader without an account: some may be missing"
    )


def test_polls_and_attachments_without_a_copy_on_the_server_are_still_said() -> None:
    post = {
        **THE_POST,
        "content": "<p>" + "x" * (MAX_POST_HTML + 10) + "</p>",
        "poll": {"options": [{"title": "Yes", "votes_count": 3}, {"title": "No", "votes_count": None}]},
        "media_attachments": [
            {"type": "image", "url": None, "remote_url": "https://elsewhere.example/cat.png", "description": "a cat"},
            {"type": "video", "url": None, "description": ""},
        ],
    }
    text = thread_markdown(post, [], [], f"https://{HOST}").markdown
    assert "Poll: Yes (3 votes) · No (0 votes)" in text
    assert "[a cat](https://elsewhere.example/cat.png)" in text and "[Attachment: video]" in text
    assert f"(post cut: its HTML passed {MAX_POST_HTML:,} characters)" in text


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (json_answer({"error": "This API requires an authenticated user"}, status=401),
         "HTTP 401, it needs an account or a token: This API requires an authenticated user"),
        (json_answer({"error": "Record not found"}, status=404), "HTTP 404, not found: Record not found"),
        (json_answer({"content": "no id"}), "its answer had no post"),
    ],
)  # fmt: skip
async def test_a_post_the_server_will_not_give_is_a_plain_failure(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add(HOST, "/api/v1/statuses/113000000000000001", answer)
    with pytest.raises(SiteUnavailable) as failure:
        await MastodonResolver(routed_fetcher(router)).read_page(shell())
    assert failure.value.reason == reason
