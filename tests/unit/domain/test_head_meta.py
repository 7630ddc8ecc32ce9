"""A page's ``<meta>`` values, read with patterns that read a tag once."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from domain.head_meta import _ATTRIBUTE, head_markup, meta_values


def test_the_first_value_of_each_name_or_property_is_kept_in_lower_case_with_entities_read() -> None:
    html = (
        '<meta property="og:title" content="Fish &amp; chips">'
        "<META NAME='Description' CONTENT='A  long\n  walk'>"
        '<meta property="og:title" content="Second">'
        '<meta charset="utf-8"><meta name="empty" content="">'
        '<meta name="first" name="second" content="x">'
    )
    assert meta_values(html) == {
        "og:title": "Fish & chips",
        "description": "A long walk",
        "first": "x",
    }


def test_only_the_head_s_markup_is_read() -> None:
    html = (
        "<html><head><!-- <meta property='og:title' content='An old draft'> -->"
        '<script>document.write(\'<meta name="description" content="from a script">\')</script>'
        '<style>/* <meta name="author" content="in a style"> */</style>'
        '<meta property="og:title" content="Cats > Dogs: a study">'
        '</head><body><meta name="description" content="in the body"></body></html>'
    )

    assert meta_values(head_markup(html, scan_chars=len(html))) == {"og:title": "Cats > Dogs: a study"}
    assert meta_values(head_markup(html, scan_chars=20)) == {}


def test_an_unclosed_comment_or_script_hides_the_rest_of_the_head() -> None:
    html = '<head><meta name="a" content="seen"><!-- <meta name="b" content="unseen">'

    assert meta_values(head_markup(html, scan_chars=len(html))) == {"a": "seen"}


# The attribute pattern as it was written first, tried at every character of a run of a name's
# characters: a tag of 4,000 letters with no "=" took 0.2 s, 300 of them a minute.
_PLAIN_ATTRIBUTE = re.compile(r"""([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+))""")
_PIECES = ["a", "bc", "=", " ", '"', "'", "/", "`", "\n", "<", ">", "-"]


@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
@example('name=x content="a b" a=b=c')
@example('a\'b=c d"e=f"')
def test_attributes_are_read_as_the_plain_pattern_reads_them(tag: str) -> None:
    assert _ATTRIBUTE.findall(tag) == _PLAIN_ATTRIBUTE.findall(tag)
