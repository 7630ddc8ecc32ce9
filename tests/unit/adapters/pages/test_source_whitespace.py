"""The page source's indentation and spacing leave the Markdown; the indentation Markdown means stays."""

from __future__ import annotations

from adapters.pages.candidates import trafilatura_markdown
from adapters.pages.html_markdown import tidy
from adapters.pages.source_whitespace import without_source_whitespace


def cleaned(markdown: str) -> str:
    return "\n".join(without_source_whitespace(markdown.split("\n")))


def test_a_wrapped_line_loses_the_source_indentation_it_carried() -> None:
    markdown = "- **Keep your details current.**\nMake sure we can reach you\n                     when necessary."

    assert cleaned(markdown) == "- **Keep your details current.**\nMake sure we can reach you\nwhen necessary."


def test_a_line_indented_after_a_blank_one_is_text_not_a_code_block() -> None:
    assert cleaned("Overwhelmingly Positive\n\n\t\t\t\t\t(7,778)") == "Overwhelmingly Positive\n\n(7,778)"


def test_runs_of_tabs_and_spaces_inside_a_line_are_one_space_outside_code_spans() -> None:
    line = "Recent reviews: 7,778\t\t\t\t\tOverwhelmingly Positive, run   `ls  -l`   to see"

    assert cleaned(line) == "Recent reviews: 7,778 Overwhelmingly Positive, run `ls  -l` to see"


def test_nested_items_and_an_item_s_own_paragraphs_keep_their_indentation() -> None:
    markdown = "- Sizes\n\n  Every size ships free.\n  - Small\n    - Extra small"

    assert cleaned(markdown) == markdown


def test_a_line_under_an_item_indented_past_code_depth_comes_back_to_the_item_s_text() -> None:
    assert (
        cleaned("- Ships in two days\n                 to most addresses") == "- Ships in two days\n  to most addresses"
    )


def test_a_line_after_the_list_has_ended_is_not_kept_indented() -> None:
    markdown = "- Small\n\nAll sizes run large.\n        See the chart."

    assert cleaned(markdown) == "- Small\n\nAll sizes run large.\nSee the chart."


def test_an_indented_item_with_no_item_above_to_nest_in_loses_the_indentation() -> None:
    markdown = "Very Positive\n\n\t\t\t\t- 95% of the reviews are positive.\n\t\t\t\t\t- in the last 30 days"

    assert cleaned(markdown) == "Very Positive\n\n- 95% of the reviews are positive.\n  - in the last 30 days"


def test_code_blocks_keep_every_space() -> None:
    markdown = "```\n    if  x:\n\treturn  y\n```"

    assert cleaned(markdown) == markdown


def test_tidy_reads_no_break_spaces_as_spaces_before_collapsing_them() -> None:
    assert tidy("Price:\u00a0\u00a0\u00a0$79.00") == "Price: $79.00"


def test_trafilatura_s_list_items_reach_the_agent_without_the_source_indentation() -> None:
    body = " ".join(["The course runs online for twelve weeks with a weekly live session."] * 3)
    html = (
        f"<html><body><article><h1>Studying online</h1><p>{body}</p><ul>\n"
        "   <li><b>Keep your contact information current.<br></b>Make sure you have your current email"
        " address in Self Service so you can be contacted\n                     when necessary.</li>\n"
        f"</ul><p>{body}</p></article></body></html>"
    )

    markdown = trafilatura_markdown(html, None, mode="recall", include_images=False)

    assert "contacted\nwhen necessary." in markdown or "contacted when necessary." in markdown
    assert "\n " not in markdown
