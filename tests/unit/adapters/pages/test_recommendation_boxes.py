"""Carousels the markup names as recommendations leave the tree the whole page and Resiliparse read;
trafilatura and readability still read the page as written."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.html_article import Candidates
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.recommendation_boxes import MAX_WORDS, RECOMMENDATION_BOXES
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

DESCRIPTION = (
    "A deep, low sofa with feather-wrapped cushions on a solid oak frame, covered in a washable linen "
    "blend that softens with every wash; the back cushions turn to even out the wear. "
) * 3

CAROUSEL = (
    '<div class="product-recommendations"><p>Alder armchair $420</p><p>Birch footstool $180</p>'
    "<p>Cedar side table $95</p></div>"
)

PAGE = (
    "<html><head><title>Harbour sofa</title></head><body><main><h1>Harbour sofa</h1>"
    f"<p>{DESCRIPTION}</p>{CAROUSEL}</main></body></html>"
)


def _candidates() -> Candidates:
    return cut_candidates(PAGE, "https://shop.example/harbour")[0]


@pytest.mark.parametrize("name", [profiles.WHOLE_PAGE, profiles.RESILIPARSE])
def test_the_carousel_leaves_what_the_whole_page_and_resiliparse_read(name: str) -> None:
    answer = _candidates()(name)

    assert "feather-wrapped cushions" in answer
    assert "Birch footstool" not in answer


def test_trafilatura_reads_the_page_as_written() -> None:
    assert "Birch footstool" in _candidates()(profiles.TRAFILATURA_RECALL)


@pytest.mark.parametrize(
    "carousel",
    [
        '<div class="recs-carousel"><a href="/a">Alder armchair</a></div>',
        '<section id="upsell-products"><p>Add a cover for $60</p></section>',
        '<div class="crosssell"><p>Cushion set</p></div>',
        '<div class="RecommendedProducts_root__x1"><p>Oak shelf</p></div>',
    ],
)
def test_an_element_named_for_recommendations_goes(carousel: str) -> None:
    root = tree(f"<p>The sofa.</p>{carousel}")

    assert named_boxes_out(root, (RECOMMENDATION_BOXES,)) == 1
    assert text(root) == "The sofa."


def test_a_category_grid_named_recommendations_stays() -> None:
    items = "".join(f"<p>Sofa number {number}</p>" for number in range(MAX_WORDS))
    root = tree(f'<div class="recommendations-grid">{items}</div>')

    assert named_boxes_out(root, (RECOMMENDATION_BOXES,)) == 0
