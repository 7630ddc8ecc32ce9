"""A declaration the publisher cut short ("...will post more as …") is a teaser, not evidence of the content."""

from __future__ import annotations

import json

import pytest

from adapters.pages import profiles
from adapters.pages.candidates import parse_html
from adapters.pages.html_article import choose
from adapters.pages.page_kind import Structure
from adapters.pages.structured_content import article_body, thread_markdown
from adapters.pages.structured_data import StructuredData, read_structured_data
from tests.unit.adapters.pages.given_answers import GivenAnswers

OPENING = (
    "Since the last update the sync client stops at 80 percent on every machine here. I have cleared "
    "the cache, reinstalled it and tried another account; the log says the server closed the stream."
)
REPLIES = [
    "Same on two of our laptops. Rolling back to the previous release fixed it for us, for now.",
    "It is the new chunk size: the proxy in front of the server drops uploads over 16 MB. Raise its limit.",
    "That was it. Our proxy had a 16 MB cap on request bodies; with 64 MB every machine syncs again.",
]


def declared(node: dict[str, object]) -> StructuredData:
    block = json.dumps({"@context": "https://schema.org", **node})
    root = parse_html(f'<html><head><script type="application/ld+json">{block}</script></head><body></body></html>')
    assert root is not None
    return read_structured_data(root)


def forum_post(text: str) -> StructuredData:
    return declared(
        {"@type": "DiscussionForumPosting", "headline": "Sync stops at 80%", "author": "lena_m", "text": text}
    )


@pytest.mark.parametrize("ending", ["…", "...", " […]", " [...]", "…\n"])
def test_a_thread_whose_opening_post_is_cut_short_declares_nothing(ending: str) -> None:
    assert thread_markdown(forum_post(OPENING[:120] + ending)) == ""


def test_a_whole_opening_post_is_declared_with_its_author() -> None:
    markdown = thread_markdown(forum_post(OPENING))

    assert "**lena_m**" in markdown and OPENING in markdown


def test_a_question_cut_short_declares_nothing() -> None:
    data = declared({"@type": "QAPage", "mainEntity": {"@type": "Question", "name": "Sync", "text": "Since the…"}})

    assert thread_markdown(data) == ""


def test_an_article_body_cut_short_is_passed_over_for_a_whole_one() -> None:
    teaser = {"@type": "NewsArticle", "articleBody": OPENING[:80] + "…"}
    whole = {"@type": "NewsArticle", "articleBody": OPENING[:60]}
    assert article_body(declared({"@graph": [teaser, whole]})) == OPENING[:60]
    assert article_body(declared(teaser)) == ""


def thread_answers() -> GivenAnswers:
    """What each extractor found on a thread page: two kept every post, two only the opening one."""
    thread = "\n\n".join(["# Sync stops at 80%", OPENING, *REPLIES])
    opening = f"# Sync stops at 80%\n\n{OPENING}"
    return GivenAnswers(
        {
            profiles.TRAFILATURA_THREAD: thread,
            profiles.READABILITY: opening,
            profiles.WHOLE_PAGE: opening,
            profiles.RESILIPARSE: thread,
        }
    )


def test_a_teaser_declared_for_a_thread_does_not_vote_for_the_answers_that_lost_the_replies() -> None:
    structure = Structure(text_chars=2_000, code_chars=0)

    teased = choose("forum", forum_post(OPENING[:150] + "…"), structure, thread_answers())
    whole = choose("forum", forum_post(OPENING), structure, thread_answers())

    assert teased.method == profiles.TRAFILATURA_THREAD
    assert all(reply in teased.markdown for reply in REPLIES)
    # A declared opening post that is whole still votes, and tips the tie to the opening post.
    assert whole.method == profiles.READABILITY
    assert REPLIES[0] not in whole.markdown
