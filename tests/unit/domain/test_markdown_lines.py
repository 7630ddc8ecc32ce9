"""Blocks written under lines of an answer, each between blank lines."""

from __future__ import annotations

from domain.markdown_lines import blocks_put_under, lines_outside_code


def test_a_block_goes_under_its_line_between_blank_lines() -> None:
    lines = ["## Steps", "Then it runs."]

    assert blocks_put_under(lines, {0: "1. Build\n2. Ship"}) == "## Steps\n\n1. Build\n2. Ship\n\nThen it runs."


def test_a_blank_line_that_follows_already_is_not_doubled_and_the_last_line_gets_none() -> None:
    assert blocks_put_under(["Then:", "", "Done."], {0: "- a"}) == "Then:\n\n- a\n\nDone."
    assert blocks_put_under(["Then:"], {0: "- a"}) == "Then:\n\n- a"


def test_lines_without_a_block_are_written_as_they_were() -> None:
    assert blocks_put_under(["a", "", "b"], {}) == "a\n\nb"


def test_a_fence_closes_only_on_its_own_character_and_run() -> None:
    lines = ["text", "````markdown", "~~~", "```", "````", "after", "~~~python", "```", "~~~", "end"]

    assert lines_outside_code(lines) == [True, False, False, False, False, True, False, False, False, True]


def test_a_fence_line_with_a_language_name_inside_code_does_not_close_it() -> None:
    assert lines_outside_code(["```text", "```python", "code", "```", "prose"]) == [False, False, False, False, True]
