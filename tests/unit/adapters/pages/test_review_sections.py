"""A product page's customer reviews are left out; a page about reviews, and other kinds, keep them."""

from __future__ import annotations

import json
import math
import time

import pytest

from adapters.pages import profiles
from adapters.pages.candidates import parse_html
from adapters.pages.html_article import Candidates, cut_from_tree, html_to_article, parse_page, read_tree
from adapters.pages.html_markdown import element_to_markdown
from adapters.pages.page_kind import detect_kind
from adapters.pages.review_sections import MIN_WORDS, line_key, reviews_cut, without_review_lines

DESCRIPTION = " ".join(
    [
        "The daypack carries twenty-five litres on padded straps, with a laptop sleeve behind the main",
        "compartment, two stretch pockets for bottles and a lid pocket for keys and a phone.",
    ]
    * 8
)
REVIEW = (
    "Bought it for a weekend of hiking and it held everything I needed, though the hip belt could"
    " be wider and the side pockets are a little shallow for tall bottles. Would buy again."
)


def _reviews(count: int, name: str = 'class="product-reviews"') -> str:
    items = "".join(f'<div class="item"><p>Reviewer {n}</p><p>{REVIEW}</p></div>' for n in range(count))
    return f"<section {name}><h2>Customer reviews</h2>{items}</section>"


OFFER = {"@type": "Offer", "price": "89.95", "priceCurrency": "USD"}


def _product_page(reviews: str, *, declared: str = "Product", offer: bool = True) -> str:
    product = {"@context": "https://schema.org", "@type": declared, "name": "Trail 25 Pack"}
    data = json.dumps(product | ({"offers": OFFER} if offer else {}))
    return (
        f'<html><head><title>Trail 25 Pack</title><script type="application/ld+json">{data}</script></head>'
        f"<body><main><h1>Trail 25 Pack</h1><p>{DESCRIPTION}</p>"
        '<div class="rating-review-summary">4.6 out of 5, 212 reviews</div>'
        f"{reviews}</main><footer><p>Shipping and returns</p></footer></body></html>"
    )


def _candidates(html: str) -> tuple[str, Candidates]:
    parsed = parse_page(html)
    assert parsed is not None
    root, written = parsed
    data, structure = read_tree(root)
    kind = detect_kind(data, structure)
    cut_from_tree(kind, data, root)
    url = "https://shop.example/trail-25"
    return kind, Candidates(written, url, root, True, deadline=math.inf, clock=time.monotonic)


@pytest.mark.parametrize("name", [profiles.WHOLE_PAGE, profiles.RESILIPARSE, profiles.RESILIPARSE_WITHOUT_COMMENTS])
def test_the_candidates_reading_the_tree_lose_a_product_s_reviews(name: str) -> None:
    kind, run = _candidates(_product_page(_reviews(3)))

    assert kind == "product"
    assert "laptop sleeve" in run(name)
    assert "hip belt" not in run(name)


def test_trafilatura_reads_the_page_as_written() -> None:
    _, run = _candidates(_product_page(_reviews(3)))

    assert "hip belt" in run(profiles.TRAFILATURA_THREAD)  # it weighs comment-like blocks itself


def test_other_kinds_keep_sections_named_for_reviews() -> None:
    kind, run = _candidates(_product_page(_reviews(3), declared="NewsArticle", offer=False))

    assert kind == "article"
    assert "hip belt" in run(profiles.WHOLE_PAGE)


def test_a_declared_product_with_no_offer_keeps_its_testimonials() -> None:
    kind, run = _candidates(_product_page(_reviews(3), offer=False))  # a business's rating stars

    assert kind == "product"
    assert "hip belt" in run(profiles.WHOLE_PAGE)


@pytest.mark.parametrize("price_property", ["product:price:amount", "og:price:amount"])
def test_an_open_graph_product_with_its_price_loses_its_reviews(price_property: str) -> None:
    html = _open_graph_page(_reviews(3), price=f'<meta property="{price_property}" content="89.95">')
    kind, run = _candidates(html)

    assert kind == "product"
    assert "laptop sleeve" in run(profiles.WHOLE_PAGE)
    assert "hip belt" not in run(profiles.WHOLE_PAGE)


@pytest.mark.parametrize("price", ["", '<meta property="product:price:amount" content="  ">'])
def test_an_open_graph_product_without_a_price_keeps_them(price: str) -> None:
    kind, run = _candidates(_open_graph_page(_reviews(3), price=price))

    assert kind == "product"
    assert "hip belt" in run(profiles.WHOLE_PAGE)


def _open_graph_page(reviews: str, *, price: str) -> str:
    head = f'<meta property="og:type" content="product">{price}'
    return (
        f"<html><head><title>Trail 25 Pack</title>{head}</head>"
        f"<body><main><h1>Trail 25 Pack</h1><p>{DESCRIPTION}</p>"
        '<div class="rating-review-summary">4.6 out of 5, 212 reviews</div>'
        f"{reviews}</main><footer><p>Shipping and returns</p></footer></body></html>"
    )


def test_the_winner_loses_the_reviews_the_page_as_written_gave_it() -> None:
    html = _product_page(_reviews(3))

    article = html_to_article(html, "https://shop.example/trail-25")

    assert article.kind == "product"
    assert "laptop sleeve" in article.markdown
    assert "hip belt" not in article.markdown
    assert "Customer reviews" not in article.markdown


def test_only_lines_that_the_rest_of_the_page_does_not_also_say_go() -> None:
    reviews = frozenset({"5 stars", "bought it for a weekend of hiking", "jane d"})
    answer = "# Trail 25 Pack\n\n**5 stars**\n\nBought it for a weekend of hiking!\n\nJane D.\n\n```\nJane D.\n```"
    page = "# Trail 25 Pack\n\n5 stars"  # the product's own rating line

    assert without_review_lines(answer, reviews, page) == "# Trail 25 Pack\n\n**5 stars**\n\n```\nJane D.\n```"


@pytest.mark.parametrize(
    "name",
    ['class="product-reviews"', 'id="userReviews"', 'class="review_ctn"', 'class="pipf-seo-reviews box"'],
)
def test_sections_named_for_reviews_go(name: str) -> None:
    root = parse_html(_product_page(_reviews(2, name)))

    lines = reviews_cut(root)

    assert line_key(REVIEW) in lines and "customer reviews" in lines
    assert "hip belt" not in element_to_markdown(root)


@pytest.mark.parametrize(
    "name",
    ['class="preview"', 'class="reviewer-bio"', 'id="overview"', 'class="product-ratings"'],
)
def test_names_that_only_contain_the_letters_stay(name: str) -> None:
    root = parse_html(_product_page(_reviews(2, name)))

    assert not reviews_cut(root)


def test_a_short_section_is_a_rating_summary_and_stays() -> None:
    summary = " ".join(["word"] * (MIN_WORDS - 10))
    root = parse_html(_product_page(f'<div class="reviews">{summary}</div>'))

    assert not reviews_cut(root)


def test_a_page_that_is_mostly_reviews_keeps_them() -> None:
    root = parse_html(_product_page(_reviews(20)))

    assert not reviews_cut(root)
    assert "hip belt" in element_to_markdown(root)


def test_the_section_holding_the_headline_stays() -> None:
    html = _product_page("").replace("<main>", '<main><div class="review-layout">')
    html = html.replace("</main>", _reviews(2) + "</div></main>")
    root = parse_html(html)

    assert reviews_cut(root)  # the section of reviews inside it, not the box around the product
    markdown = element_to_markdown(root)
    assert "laptop sleeve" in markdown
    assert "hip belt" not in markdown
