"""Tables reach the agent as Markdown tables whichever extractor wins: Resiliparse's cells put back
into the page's own table, trafilatura's rows given the header delimiter Markdown needs."""

from __future__ import annotations

import pytest

from adapters.pages import resiliparse_tables
from adapters.pages.candidates import parse_html, resiliparse_markdown, trafilatura_markdown
from adapters.pages.resiliparse_tables import tables_put_back

PROSE = " ".join(
    "The logging module offers a way to report events that occur while a program runs, with a level for each."
    for _ in range(4)
)

# A reference manual's table: every cell is a paragraph, so Resiliparse writes one paragraph a cell.
MANUAL = f"""<html><body><main><article>
  <h1>Logging how-to</h1>
  <p>{PROSE}</p>
  <table class="docutils">
    <caption>Which tool for which task</caption>
    <thead><tr><th><p>Task you want to perform</p></th><th><p>The best tool for the task</p></th></tr></thead>
    <tbody>
      <tr><td><p>Display console output for ordinary usage of a command line script</p></td>
          <td><p><a href="https://docs.example/functions.html#print"><code>print()</code></a></p></td></tr>
      <tr><td><p>Report events that occur during normal operation of a program</p></td>
          <td><p>A logger's <a href="https://docs.example/logging.html#info"><code>info()</code></a> method</p>
              <p>or its debug method for very detailed output</p></td></tr>
      <tr><td><p>Issue a warning regarding a particular runtime event</p></td>
          <td><p><a href="https://docs.example/warnings.html#warn"><code>warnings.warn()</code></a></p></td></tr>
    </tbody>
  </table>
  <p>{PROSE}</p>
</article></main></body></html>"""


def test_a_table_resiliparse_wrote_a_paragraph_a_cell_is_the_page_s_table_again() -> None:
    markdown = resiliparse_markdown(parse_html(MANUAL))

    assert (
        "| Task you want to perform | The best tool for the task |\n| --- | --- |\n"
        "| Display console output for ordinary usage of a command line script | "
        "[`print()`](https://docs.example/functions.html#print) |\n"
    ) in markdown
    # A cell of two paragraphs is one cell.
    assert "| A logger's [`info()`](https://docs.example/logging.html#info) method" in markdown
    assert "or its debug method for very detailed output |" in markdown
    # No loose line of a cell is left before or after the table.
    assert "\nTask you want to perform\n" not in f"\n{markdown}\n"
    assert markdown.count("Issue a warning regarding a particular runtime event") == 1
    assert markdown.startswith("# Logging how-to\n") and markdown.endswith("with a level for each.")


def test_the_put_back_table_keeps_its_caption_and_its_place() -> None:
    markdown = resiliparse_markdown(parse_html(MANUAL))

    caption = markdown.index("Which tool for which task")
    assert markdown.index(PROSE[:40]) < caption < markdown.index("| Task you want to perform")


def _minimal(*lines: str) -> str:
    return "\n\n".join(lines)


TWO_BY_TWO = "<table><tr><td>Size</td><td>Price</td></tr><tr><td>Large</td><td>12 euros</td></tr></table>"


def test_lines_that_hold_only_part_of_the_table_are_left_as_they_are() -> None:
    minimal = _minimal("<p>Size</p>", "<p>Price</p>", "<p>Large</p>", "<p>Delivery in two days</p>")

    assert tables_put_back(minimal, parse_html(f"<html><body>{TWO_BY_TWO}</body></html>")) == minimal


def test_the_run_must_be_whole_lines() -> None:
    # The last cell's text opens a longer line: that line is not the cell's.
    minimal = _minimal("<p>Size</p>", "<p>Price</p>", "<p>Large</p>", "<p>12 euros, and more below</p>")

    assert tables_put_back(minimal, parse_html(f"<html><body>{TWO_BY_TWO}</body></html>")) == minimal


def test_cells_spaced_differently_and_written_with_entities_still_match() -> None:
    minimal = _minimal("<p>Intro</p>", "<p>Si ze</p>", "<p>Pri&#99;e</p>", "Large\t\t12  euros", "<p>After</p>")

    put_back = tables_put_back(minimal, parse_html(f"<html><body>{TWO_BY_TWO}</body></html>"))

    assert put_back.startswith("<p>Intro</p>\n\n<table>") and put_back.endswith("</table>\n\n<p>After</p>")


