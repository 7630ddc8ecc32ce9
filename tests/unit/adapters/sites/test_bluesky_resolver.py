"""Bluesky posts read through the public AppView, against a faked one."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.sites.bluesky import BlueskyResolver, post_of
from adapters.sites.bluesky_posts import thread_markdown, with_facets
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "public.api.bsky.app"
THREAD = "/xrpc/app.bsky.feed.getPostThread"
URL = "https://bsky.app/profile/ada.example.com/post/3kabc2post"

EXPECTED = """\
# A post by Ada (@ada.example.com) on Bluesky

## Earlier in the thread

- **Bob (@bob.bsky.social)** · 2026-11-19
  What should a search backend for agents prove?

  Link: [Agents and search](https://blog.example/agents): Why failover matters.

## The post

**Ada (@ada.example.com)** · 2026-11-20 · 3 replies · 5 reposts · 42 likes · 1 quote

Relay 2.0 is out: failover you can prove. Notes at [relay.example/2.0…](https://relay.example/releases/2.0) 🎉

[Image: A chart of calls per provider]

## Replies

- **Bob (@bob.bsky.social)** · 2026-11-20
  Congrats! Does it hedge?
  - **Ada (@ada.example.com)** · 2026-11-20
    It does: the slow provider is hedged after 800 ms.
- **@cy.bsky.social** · 2026-11-20
  Quoting this for later.

  > Quoting Ada (@ada.example.com): Relay 2.0 is out

[1 of the post's 3 direct replies was not given (blocked, hidden or deleted)]
"""


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, ("ada.example.com", "3kabc2post")),
        ("https://bsky.app/profile/Ada.Example.com/post/3kabc2post?ref=x", ("ada.example.com", "3kabc2post")),
        ("https://bsky.app/profile/did:plc:ada111/post/3kabc2post", ("did:plc:ada111", "3kabc2post")),
        ("https://bsky.app/profile/ada.example.com", None),
        ("https://bsky.app/profile/ada.example.com/post/3kabc2post/liked-by", None),
        ("https://bsky.app/profile/not a handle/post/3kabc2post", None),
        ("https://bsky.social/profile/ada.example.com/post/3kabc2post", None),
    ],
)
def test_post_urls_say_which_post_they_show(url: str, expected: tuple[str, str] | None) -> None:
    assert post_of(url) == expected


async def test_a_post_reads_with_what_it_answers_and_its_replies() -> None:
    router = SiteRouter().add(API, THREAD, json_answer(fixture("bsky_thread")))

    page = await BlueskyResolver(routed_fetcher(router)).read(URL)

    assert page.markdown == EXPECTED
    assert page.note == "1 of the post's 3 direct replies was not given (blocked, hidden or deleted)"
    assert router.seen[0].params == {
        "uri": "at://ada.example.com/app.bsky.feed.post/3kabc2post",
        "depth": "10",
        "parentHeight": "40",
    }


async def test_a_missing_post_is_refused_with_the_apis_words() -> None:
    answer = json_answer({"error": "NotFound", "message": "Post not found: at://ada.example.com/x"}, 400)
    router = SiteRouter().add(API, THREAD, answer)
    with pytest.raises(SiteUnavailable, match="HTTP 400, the request was refused: Post not found"):
        await BlueskyResolver(routed_fetcher(router)).read(URL)


async def test_an_answer_without_a_post_is_refused() -> None:
    router = SiteRouter().add(API, THREAD, json_answer({"thread": {"$type": "app.bsky.feed.defs#notFoundPost"}}))
    with pytest.raises(SiteUnavailable, match="its answer had no post"):
        await BlueskyResolver(routed_fetcher(router)).read(URL)


def _facet(start: int, end: int, uri: str) -> dict[str, Any]:
    return {"index": {"byteStart": start, "byteEnd": end}, "features": [{"uri": uri}]}


def test_facets_are_byte_ranges_and_bad_ones_are_left_as_text() -> None:
    said = "héllo see x.com/a and y"
    start = said.encode().index(b"x.com")
    facets = [
        _facet(start, start + 7, "https://x.com/abc"),
        _facet(start + 2, start + 9, "https://overlap.example"),  # overlaps the first: dropped
        _facet(0, 999, "https://past.the.end"),
        _facet(0, 3, "javascript:alert(1)"),
    ]
    assert with_facets(said, facets) == "héllo see [x.com/a](https://x.com/abc) and y"


def test_a_reply_chain_deeper_than_the_stack_is_written_without_recursion() -> None:
    deepest: dict[str, Any] = {"post": {"author": {"handle": "z.bsky.social"}, "record": {"text": "bottom"}}}
    for depth in range(3_000):
        deepest = {
            "post": {"author": {"handle": f"u{depth}.bsky.social"}, "record": {"text": "reply"}},
            "replies": [deepest],
        }
    thread = {"post": {"author": {"handle": "top.bsky.social"}, "record": {"text": "top"}}, "replies": [deepest]}
    written = thread_markdown(thread, "https://bsky.app")
    assert written.markdown.startswith("# A post by @top.bsky.social on Bluesky")
    assert "reply to @u" in written.markdown and written.note is not None and "Showing 1,000 of 3,001" in written.note


def test_text_with_a_lone_surrogate_is_read() -> None:
    # Found by a fuzz of mangled answers: encoding the text to count its bytes raised.
    assert with_facets("a\ud800b x.com", [_facet(6, 11, "https://x.com")]).endswith("[x.com](https://x.com)")
