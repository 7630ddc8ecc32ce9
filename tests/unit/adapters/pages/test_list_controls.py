"""A list's page links and its cards' wish-list and quick-view buttons are not its text: out before extraction."""

from __future__ import annotations

import pytest

from adapters.pages.html_article import html_to_article
from adapters.pages.list_controls import LIST_CONTROLS, MAX_WORDS
from adapters.pages.named_boxes import named_boxes_out
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://lamps.example/collections/desk-lamps"


def _card(name: str, price: str) -> str:
    return (
        f'<li class="card"><h3><a href="/p/{name.lower().replace(" ", "-")}">{name}</a></h3>'
        f"<p>{price}, brushed brass with a linen shade.</p>"
        '<button class="btn-quickview">Quick view</button><a class="add-to-wishlist" href="#">Wishlist</a></li>'
    )


COLLECTION = f"""<!doctype html><html><head><title>Desk lamps</title></head><body>
<main><h1>Desk lamps</h1>
<ul class="grid">{_card("Alder lamp", "$120")}{_card("Birch lamp", "$140")}{_card("Cedar lamp", "$160")}</ul>
<div class="pagination"><span>Page 1 of 4</span> <a href="?page=2">2</a> <a href="?page=3">3</a>
<a href="?page=2">Next</a></div>
</main></body></html>"""


def test_a_collection_keeps_its_items_and_loses_its_controls() -> None:
    article = html_to_article(COLLECTION, URL)

    assert "Birch lamp" in article.markdown
    assert "$160, brushed brass" in article.markdown
    for control in ("Quick view", "Wishlist", "Page 1 of 4", "Next"):
        assert control not in article.markdown


@pytest.mark.parametrize(
    "control",
    [
        '<ul class="ipsPager"><li><a href="/forum">Go to topic listing</a></li></ul>',
        '<div class="a-carousel-pagination">Page 1 of 4 <a href="#">Start over</a></div>',
        '<nav-links class="paginator"><a href="?p=2">2</a></nav-links>',
        '<div class="wishlist-popup"><p>My wishlist 1</p></div>',
    ],
)
def test_an_element_named_for_a_list_control_goes(control: str) -> None:
    root = tree(f"<p>The list.</p>{control}")

    assert named_boxes_out(root, (LIST_CONTROLS,)) == 1
    assert text(root) == "The list."


def test_a_box_named_for_paging_that_holds_the_list_stays() -> None:
    items = "".join(f"<li>Item {number} of the archive</li>" for number in range(MAX_WORDS))
    root = tree(f'<div class="posts-with-pagination"><ul>{items}</ul></div>')

    assert named_boxes_out(root, (LIST_CONTROLS,)) == 0


def test_a_method_named_sort_stays() -> None:
    root = tree('<dl><dt id="list.sort">sort(*, key=None, reverse=False)</dt><dd>Sorts the list in place.</dd></dl>')

    assert named_boxes_out(root, (LIST_CONTROLS,)) == 0
