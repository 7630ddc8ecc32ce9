"""Blocks written under lines of an answer, each between blank lines."""

from __future__ import annotations

from domain.markdown_lines import blocks_put_under


def test_a_block_goes_under_its_line_between_blank_lines() -> None:
    lines = ["## Steps", "Then it runs."]

    assert blocks_put_under(lines, {0: "1. Build\n2. Ship"}) == "## Steps\n\n1. Build\n2. Ship\n\nThen it runs."


def test_a_blank_line_that_follows_already_is_not_doubled_and_the_last_line_gets_none() -> None:
    assert blocks_put_under(["Then:", "", "Done."], {0: "- a"}) == "Then:\n\n- a\n\nDone."
    assert blocks_put_under(["Then:"], {0: "- a"}) == "Then:\n\n- a"


def test_lines_without_a_block_are_written_as_they_were() -> None:
    assert blocks_put_under(["a", "", "b"], {}) == "a\n\nb"
