"""A comparison table's icon-only cells read as what their icons say: a check, a cross, or the
icon's own name; a cell with words, a picture, a link or icons that disagree stays as it is."""

from __future__ import annotations

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.icon_cells import CHECK, CROSS, icon_cells_read


def _cells(*cells: str) -> list[str]:
    root = parse_html(f"<html><body><table><tr>{''.join(f'<td>{c}</td>' for c in cells)}</tr></table></body></html>")
    icon_cells_read(root)
    return [" ".join("".join(td.itertext()).split()) for td in root.iter("td")]


def test_icon_fonts_read_as_checks_and_crosses() -> None:
    cells = _cells(
        '<i class="fa-solid fa-check text-primary"></i>',
        '<i class="fa-solid fa-xmark"></i>',
        '<span class="bi bi-x-lg"></span>',
        '<span class="glyphicon glyphicon-ok" aria-hidden="true"></span>',
        '<div class="cell-icon"><i class="icon icon-times"></i></div>',
    )

    assert cells == [CHECK, CROSS, CROSS, CHECK, CROSS]


def test_an_icon_s_own_name_is_read_before_its_class() -> None:
    cells = _cells(
        '<svg class="icon-check" viewBox="0 0 24 24"><title>Included in the plan</title><path d="M0 0"/></svg>',
        '<i class="fa fa-check" aria-label="Yes, on every plan"></i>',
        '<span title="Not available" class="dot"></span>',
    )

    assert cells == ["Included in the plan", "Yes, on every plan", "Not available"]


def test_cells_with_words_pictures_links_or_disagreeing_icons_stay() -> None:
    cells = _cells(
        'Yes <i class="fa fa-check"></i>',
        '<img src="/tick.png" alt="tick">',
        '<a href="/plans"><i class="fa fa-check"></i></a>',
        '<i class="fa fa-check"></i><i class="fa fa-times"></i>',
        '<i class="fa fa-star"></i>',
        "",
    )

    assert cells == ["Yes", "", "", "", "", ""]


def test_a_cell_s_own_label_is_not_written_over_its_words() -> None:
    # A table whose cells a screen reader names by their place ("Row 2 Column 1").
    root = parse_html('<table><tr><td aria-label="Row 2 Column 1"><p>Part-time</p></td></tr></table>')

    assert icon_cells_read(root) == 0 and "".join(root.itertext()) == "Part-time"


def test_a_comparison_table_reads_its_answers() -> None:
    rows = "".join(
        f"<tr><td>{feature}</td><td><i class='fa-solid fa-check'></i></td><td><i class='fa-solid fa-{theirs}'></i></td>"
        "</tr>"
        for feature, theirs in (
            ("Messaging any time", "xmark"),
            ("Video sessions", "check"),
            ("Group sessions", "xmark"),
        )
    )
    page = f"""<html><body><main><h1>Plans compared</h1>
      <p>What each way of seeing a therapist gives you, feature by feature, so that you can choose well.</p>
      <table><thead><tr><th>Feature</th><th>Online</th><th>In-office</th></tr></thead><tbody>{rows}</tbody></table>
      <p>Both ways are covered by most insurance plans, and you can switch from one to the other.</p>
    </main></body></html>"""

    markdown = html_to_article(page, "https://therapy.example/compare").markdown

    assert f"Messaging any time | {CHECK} | {CROSS}" in markdown
    assert f"Video sessions | {CHECK} | {CHECK}" in markdown


def test_a_page_of_many_icon_cells_is_read_within_its_bound() -> None:
    row = '<tr><td><i class="fa fa-check"></i></td></tr>'
    root = parse_html(f"<html><body><table>{row * 6_000}</table></body></html>")

    assert icon_cells_read(root) == 5_000
