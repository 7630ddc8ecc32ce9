"""Short boxes named for a sidebar leave the tree the whole page and Resiliparse read; a column so named stays."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.sidebar_boxes import MAX_WORDS, SIDEBARS
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

STORY = "The county opened the rebuilt bridge over the mill race on Tuesday, two years after the flood. " * 4


@pytest.mark.parametrize(
    "box",
    [
        '<div class="sidebar-widget"><h3>Latest posts</h3><a href="/a">A walk by the river</a></div>',
        '<div id="left-sidebar"><p>Categories: Roads, Schools, Weather</p></div>',
        '<section class="c-sidebar__item"><p>Advertisement</p></section>',
    ],
)
def test_a_short_box_named_for_the_sidebar_goes(box: str) -> None:
    root = tree(f"<p>The story.</p>{box}")

    assert named_boxes_out(root, (SIDEBARS,)) == 1
    assert text(root) == "The story."


def test_a_column_named_for_a_sidebar_layout_stays() -> None:
    words = " ".join(["install"] * (MAX_WORDS + 1))
    root = tree(f'<div class="content-with-sidebar"><p>{words}</p></div>')

    assert named_boxes_out(root, (SIDEBARS,)) == 0


def test_the_whole_page_no_longer_reads_the_box_but_trafilatura_reads_the_page_as_written() -> None:
    page = (
        f"<html><body><main><h1>The bridge</h1><p>{STORY}</p>"
        '<div class="sidebar-box"><p>Most read this week: the school fete and the parish council</p></div>'
        "</main></body></html>"
    )
    run, written = cut_candidates(page, "https://news.example/bridge")

    assert "rebuilt bridge" in run(profiles.WHOLE_PAGE)
    assert "school fete" not in run(profiles.WHOLE_PAGE)
    assert "school fete" in written
