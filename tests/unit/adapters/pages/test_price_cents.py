"""A price's cents set as a superscript read with their point: "$19⁹⁹" is $19.99, not $1999."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.price_cents import cents_pointed
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

URL = "https://shop.example/cameras"
PAGE = (
    "<!doctype html><html><head><title>Cameras</title></head><body><main><h1>Mirrorless cameras</h1>"
    "<p>Every camera below ships with a battery, a charger and a strap, and is covered for two years.</p>"
    + "".join(
        f"<div class='item'><h2>Camera {n}</h2><p>A body for travel and for studio work alike, light and fast.</p>"
        f"<span><span>${n},{n}98</span><sup>00</sup></span></div>"
        for n in range(1, 7)
    )
    + "</main></body></html>"
)


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_reads_the_price_with_its_point(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    answer = run(name)
    assert "$3,398.00" in answer and "$3,39800" not in answer, name


@pytest.mark.parametrize(
    ("markup", "read"),
    [
        ("<p>Now $19<sup>99</sup> only</p>", "Now $19.99 only"),
        ("<p><sup>$</sup>1,299<sup>99</sup></p>", "$1,299.99"),
        ("<p>€ 49<sup>95</sup></p>", "€ 49.95"),
        ("<p>E = mc<sup>2</sup>, 10<sup>12</sup> stars, note<sup>12</sup></p>", "E = mc2, 1012 stars, note12"),
        ("<p>$5 <sup>12</sup>, $5<sup>123</sup>, $5<sup><a href='#n'>12</a></sup></p>", "$5 12, $5123, $512"),
        ("<p><code>$5<sup>12</sup></code></p>", "$512"),
    ],
)
def test_only_two_digits_touching_a_currency_amount_are_cents(markup: str, read: str) -> None:
    root = tree(markup)
    cents_pointed(root)
    assert text(root) == read
