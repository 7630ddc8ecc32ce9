"""Resiliparse's lines of text outside any paragraph (a catalogue's cards) stay lines in the Markdown;
the layout of its minimal HTML, code and tables are left as they were."""

from __future__ import annotations

from adapters.pages.candidates import parse_html, resiliparse_markdown
from adapters.pages.resiliparse_lines import lines_as_breaks

LAUNCHES = """<html><body><main>
<h1>Launching today</h1>
<p>Every tool below went live this morning, and the makers are here to answer questions about them.</p>
<section><img alt=""><div><span><a href="https://launch.example/p/tidy">Tidy Tracks</a></span>
  <span>Clean up your music library in one pass</span><div><a href="https://launch.example/t/music">Music</a></div></div></section>
<section><img alt=""><div><span><a href="https://launch.example/p/stall">Market Stall</a></span>
  <span>Sell what you ship, the day you ship it</span><div><a href="https://launch.example/t/shops">Shops</a></div></div></section>
<section><img alt=""><div><span><a href="https://launch.example/p/review">Review Desk</a></span>
  <span>Keeps a team's code reviews in one queue</span>
  <div><a href="https://launch.example/t/dev">Developer tools</a></div></div></section>
</main></body></html>"""


def test_each_card_of_a_catalogue_is_its_own_line() -> None:
    markdown = resiliparse_markdown(parse_html(LAUNCHES))

    assert "[Tidy Tracks](https://launch.example/p/tidy) Clean up your music library in one pass\n" in markdown
    lines = markdown.split("\n")
    assert "[Market Stall](https://launch.example/p/stall) Sell what you ship, the day you ship it" in lines
    assert "[Review Desk](https://launch.example/p/review) Keeps a team's code reviews in one queue" in lines
    assert "[Shops](https://launch.example/t/shops)" in lines


def test_a_break_between_two_runs_of_text_is_a_line_break() -> None:
    minimal = 'Sort by:\nView:\n<a href="/a">Tidy Tracks</a> Clean up\n<a href="/b">Market Stall</a> Sell'

    assert lines_as_breaks(minimal) == (
        'Sort by:<br>View:<br><a href="/a">Tidy Tracks</a> Clean up<br><a href="/b">Market Stall</a> Sell'
    )


def test_empty_links_between_two_lines_make_one_break_not_blank_lines() -> None:
    minimal = 'Sell\n<a href="/x"></a>\n<a href="/y"></a>\nSort by:'

    assert lines_as_breaks(minimal) == 'Sell\n<a href="/x"></a>\n<a href="/y"></a><br>Sort by:'


def test_breaks_beside_blocks_and_inside_code_and_tables_are_left_as_they_are() -> None:
    minimal = (
        "<h2>Install</h2>\n\nRun this:\n<pre>pip install tidy\ntidy --check</pre>\nthen\n"
        "<table><tr><td>a\nb</td></tr></table>\n"
        '<ul>\n  <li> <a href=""></a>\n<a href="/u">J</a>\n\n<p>Hi</p></li></ul>'
    )

    assert lines_as_breaks(minimal) == minimal


def test_a_page_of_one_line_is_returned_as_it_is() -> None:
    assert lines_as_breaks("<p>One paragraph, nothing else.</p>") == "<p>One paragraph, nothing else.</p>"


def test_stray_angle_brackets_and_unclosed_code_keep_every_line_of_text() -> None:
    minimal = "<" * 50_000 + "\n" + "a\n" * 50_000 + "<pre>" * 10_000 + "x\ny"

    broken = lines_as_breaks(minimal)

    assert broken.count("<br>") == 50_000
    assert broken.endswith("x\ny")
