"""Tables that lay a page out read as the blocks they hold; tables of data stay tables."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.layout_tables import DATA_ROWS, PASSAGE_WORDS, layout_tables_unwrapped
from tests.unit.adapters.pages.page_trees import cut_candidates, tree

URL = "https://essays.example/~ada/relay.html"
PARAGRAPHS = "".join(
    f"<p>Paragraph {n} of an essay laid out the old way, in the right cell of a table, long enough "
    "to read as the body of the page to every extractor that looks at it.</p>"
    for n in range(6)
)
PAGE = (
    "<html><head><title>Relay essay</title></head><body><table width='100%'><tr>"
    "<td width='20%'><a href='/'>Home</a><br><a href='/about'>About</a></td>"
    f"<td><h1>On relays</h1>{PARAGRAPHS}<table><tr><td>Year</td><td>Count</td></tr><tr><td>1999</td><td>12</td></tr>"
    "</table></td></tr></table></body></html>"
)


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_reads_an_essay_laid_out_in_a_table_as_paragraphs(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    answer = run(name)
    assert "| On relays" not in answer and "Paragraph 0 of an essay" in answer, name
    assert not any(line.startswith("|") and "Paragraph" in line for line in answer.splitlines()), name


def test_the_essay_keeps_its_heading_and_its_table_of_figures() -> None:
    run, _ = cut_candidates(PAGE, URL)
    whole = run(profiles.WHOLE_PAGE)
    assert "# On relays" in whole and "| 1999 | 12 |" in whole


LONG = " ".join(["word"] * PASSAGE_WORDS)
ROWS = "".join(f"<tr><td>item {n}</td><td>{LONG}</td></tr>" for n in range(DATA_ROWS))


@pytest.mark.parametrize(
    ("table", "layout"),
    [
        ("<table role='presentation'><tr><td>a</td><td>b</td></tr></table>", True),
        ("<table><tr><td><h2>Title</h2></td><td>b</td></tr></table>", True),
        ("<table><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>", True),
        (f"<table><tr><td>{LONG}</td></tr></table>", True),
        (f"<table><tr><th>Name</th><th>Notes</th></tr><tr><td>a</td><td>{LONG}</td></tr></table>", False),
        ("<table><caption>Results</caption><tr><td><h2>Title</h2></td></tr></table>", False),
        (f"<table>{ROWS}</table>", False),  # records, however long a cell
        ("<table><tr><td>Year</td><td>Count</td></tr><tr><td>1999</td><td>12</td></tr></table>", False),
    ],
)
def test_a_table_is_layout_by_its_role_or_by_what_a_cell_holds(table: str, layout: bool) -> None:
    assert layout_tables_unwrapped(tree(table)) == (1 if layout else 0)
