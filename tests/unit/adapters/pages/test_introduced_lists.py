"""A list that the answer introduces with a colon and then leaves out goes back under its introduction."""

from __future__ import annotations

import pytest

from adapters.pages import candidates
from adapters.pages.html_article import html_to_article
from adapters.pages.introduced_lists import introduced_lists, lists_put_back

URL = "https://example.com/guide/compose"
_BEFORE = "<p>Compose reads the file once and starts what it describes, in the order its services need.</p>"
_AFTER = "<p>Each container can now reach the others by the name of its service.</p>"
_STEPS = (
    "<ol><li>A network called <code>myapp_default</code> is created.</li><li>A container is created for web.</li></ol>"
)
STEPS_PAGE = (
    f"<html><body><main>{_BEFORE}<p>When you run it, the following happens:</p>{_STEPS}{_AFTER}</main></body></html>"
)
ANSWER = (
    "Compose reads the file once and starts what it describes, in the order its services need.\n\n"
    "When you run it, the following happens:\n\n"
    "Each container can now reach the others by the name of its service."
)
STEPS = "1. A network called `myapp_default` is created.\n2. A container is created for web."


def put_back(page: str, answer: str) -> str:
    return lists_put_back(answer, introduced_lists(candidates.parse_html(page), URL))


def test_the_steps_an_answer_introduces_and_drops_go_back_under_their_introduction() -> None:
    assert put_back(STEPS_PAGE, ANSWER) == ANSWER.replace(
        "the following happens:\n\n", f"the following happens:\n\n{STEPS}\n\n"
    )


def test_a_list_goes_back_between_blank_lines_whatever_follows_its_introduction() -> None:
    answer = ANSWER.replace("happens:\n\n", "happens:\n")

    assert put_back(STEPS_PAGE, answer) == ANSWER.replace("happens:\n\n", f"happens:\n\n{STEPS}\n\n")
    assert (
        put_back(STEPS_PAGE, "When you run it, the following happens:")
        == f"When you run it, the following happens:\n\n{STEPS}"
    )


def test_a_list_of_links_comes_back_with_its_links_made_absolute() -> None:
    page = (
        "<html><body><p>Meditation has been shown to help improve:</p><ul><li><a href='/stress'>Stress levels</a>"
        "</li><li>Mood</li></ul></body></html>"
    )

    answer = put_back(page, "Meditation has been shown to help improve:\n\nIt asks little.")

    assert "- [Stress levels](https://example.com/stress)\n- Mood" in answer


@pytest.mark.parametrize(
    "introduction",
    [
        "## When you run it, the following happens:",  # a heading
        "**When you run it, the following happens:**",  # in bold
        "When you run it, [the following](https://example.com/a) happens:",  # with a link
    ],
)
def test_an_introduction_is_read_as_its_words_whatever_its_marks(introduction: str) -> None:
    answer = ANSWER.replace("When you run it, the following happens:", introduction)

    assert STEPS in put_back(STEPS_PAGE, answer)


@pytest.mark.parametrize(
    "answer",
    [
        # One of the items is in the answer: the list was kept, perhaps in other words.
        ANSWER + "\n\nA container is created for web.",
        # A list follows the introduction: the extractor wrote its own.
        ANSWER.replace("the following happens:\n\n", "the following happens:\n\n- the network, then web\n\n"),
        # The introduction is a list item: a list under it would land inside another list.
        ANSWER.replace("When you run it", "- When you run it"),
        # Another introduction: not this list's.
        ANSWER.replace("the following happens:", "this is what happens:"),
    ],
)
def test_an_answer_that_kept_the_list_or_does_not_introduce_it_is_left_alone(answer: str) -> None:
    assert put_back(STEPS_PAGE, answer) == answer


@pytest.mark.parametrize(
    "page",
    [
        STEPS_PAGE.replace("the following happens:", "the following happens."),  # no colon: not an introduction
        STEPS_PAGE.replace("<li>A container is created for web.</li>", ""),  # one item ends a sentence
        STEPS_PAGE.replace("<p>When you run it, the following happens:</p>", ""),  # nothing before the list
        # What names recommendations introduces a box of them.
        STEPS_PAGE.replace("When you run it, the following happens:", "Related coverage from our guides:"),
        STEPS_PAGE.replace("When you run it, the following happens:", "<strong>You may also like:</strong>"),
    ],
)
def test_only_a_list_of_two_items_or_more_after_a_block_ending_with_a_colon_is_introduced(page: str) -> None:
    assert introduced_lists(candidates.parse_html(page), URL) == ()


