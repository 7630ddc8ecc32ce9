"""Lobsters stories with their comment trees, from the story's JSON view, against a faked answer
written in its shape."""

from __future__ import annotations

import pytest

from adapters.sites.lobsters import LobstersResolver, story_markdown, story_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("url", "story"),
    [
        ("https://lobste.rs/s/x1y2z3/failover_you_can_prove", "x1y2z3"),
        ("https://lobste.rs/s/x1y2z3", "x1y2z3"),
        ("https://lobste.rs/s/x1y2z3.json", "x1y2z3"),
        ("https://lobste.rs/t/rust", None),
        ("https://lobste.rs/c/c1", None),
        ("https://lobste.rs/s/NOT-an-id!", None),
        ("https://example.com/s/x1y2z3", None),
    ],
)
def test_story_addresses_say_which_story_they_show(url: str, story: str | None) -> None:
    assert story_of(url) == story


async def test_a_story_reads_as_its_facts_text_and_comment_tree() -> None:
    router = SiteRouter().add("lobste.rs", "/s/x1y2z3.json", json_answer(fixture("lobsters_story")))

    page = await LobstersResolver(routed_fetcher(router)).read("https://lobste.rs/s/x1y2z3/failover_you_can_prove")

    assert page.url == "https://lobste.rs/s/x1y2z3" and page.source == "Lobsters' JSON view" and page.note is None
    assert page.markdown.startswith(
        "# Failover you can prove\n\n"
        "[relay.example](https://relay.example/blog/failover) · tags: distributed, practices · 42 points · "
        "by ada on 2025-05-02 · 4 comments on Lobsters\n\n"
        "The author's own *notes* on the post.\n\n## Comments\n\n"
    )
    body = page.markdown
    # Replies sit under the comment they answer; a deleted one keeps its place, so its replies keep theirs.
    assert body.index("How is the proof checked?") < body.index("By replaying every attempt.") < body.index("(deleted)")
    assert body.index("(deleted)") < body.index("Nice write-up.")
    assert "**dave** · 2025-05-03 · 3 points" in body  # an older answer's user object


def test_a_reply_to_a_comment_not_listed_is_kept_at_the_top() -> None:
    story = fixture("lobsters_story")
    story["comments"] = [
        {"short_id": "a", "parent_comment": "b", "comment": "<p>First.</p>", "commenting_user": "x"},
        {"short_id": "b", "parent_comment": "a", "comment": "<p>Second.</p>", "commenting_user": "y"},
    ]
    said = story_markdown(story).markdown
    assert "First." in said and "Second." in said and "2 comments on Lobsters" in said


async def test_an_answer_without_a_story_is_refused() -> None:
    router = SiteRouter().add("lobste.rs", "/s/x1y2z3.json", json_answer({"error": "not found"}))
    with pytest.raises(SiteUnavailable, match="no story"):
        await LobstersResolver(routed_fetcher(router)).read("https://lobste.rs/s/x1y2z3")


def test_a_reply_to_a_deleted_comment_keeps_its_place() -> None:
    story = fixture("lobsters_story")
    story["comments"].insert(3, {"short_id": "c5", "parent_comment": "c3", "comment": "<p>Under the deleted one.</p>",
                                 "commenting_user": "erin", "is_deleted": False})  # fmt: skip
    said = story_markdown(story).markdown
    assert "  - **carol** · 2025-05-02 · 0 points\n    (deleted)\n    - **erin**\n      Under the deleted one." in said


def test_an_older_answer_without_parents_is_nested_by_depth() -> None:
    story = fixture("lobsters_story")
    for comment in story["comments"]:
        del comment["parent_comment"]
    said = story_markdown(story).markdown
    assert "- **bob** · 2025-05-02 · 12 points\n  How is the proof checked?\n  - **ada**" in said
    assert "\n- **dave**" in said


def test_a_moderators_removal_says_its_reason() -> None:
    story = fixture("lobsters_story")
    story["comments"][2].update(is_moderated=True, comment="<p>Comment removed by moderator pushcx: Off-topic</p>")
    assert "Comment removed by moderator pushcx: Off-topic" in story_markdown(story).markdown


@pytest.mark.parametrize(
    "link", ["https://[::1/x", "https://a\uff03b.example/", "https://a.example/x)\n\n# Injected heading"]
)
def test_a_story_link_that_is_no_address_is_left_out(link: str) -> None:
    story = fixture("lobsters_story")
    story["url"] = link
    said = story_markdown(story).markdown
    assert "# Injected" not in said.split("\n", 1)[1] and said.startswith("# Failover you can prove\n\ntags:")


def test_a_story_link_cannot_close_its_markdown_link() -> None:
    story = fixture("lobsters_story")
    story["url"] = "https://a.example/x)[e](y"
    assert "[a.example](https://a.example/x%29%5Be%5D%28y)" in story_markdown(story).markdown


def test_names_and_links_from_the_answer_stay_in_their_places() -> None:
    story = fixture("lobsters_story")
    story["comments"][0]["commenting_user"] = "bob** [x](y)"
    story["comments"][0]["short_id_url"] = "https://lobste.rs/c/x)\n# Injected"
    said = story_markdown(story).markdown
    assert "**[deleted]** · 2025-05-02" in said and "# Injected" not in said
