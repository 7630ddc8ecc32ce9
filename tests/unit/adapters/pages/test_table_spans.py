"""A short cell spanning rows written into each row it spans: every row of a Markdown table says what it is about."""

from __future__ import annotations

import pytest
from lxml import etree

from adapters.pages import profiles
from adapters.pages.table_spans import MAX_COPIED_WORDS, MAX_COPIES, row_spans_filled
from tests.unit.adapters.pages.page_trees import cut_candidates, tree

URL = "https://relay.example/releases"
PROSE = (
    "<p>The table below lists the releases of the relay, with the date of each and the provider it added, "
    "so that an operator can tell which version first answered through which search provider.</p>"
)
PAGE = (
    "<!doctype html><html><head><title>Releases</title></head><body><main><article><h1>Releases</h1>"
    + PROSE
    + "<table><thead><tr><th>Version</th><th>Date</th><th>Provider</th></tr></thead><tbody>"
    "<tr><td rowspan='3'>2.0</td><td>2025-01-10</td><td>Serper</td></tr>"
    "<tr><td>2025-02-01</td><td>Tavily</td></tr><tr><td>2025-03-15</td><td>Brave</td></tr>"
    "<tr><td>2.1</td><td>2025-06-01</td><td>SearXNG</td></tr></tbody></table>"
    + PROSE.replace("The table below lists", "Older notes list")
    + "</article></main></body></html>"
)


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_writes_the_spanned_key_in_each_row(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    rows = [line.replace(" ", "") for line in run(name).splitlines() if line.startswith("|")]
    for date, provider in (("2025-01-10", "Serper"), ("2025-02-01", "Tavily"), ("2025-03-15", "Brave")):
        assert f"|2.0|{date}|{provider}|" in rows, (name, rows)


def cells(html: str) -> list[list[str]]:
    root = tree(html)
    row_spans_filled(root)
    table = root.find(".//table")
    return [["".join(cell.itertext()) for cell in row] for row in table.iter("tr") if row.getparent() is not None]


def test_a_span_across_columns_and_one_to_the_end_of_its_section() -> None:
    table = (
        "<table><tr><td rowspan='2' colspan='2'>AB</td><td>c1</td></tr><tr><td>c2</td></tr>"
        "<tr><td rowspan='0'>x</td><td>y1</td><td>z1</td></tr><tr><td>y2</td><td>z2</td></tr></table>"
    )
    assert cells(table) == [["AB", "c1"], ["AB", "c2"], ["x", "y1", "z1"], ["x", "y2", "z2"]]


def test_a_span_stays_in_its_section_and_a_nested_table_keeps_its_own_rows() -> None:
    table = (
        "<table><thead><tr><th rowspan='5'>H</th><th>h</th></tr></thead>"
        "<tbody><tr><td>b1</td><td><table><tr><td rowspan='2'>n</td></tr><tr><td>m</td></tr></table></td></tr>"
        "</tbody></table>"
    )
    root = tree(table)
    row_spans_filled(root)
    outer, inner = root.findall(".//table")
    assert [c.text for c in outer.find("thead/tr")] == ["H", "h"] and outer.find("tbody/tr/td").text == "b1"
    assert [[c.text for c in row] for row in inner.iter("tr")] == [["n"], ["n", "m"]]


def test_a_long_cell_stays_once_and_keeps_its_span_for_the_converter() -> None:
    passage = " ".join(["word"] * (MAX_COPIED_WORDS + 1))
    root = tree(f"<table><tr><td rowspan='2'>{passage}</td><td>a</td></tr><tr><td>b</td></tr></table>")
    assert row_spans_filled(root) == 0
    assert root.find(".//td").get("rowspan") == "2" and len(root.findall(".//tr")[1]) == 1


@pytest.mark.parametrize("span", ["abc", "-3", "", "1"])
def test_a_span_that_is_not_one_is_left_alone(span: str) -> None:
    assert cells(f"<table><tr><td rowspan='{span}'>a</td><td>b</td></tr><tr><td>c</td></tr></table>") == [
        ["a", "b"],
        ["c"],
    ]


def test_a_page_whose_spans_would_pass_the_bound_keeps_them_as_written() -> None:
    rows = "".join("<tr><td>v</td></tr>" for _ in range(MAX_COPIES + 1))
    root = tree(f"<table><tr><td rowspan='99999'>k</td><td>v</td></tr>{rows}</table>")
    assert row_spans_filled(root) == 0
    assert etree.tostring(root.find(".//td"), encoding="unicode").startswith('<td rowspan="99999">')


def test_a_page_without_spans_is_left_alone() -> None:
    assert row_spans_filled(tree("<table><tr><td>a</td></tr></table><p>x</p>")) == 0
