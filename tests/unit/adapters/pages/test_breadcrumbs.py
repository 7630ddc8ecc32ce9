"""A page's breadcrumb trail is navigation, not its text: out before extraction."""

from __future__ import annotations

import pytest

from adapters.pages.breadcrumbs import BREADCRUMBS, MAX_WORDS
from adapters.pages.html_article import html_to_article
from adapters.pages.named_boxes import named_boxes_out
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://furniture.example/living-room/sofas/harbour-sofa"

PRODUCT = """<!doctype html><html><head><title>Harbour sofa</title></head><body>
<main>
<ol class="c-breadcrumb"><li><a href="/">Home</a></li><li><a href="/living-room">Living room</a></li>
<li><a href="/living-room/sofas">Sofas</a></li></ol>
<h1>Harbour three-seat sofa</h1>
<p>A deep, low sofa with feather-wrapped cushions on a solid oak frame, covered in a washable
linen blend that softens with every wash. The arms are wide enough to rest a cup on, and the
back cushions can be turned to even out the wear over the years.</p>
</main></body></html>"""


def test_the_trail_above_a_product_is_not_in_the_agent_s_text() -> None:
    article = html_to_article(PRODUCT, URL)

    assert "feather-wrapped cushions" in article.markdown
    assert "Living room" not in article.markdown


@pytest.mark.parametrize(
    "trail",
    [
        '<nav-trail class="breadcrumbs"><a href="/">Home</a> › <a href="/blog">Blog</a></nav-trail>',
        '<div id="crumbs"><a href="/">Index</a> » <a href="/f/3">Arch Discussion</a></div>',
        '<ul class="BreadcrumbList"><li><a href="/">Recipes</a></li></ul>',
        '<div class="mntl-breadcrumbs"><a href="/">Recipes</a></div>',
    ],
)
def test_an_element_named_for_the_trail_goes(trail: str) -> None:
    root = tree(f"<p>The page.</p>{trail}")

    assert named_boxes_out(root, (BREADCRUMBS,)) == 1
    assert text(root) == "The page."


def test_a_box_named_for_the_trail_but_holding_the_page_stays() -> None:
    words = " ".join(["word"] * (MAX_WORDS + 1))
    root = tree(f'<div class="with-breadcrumbs"><p>{words}</p></div>')

    assert named_boxes_out(root, (BREADCRUMBS,)) == 0


def test_names_that_only_contain_the_letters_stay() -> None:
    root = tree('<div class="cookie-crumble">Crumble topping, 200 g of oats.</div>')

    assert named_boxes_out(root, (BREADCRUMBS,)) == 0
