"""The extraction bench scores the words a reader sees: link targets are not among them."""

from __future__ import annotations

from bench.extraction_metrics import markdown_to_text, word_score


def test_a_link_is_its_text_with_no_boundary_added() -> None:
    assert (
        markdown_to_text("Kindleの[Kindle for PC](https://example.com/pc)に関する話")
        == "KindleのKindle for PCに関する話"
    )


def test_a_link_whose_text_holds_brackets_leaves_no_address_behind() -> None:
    text = markdown_to_text("see [git-add[1]](https://git-scm.com/docs/git-add) and [C](<https://x.org/C_(lang)>) too")

    assert "git-scm" not in text and "x.org" not in text
    assert word_score("see git add 1 and C too", text).f1 == 1.0


def test_placeholders_and_markup_are_not_words() -> None:
    assert word_score("Title One two", markdown_to_text("# Title\n\n[Image: a chart]\n\n- **One** two")).f1 == 1.0
