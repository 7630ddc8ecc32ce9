"""The StackExchange resolver against a faked API 2.3, through the real page fetcher."""

from __future__ import annotations

import httpx
import pytest
from pydantic import SecretStr

from adapters.sites.stackexchange import PostLink, StackExchangeResolver, post_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, TableResolver, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API = "api.stackexchange.com"
QUESTION_URL = "https://stackoverflow.com/questions/4242/how-do-i-read-a-file-lazily"


def answering_api() -> SiteRouter:
    return (
        SiteRouter()
        .add(API, "/2.3/questions/4242", json_answer(fixture("se_question")))
        .add(API, "/2.3/questions/4242/answers", json_answer(fixture("se_answers")))
        .add(API, "/2.3/posts/4242;4301;4300;4302;4303/comments", json_answer(fixture("se_comments")))
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (QUESTION_URL, PostLink("stackoverflow.com", 4242)),
        ("https://unix.stackexchange.com/q/12/", PostLink("unix.stackexchange.com", 12)),
        ("https://unix.stackexchange.com/q/12/991", PostLink("unix.stackexchange.com", 12)),
        ("https://www.superuser.com/questions/7", PostLink("superuser.com", 7)),
        ("http://mathoverflow.net/questions/99/x", PostLink("mathoverflow.net", 99)),
        ("https://ru.stackoverflow.com/questions/5/y", PostLink("ru.stackoverflow.com", 5)),
        ("https://askubuntu.com/questions/3", PostLink("askubuntu.com", 3)),
        ("https://serverfault.com/questions/8/z?noredirect=1", PostLink("serverfault.com", 8)),
        ("https://stackoverflow.com/questions/4242/slug/4301#4301", PostLink("stackoverflow.com", 4242, 4301)),
        ("https://stackoverflow.com/a/4301/99", PostLink("stackoverflow.com", None, 4301)),
        ("https://stackoverflow.com/users/4242/someone", None),
        ("https://stackoverflow.com/questions/tagged/python", None),
        ("https://stackexchange.com/questions/1", None),
        ("https://api.stackexchange.com/questions/1", None),
        ("https://notstackoverflow.com/questions/1", None),
        ("ftp://stackoverflow.com/questions/1", None),
    ],
)
def test_question_and_answer_urls_are_recognised_on_every_network_site(url: str, expected: PostLink | None) -> None:
    assert post_of(url) == expected


async def test_a_question_reads_with_answers_accepted_first_then_by_score_and_their_top_comments() -> None:
    router = answering_api()
    page = await StackExchangeResolver(routed_fetcher(router)).read(QUESTION_URL)
    text = page.markdown
    assert text.startswith('# How do I read a file "lazily" in Python?\n')
    assert "score 31 · asked by Renée on 2010-01-01 · 4 answers · tags: python, file-io" in text
    assert "```\ndata = open('big').read()\n```" in text
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert [h.split(" · ")[:2] for h in headings] == [
        ["## Accepted answer", "score 9"],
        ["## Answer", "score 57"],
        ["## Answer", "score 12"],
        ["## Answer", "score -2"],
    ]
    assert "by Accepted Author on 2010-01-01" in headings[0]
    # The question's comments in the order they were written, under the question, before any answer.
    question_part = text.split("## Accepted answer")[0]
    assert question_part.index("What size is *huge*?") < question_part.index("Possible duplicate")
    assert "- (+8) by Moderator on 2010-01-01: Possible duplicate of another question." in question_part
    accepted_part = text.split("## Accepted answer")[1].split("## Answer")[0]
    assert "This is the idiomatic way." in accepted_part and "Generators FTW." not in accepted_part
    assert page.url == "https://stackoverflow.com/questions/4242/how-do-i-read-a-file-lazily-in-python"
    assert page.source == "the Stack Exchange API"


async def test_the_site_goes_as_its_domain_and_the_key_only_when_configured() -> None:
    router = answering_api()
    await StackExchangeResolver(routed_fetcher(router), key=SecretStr("k3y")).read(QUESTION_URL)
    assert {s.params["site"] for s in router.seen} == {"stackoverflow.com"}
    assert {s.params["key"] for s in router.seen} == {"k3y"}
    assert {s.params["filter"] for s in router.seen} == {"withbody"}
    plain = answering_api()
    await StackExchangeResolver(routed_fetcher(plain)).read(QUESTION_URL)
    assert all("key" not in s.params for s in plain.seen)


