"""Markdown's backslash escapes out of the answer where the agent needs none: the page's text as written."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.pages.html_article import html_to_article
from adapters.pages.markdown_escapes import without_needless_escapes


@pytest.mark.parametrize(
    ("escaped", "plain"),
    [
        ("Set max\\_tokens to 512.", "Set max_tokens to 512."),
        ("DOI: 10.1007/978-3-319-09575-2\\_199-1", "DOI: 10.1007/978-3-319-09575-2_199-1"),
        ('"We got our shot \\[again\\]," he said.', '"We got our shot [again]," he said.'),
        ("[see haier\\_ge](https://example.com/haier\\_ge/)", "[see haier_ge](https://example.com/haier_ge/)"),
        ("a\\*b\\*c and \\<The Palace\\> and \\~5", "a*b*c and <The Palace> and ~5"),
        ("a \\\\_ b", "a \\\\_ b"),  # an escaped backslash, then an underscore: as it was
        ("| a \\| b | c\\_d |", "| a \\| b | c_d |"),  # a cell's bar stays escaped
        ("\\* not a list item, a\\_b", "\\* not a list item, a_b"),
        ("  \\> not a quote", "  \\> not a quote"),
        ("- \\[x\\] done", "- [x] done"),
        ("use `a\\_b` or a\\_b", "use `a\\_b` or a_b"),  # a code span is code
        ("\\# not a heading, 1\\. not a list", "\\# not a heading, 1\\. not a list"),
    ],
)
def test_escapes_that_keep_no_meaning_go_and_the_rest_stay(escaped: str, plain: str) -> None:
    assert without_needless_escapes(escaped) == plain


def test_a_code_block_is_left_as_written() -> None:
    block = "```\nprint(a\\_b)\n```\nafter\\_it"
    assert without_needless_escapes(block) == "```\nprint(a\\_b)\n```\nafter_it"


@given(st.text(alphabet=st.sampled_from(list("\\_*[]<>~|`#-ab \n")), max_size=200))
def test_only_backslashes_are_ever_taken_out(markdown: str) -> None:
    plain = without_needless_escapes(markdown)
    assert plain.replace("\\", "") == markdown.replace("\\", "")
    assert plain.count("\n") == markdown.count("\n")


def test_the_agent_reads_identifiers_and_quotes_as_the_page_wrote_them() -> None:
    prose = (
        "<p>Set the max_tokens parameter and the top_p parameter before the request is sent, since the "
        "defaults [sic] were chosen for a different model and give answers that run long on this one.</p>"
    )
    page = f"<html><head><title>API</title></head><body><article><h1>Parameters</h1>{prose * 4}</article></body></html>"
    markdown = html_to_article(page, "https://docs.example/api").markdown
    assert "max_tokens" in markdown and "top_p" in markdown and "[sic]" in markdown
    assert "\\" not in markdown
