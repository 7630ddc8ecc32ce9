"""Posts on X read through X's embed service, against a faked one."""

from __future__ import annotations

import pytest

from adapters.sites.x import XResolver, embed_token, post_of, radix_string
from adapters.sites.x_posts import shown_text
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "cdn.syndication.twimg.com"
POST = "1866455443419152391"
URL = f"https://x.com/ada/status/{POST}"

EXPECTED = f"""\
# A post by Ada (@ada) on X

## Earlier in the thread

**Bob (@bob_dev)** · 2026-11-19 · https://x.com/bob_dev/status/1866400000000000000

What should a search backend for agents prove?

## The post

**Ada (@ada)** · 2026-11-20 · 37 replies · 1,204 likes · https://x.com/ada/status/{POST}

Relay 2.0 is out: failover you can prove & hedging that pays. Notes here: https://relay.example/releases/2.0 🎉

[Image: A chart of calls per provider]

[Video 0:45]

> Quoting Cy (@cy): Failover without proof is hope.
"""


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, POST),
        (f"https://twitter.com/ada/status/{POST}?s=20", POST),
        (f"https://mobile.twitter.com/ada/statuses/{POST}", POST),
        (f"https://x.com/i/web/status/{POST}", POST),
        (f"https://x.com/i/status/{POST}", POST),
        (f"https://x.com/ada/status/{POST}/photo/1", POST),
        ("https://x.com/ada", None),
        ("https://x.com/ada/status/0", None),
        (f"https://x.com/ada/status/{POST}/likes", None),
        (f"https://nitter.net/ada/status/{POST}", None),
        (f"https://x.com/a-b/status/{POST}", None),
    ],
)
def test_post_urls_say_which_post_they_show(url: str, expected: str | None) -> None:
    assert post_of(url) == expected


# Written by Node (V8): ((Number(id) / 1e15) * Math.PI).toString(36), then without zeros and the point.
@pytest.mark.parametrize(
    ("post_id", "token"),
    [
        ("20", "6dq1a2xwd93"),
        ("999", "8uqo9xs4uzm"),
        ("1000000000000000", "353i5ab8p5f"),
        ("1234567890123456789", "2zqic77uqyk"),
        ("1669886454712115200", "41q3piffw38"),
        ("1790000000000000001", "4c7g8auqyik"),
        (POST, "4ivn4y8tjp4"),
    ],
)
def test_the_token_is_the_one_xs_embed_script_sends(post_id: str, token: str) -> None:
    assert embed_token(post_id) == token


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (0.1, "0.3lllllllllm"),
        (1 / 3, "0.c"),
        (123.456, "3f.gez4w97ry"),
        (2.5, "2.i"),
        (1e-7, "0.000061oezo085tl"),
        (35.99999999999999, "z.zzzzzzzzz"),  # rounding carries through every digit written
        (-2.5, "-2.i"),
        (36.0, "10"),
    ],
)
def test_numbers_are_written_in_base_36_as_javascript_writes_them(value: float, written: str) -> None:
    assert radix_string(value, 36) == written


async def test_a_post_reads_with_what_it_answers_its_media_and_its_quote() -> None:
    router = SiteRouter().add(API, "/tweet-result", json_answer(fixture("x_post")))

    page = await XResolver(routed_fetcher(router)).read(URL)

    assert page.markdown == EXPECTED
    assert (page.source, page.url) == ("X's embed service", URL)
    assert router.seen[0].params == {"id": POST, "lang": "en", "token": "4ivn4y8tjp4"}


async def test_a_reply_whose_parent_is_not_given_says_whom_it_answers() -> None:
    post = fixture("x_post")
    del post["parent"]
    router = SiteRouter().add(API, "/tweet-result", json_answer(post))
    page = await XResolver(routed_fetcher(router)).read(URL)
    assert "*A reply to @bob_dev; the post it answers was not given.*\n\n## The post" in page.markdown


def test_the_shown_text_keeps_mentions_inside_the_post_and_drops_the_media_link() -> None:
    post = {"text": "Thanks @bob_dev &lt;3 https://t.co/MeDiA12345", "display_text_range": [0, 21],
            "entities": {"media": [{"url": "https://t.co/MeDiA12345"}]}}  # fmt: skip
    assert shown_text(post) == "Thanks @bob_dev <3"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ({}, "its answer was empty: the post is not public, or the service refused"),
        ({"__typename": "TweetTombstone", "tombstone": {"text": {"text": "This Post is from a suspended account."}}},
         "X says: This Post is from a suspended account."),
        ({"__typename": "TweetTombstone"}, "X shows this post to no one without an account"),
        ({"__typename": "Tweet"}, "its answer had no post"),
    ],
)  # fmt: skip
async def test_answers_without_a_post_are_refused_in_plain_words(answer: dict[str, object], reason: str) -> None:
    router = SiteRouter().add(API, "/tweet-result", json_answer(answer))
    with pytest.raises(SiteUnavailable) as refused:
        await XResolver(routed_fetcher(router)).read(URL)
    assert refused.value.reason == reason


async def test_a_missing_post_is_refused_with_the_status() -> None:
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await XResolver(routed_fetcher(SiteRouter())).read(URL)