async def test_a_base_url_override_is_where_the_calls_go() -> None:
    router = SiteRouter()
    for (_, path), answer in answering_api().routes.items():
        router.add("se.test", path.replace("/2.3", "/mirror"), answer)
    resolver = StackExchangeResolver(routed_fetcher(router), base_url="https://se.test/mirror/")
    assert "Accepted answer" in (await resolver.read(QUESTION_URL)).markdown


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (json_answer(fixture("se_throttled"), status=400), "HTTP 400, the request was refused: too many requests"),
        (httpx.Response(200, content=b"<html>captcha</html>"), "its answer was not valid JSON"),
        (json_answer({"quota_remaining": 0}), "its answer had no list of items"),
        (json_answer({"items": "nope"}), "its answer had no list of items"),
        (json_answer({"items": []}), "no such question"),
        (httpx.Response(503, content=b"down"), "HTTP 503, the server failed"),
    ],
)
async def test_an_api_failure_is_one_plain_reason(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add(API, "/2.3/questions/4242", answer)
    with pytest.raises(SiteUnavailable) as failed:
        await StackExchangeResolver(routed_fetcher(router)).read(QUESTION_URL)
    assert failed.value.reason.startswith(reason)


async def test_malformed_items_read_as_missing_fields_not_a_traceback() -> None:
    router = (
        SiteRouter()
        .add(API, "/2.3/questions/4242", json_answer({"items": [{"title": 5, "owner": "x", "tags": "python"}, 7]}))
        .add(API, "/2.3/questions/4242/answers", json_answer({"items": [{"answer_id": "x", "score": None}, []]}))
        .add(API, "/2.3/posts/4242/comments", json_answer({"items": [{"post_id": 4242, "body": None}]}))
    )
    page = await StackExchangeResolver(routed_fetcher(router)).read(QUESTION_URL)
    assert page.markdown.startswith("# (untitled question)")
    assert "## Answer · score 0 · by an unknown user" in page.markdown


async def test_the_api_host_passes_the_address_guard() -> None:
    router = answering_api()
    fetcher = routed_fetcher(router, TableResolver({API: "10.0.0.7"}))
    with pytest.raises(SiteUnavailable) as failed:
        await StackExchangeResolver(fetcher).read(QUESTION_URL)
    assert "private" in failed.value.reason and router.seen == []


async def test_an_answer_over_the_byte_cap_is_refused() -> None:
    huge = {"items": [{"title": "x" * 20_000}]}
    router = SiteRouter().add(API, "/2.3/questions/4242", json_answer(huge))
    with pytest.raises(SiteUnavailable) as failed:
        await StackExchangeResolver(routed_fetcher(router, max_body_bytes=10_000)).read(QUESTION_URL)
    assert failed.value.reason == "its answer was larger than the download cap"


async def test_an_answer_link_reads_its_question_and_marks_the_answer_it_points_at() -> None:
    linked = {"items": [a for a in fixture("se_answers")["items"] if a["answer_id"] == 4302]}
    router = answering_api().add(API, "/2.3/answers/4302", json_answer(linked))
    page = await StackExchangeResolver(routed_fetcher(router)).read("https://stackoverflow.com/a/4302/77")
    assert "## Answer (the one linked) · score 12 · by MiddleVoice" in page.markdown
    assert page.markdown.index("## Accepted answer") < page.markdown.index("(the one linked)")
    assert page.url == "https://stackoverflow.com/a/4302/77"


async def test_an_accepted_answer_below_the_best_voted_is_fetched_and_shown_first() -> None:
    answers = {"items": [a for a in fixture("se_answers")["items"] if not a["is_accepted"]]}
    accepted = {"items": [a for a in fixture("se_answers")["items"] if a["is_accepted"]]}
    router = (
        answering_api()
        .add(API, "/2.3/questions/4242/answers", json_answer(answers))
        .add(API, "/2.3/answers/4301", json_answer(accepted))
        .add(API, "/2.3/posts/4242;4301;4300;4302;4303/comments", json_answer(fixture("se_comments")))
    )
    page = await StackExchangeResolver(routed_fetcher(router)).read(QUESTION_URL)
    assert page.markdown.split("\n## ")[1].startswith("Accepted answer · score 9")