def test_a_page_s_introduced_lists_are_written_out_within_a_bound() -> None:
    lists = "".join(f"<p>Part {n} has:</p><ul><li>a {n}</li><li>b {n}</li></ul>" for n in range(80))

    found = introduced_lists(candidates.parse_html(f"<html><body>{lists}</body></html>"), URL)

    assert len(found) == 50
    assert found[0].introduction == "part 0 has" and found[0].items == ("a 0", "b 0")


def test_a_long_list_is_looked_for_by_its_first_three_items_and_its_last() -> None:
    items = "".join(f"<li>step {n}</li>" for n in range(1, 1_001))
    page = f"<html><body><p>Then:</p><ul>{items}</ul></body></html>"

    (found,) = introduced_lists(candidates.parse_html(page), URL)

    assert found.items == ("step 1", "step 2", "step 3", "step 1000")
    assert put_back(page, "Then:\n\nThe end.\n\nstep 1000") == "Then:\n\nThe end.\n\nstep 1000"
    assert "- step 999\n- step 1000" in put_back(page, "Then:\n\nThe end.")


def test_the_tool_puts_the_list_back_in_whichever_answer_wins_and_in_the_draft(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every extractor keeps the introduction and drops the list, as trafilatura and Resiliparse do
    # with a list of links or of code.
    for name in ("trafilatura_markdown", "readability_markdown", "resiliparse_markdown", "whole_page_markdown"):
        monkeypatch.setattr(candidates, name, lambda *args, **kwargs: ANSWER)
    drafts: list[str] = []

    article = html_to_article(STEPS_PAGE, URL, draft=drafts.append)

    assert f"the following happens:\n\n{STEPS}\n\nEach container" in article.markdown
    assert drafts and all(f"the following happens:\n\n{STEPS}\n\nEach container" in draft for draft in drafts)


_SEE = (
    "<h2>{0}</h2><p>Lists hold {0} in order.</p><p>For more information, see:</p>"
    "<ul><li>{0} guide</li><li>{0} commands</li></ul>"
)
REFERENCE = f"<html><body>{_SEE.format('Lists')}{_SEE.format('Hashes')}</body></html>"
REFERENCE_ANSWER = (
    "## Lists\n\nLists hold Lists in order.\n\nFor more information, see:\n\n"
    "## Hashes\n\nLists hold Hashes in order.\n\nFor more information, see:"
)


def test_an_introduction_the_page_writes_before_several_lists_gets_each_its_own_in_order() -> None:
    assert put_back(REFERENCE, REFERENCE_ANSWER) == (
        "## Lists\n\nLists hold Lists in order.\n\nFor more information, see:\n\n- Lists guide\n- Lists commands\n\n"
        "## Hashes\n\nLists hold Hashes in order.\n\nFor more information, see:\n\n- Hashes guide\n- Hashes commands"
    )


def test_an_introduction_said_fewer_times_than_the_page_says_it_is_left_alone() -> None:
    # Which of the page's two lists the one introduction kept was over cannot be told.
    answer = REFERENCE_ANSWER.split("## Hashes")[0].rstrip()

    assert put_back(REFERENCE, answer) == answer


@pytest.mark.parametrize(
    ("between", "introduced"),
    [
        ("<p></p><div class='float'><img src='/reading.jpg'></div><!-- picture -->", True),
        ("<p></p>" * 4, False),  # too far apart to be one passage
        ("<p>Most of them run in under a second.</p>", False),  # the block before the list ends with a period
    ],
)
def test_blocks_with_no_text_between_an_introduction_and_its_list_are_stepped_over(
    between: str, introduced: bool
) -> None:
    page = STEPS_PAGE.replace("happens:</p>", f"happens:</p>{between}")

    assert (STEPS in put_back(page, ANSWER)) is introduced