def test_text_in_code_is_never_taken_for_cells() -> None:
    minimal = "<pre>Size\nPrice\nLarge\n12 euros</pre>"

    assert tables_put_back(minimal, parse_html(f"<html><body>{TWO_BY_TWO}</body></html>")) == minimal


LAYOUT_PAGES = [
    # A table inside a table: an old forum's layout.
    f"<html><body><table><tr><td>{TWO_BY_TWO}</td><td>Side</td></tr><tr><td>a</td><td>b</td></tr></table></body></html>",
    # Marked as layout.
    TWO_BY_TWO.replace("<table>", '<table role="presentation">'),
    # A cell holding a post, not a value.
    TWO_BY_TWO.replace("12 euros", "word " * 200),
    # One row: not a table of data.
    "<table><tr><td>Size</td><td>Price</td></tr></table>",
]


@pytest.mark.parametrize("page", LAYOUT_PAGES)
def test_layout_tables_are_not_put_back(page: str) -> None:
    minimal = _minimal("<p>Size</p>", "<p>Price</p>", "<p>Large</p>", "<p>12 euros</p>", "<p>a</p>", "<p>b</p>")

    assert tables_put_back(minimal, parse_html(page)) == minimal


def test_aligning_gives_up_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # Thousands of lines that each open the table's first cell, none followed by the rest.
    minimal = "\n".join(["<p>a</p>", "<p>b</p>"] * 5_000)
    table = "<table>" + "".join("<tr><td>a</td><td>b</td><td>c</td></tr>" for _ in range(50)) + "</table>"
    monkeypatch.setattr(resiliparse_tables, "_MAX_READS", 1_000)

    assert tables_put_back(minimal, parse_html(f"<html><body>{table}</body></html>")) == minimal


def test_a_page_s_cells_past_the_bound_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    minimal = _minimal("<p>Size</p>", "<p>Price</p>", "<p>Large</p>", "<p>12 euros</p>")
    monkeypatch.setattr(resiliparse_tables, "_MAX_CELLS", 3)

    assert tables_put_back(minimal, parse_html(f"<html><body>{TWO_BY_TWO}</body></html>")) == minimal


ARTICLE_WITH_TABLES = f"""<html><body><article>
  <h1>Weight loss medications</h1>
  <p>{PROSE}</p>
  <table>
    <tr><td><b>Drug name</b></td><td><b>Approved for</b></td><td><b>Frequency</b></td></tr>
    <tr><td>Semaglutide</td><td>Adults, children 12+</td><td>Once weekly</td></tr>
    <tr><td>Liraglutide</td><td>Adults, children 12+</td><td>Once daily</td></tr>
  </table>
  <p>{PROSE}</p>
  <table>
    <tr><th>Plan</th><th>Price</th></tr>
    <tr><td>Basic</td><td>3 euros</td></tr>
  </table>
  <p>{PROSE}</p>
</article></body></html>"""


def test_trafilatura_s_table_without_header_cells_gets_its_delimiter_row() -> None:
    markdown = trafilatura_markdown(ARTICLE_WITH_TABLES, None, mode="balanced", include_images=False)

    assert (
        "| **Drug name** | **Approved for** | **Frequency** |\n| --- | --- | --- |\n"
        "| Semaglutide | Adults, children 12+ | Once weekly |"
    ) in markdown
    # A table with header cells already has its delimiter row: not a second one.
    assert "| Plan | Price |\n|---|---|\n| Basic | 3 euros |" in markdown


CODE_WITH_BARS = f"""<html><body><article>
  <h1>Shell pipes</h1>
  <p>{PROSE}</p>
  <pre><code>| cat notes.txt | sort |
| uniq -c | head |</code></pre>
  <pre>| lonely bar line |</pre>
  <p>{PROSE}</p>
</article></body></html>"""


def test_bars_in_code_and_a_line_of_one_cell_are_no_table() -> None:
    markdown = trafilatura_markdown(CODE_WITH_BARS, None, mode="balanced", include_images=False)

    assert "```\n| cat notes.txt | sort |\n| uniq -c | head |\n```" in markdown
    assert "| lonely bar line |" in markdown
    assert "---" not in markdown
