"""Legacy elements the parser keeps as raw text read as a browser shows them: code literally, fallbacks not at all."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.legacy_text_elements import _MAX_READS, legacy_elements_as_shown
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

URL = "https://compilers.example/manual/comparisons.html"

# The code as the page's author typed it inside <xmp> and <plaintext>: no entities, since a
# browser shows those elements' source as it is.
CODE = 'int smaller(int a, int b) {\n    if (a < b && b > 0) {\n        puts("<b>a</b>");\n    }\n}'
TAIL_CODE = 'if (left <= right) {\n    out << "<i>" << left;\n}'

MANUAL = f"""<!doctype html><html><head><title>Comparisons</title></head><body>
<nav><a href="/manual/">Manual</a> <a href="/manual/loops.html">Loops</a></nav>
<main><article>
<h1>Comparing values</h1>
<p>The comparison operators take two operands of the same type and give an int that is one when the
comparison holds and zero when it does not, so their result can be used wherever a number can.</p>
<xmp>{CODE}</xmp>
<p>Comparisons join with the logical operators, which stop at the first operand that settles the
answer: the right side of a conjunction is never evaluated when the left side is already false.</p>
<noembed><p>Your browser cannot play the operator animation, please
<a href="/media/operators.swf">fetch the movie file</a> instead.</p></noembed>
<noframes><p>This manual is meant to be read inside its frame set, with the chapter index beside it.</p></noframes>
<p>Chained comparisons do not mean what they mean in mathematics: the first comparison gives zero or one,
and that number is what the second one compares, which is rarely what the writer of the line had in mind.</p>
<plaintext>{TAIL_CODE}</plaintext>
<p>Streams print with the shift operator, which is why the sample above writes its markup in quotes and
compares its operands before it prints anything at all to the terminal.</p>
</article></main>
<footer>Compiler manual, chapter four.</footer>
</body></html>"""

FALLBACK_WORDS = ("operator animation", "fetch the movie file", "frame set", "chapter index")
# What the raw text of these elements came out as before they were read as shown.
LEAKS = ("&lt;", "&gt;", "&amp;", "&quot;", "</plaintext>", "<p>", "</p>", "</article>", "</main>", "</body>")


def _assert_read_as_shown(markdown: str) -> None:
    for line in [*CODE.split("\n"), *TAIL_CODE.split("\n")]:
        assert line.strip() in markdown
    for leak in LEAKS:
        assert leak not in markdown
    for words in FALLBACK_WORDS:
        assert words not in markdown
    assert "Streams print with the shift operator" in markdown  # the page after </plaintext>


def test_the_agent_reads_xmp_code_literally_in_a_code_block_and_no_fallback_text() -> None:
    markdown = html_to_article(MANUAL, URL).markdown

    _assert_read_as_shown(markdown)
    assert f"```\n{CODE}\n```" in markdown


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_that_can_win_reads_the_page_as_a_browser_shows_it(name: str) -> None:
    run, _ = cut_candidates(MANUAL, URL)

    _assert_read_as_shown(run(name))


def test_the_html_trafilatura_and_readability_parse_for_themselves_holds_the_code_as_pre() -> None:
    _, written = cut_candidates(MANUAL, URL)

    assert "<xmp" not in written and "<plaintext" not in written and "<noembed" not in written
    assert "<pre>int smaller(int a, int b) {\n    if (a &lt; b &amp;&amp; b &gt; 0) {" in written


def test_a_listing_is_a_pre_whose_markup_stays_markup() -> None:
    root = tree("<p>Before.</p><listing class='sample'>x = a &lt; b;\n<b>y</b> = 2;</listing>")

    assert legacy_elements_as_shown(root) == 1
    sample = next(root.iter("pre"))
    assert sample.get("class") == "sample"
    assert [child.tag for child in sample] == ["b"]
    assert text(sample) == "x = a < b; y = 2;"


def test_an_xmp_inside_a_pre_gives_its_text_to_the_pre() -> None:
    root = tree("<pre>Output: <xmp>a < b</xmp> done</pre>")

    assert legacy_elements_as_shown(root) == 1
    assert [element.tag for element in root.iter("pre", "xmp")] == ["pre"]
    assert next(root.iter("pre")).text == "Output: a < b done"


def test_a_fallback_goes_and_the_text_after_it_stays() -> None:
    root = tree("<p>Watch<noembed>Get a newer browser.</noembed> the demo.</p><noframes>Use frames.</noframes>End.")

    assert legacy_elements_as_shown(root) == 2
    assert text(root) == "Watch the demo.End."


def test_after_a_closed_plaintext_each_end_tag_closes_what_it_closed_in_the_page() -> None:
    root = tree(
        "<main><article><plaintext>a < b</PLAINTEXT ><p>More.</p><xmp>c < d</xmp></article>"
        "<div id='aside'>Aside.</div></main><footer>Foot.</footer>"
    )

    assert legacy_elements_as_shown(root) == 2  # the <xmp> was in the <plaintext>'s text
    article = next(root.iter("article"))
    assert [(child.tag, child.text) for child in article] == [("pre", "a < b"), ("p", "More."), ("pre", "c < d")]
    assert [child.tag for child in next(root.iter("main"))] == ["article", "div"]
    assert [child.tag for child in next(root.iter("body"))] == ["main", "footer"]


def test_a_plaintext_never_closed_keeps_its_text_without_the_page_s_closing_tags() -> None:
    root = parse_html("<html><body><div><p>Notes.</p><plaintext>line one\nline <two>\n</div></body></html>\n")

    assert legacy_elements_as_shown(root) == 1
    assert next(root.iter("pre")).text == "line one\nline <two>"


def test_a_page_made_of_frames_is_read_from_its_noframes() -> None:
    page = """<html><head><title>Compiler API</title></head>
<frameset cols="20%,80%"><frame src="index-frame.html"><frame src="summary.html"></frameset>
<noframes><h2>Frame Alert</h2><p>This document is designed to be viewed using frames. If you see
this message, you are using a client without frames.<br>Link to <a href="summary.html">Non-frame version.</a></p>
</noframes></html>"""

    markdown = html_to_article(page, "https://compilers.example/api/index.html").markdown

    assert "## Frame Alert" in markdown
    assert "[Non-frame version.](https://compilers.example/api/summary.html)" in markdown
    assert "&lt;" not in markdown and "<p>" not in markdown


def test_a_page_of_many_plaintexts_is_read_as_html_again_a_bounded_number_of_times() -> None:
    # Each plaintext's text holds all the rest of the page: read again every time, the page
    # would be parsed thousands of times over.
    root = tree("<p>Sample.</p><plaintext>a < b</plaintext>" * 5_000)

    legacy_elements_as_shown(root)

    assert len(list(root.iter("pre"))) == _MAX_READS + 1
    assert next(root.iter("plaintext"), None) is None


def test_a_page_without_these_elements_is_left_as_it_is() -> None:
    root = tree("<pre>a &lt; b</pre><p>Text with <code>&lt;xmp&gt;</code> named.</p>")

    assert legacy_elements_as_shown(root) == 0
