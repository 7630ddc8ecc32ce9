"""Sections recommending other products or stories are cut from the answer by their headings."""

from __future__ import annotations

import json

import pytest

from adapters.pages import profiles
from adapters.pages.html_article import choose, html_to_article
from adapters.pages.page_kind import Structure
from adapters.pages.recommendations import (
    is_recommendation_heading,
    opens_with_recommendations,
    without_recommendations,
)
from adapters.pages.reconcile import most_agreed
from adapters.pages.structured_data import StructuredData
from tests.unit.adapters.pages.given_answers import GivenAnswers

URL = "https://shop.example/item/trailmaster-40"

CARDS = "".join(
    f'<li><a href="/item/{n}"><img src="/i/{n}.jpg" alt="{name}"><h3>{name}</h3></a><span>£{price}</span>'
    f"<p>Free postage. {sold} sold. Seller rating 99.2% positive.</p></li>"
    for n, (name, price, sold) in enumerate(
        [
            ("Summit 35 daypack with hip belt", "64.00", 120),
            ("Ridgeline 45 trekking rucksack", "99.00", 87),
            ("Canyon 30 hydration pack", "55.50", 301),
            ("Alpine 50 expedition pack", "149.00", 12),
            ("Valley 20 city backpack", "39.99", 640),
            ("Glacier 60 load carrier", "179.00", 9),
        ]
    )
)
PRODUCT_WITH_CAROUSELS = f"""<!doctype html><html><head><title>Trailmaster 40 rucksack</title>
<script type="application/ld+json">{
    json.dumps(
        {
            "@context": "https://schema.org",
            "@type": "Product",
            "name": "Trailmaster 40 rucksack",
            "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "GBP"},
        }
    )
}</script></head>
<body><nav><a href="/">Home</a> <a href="/outdoor">Outdoor</a></nav>
<main><h1>Trailmaster 40 rucksack</h1>
<p>A forty-litre pack for long days on the hill, with a ventilated back panel, a stowable rain cover and
side pockets that take a litre bottle each. The lid holds a map, a headtorch and a snack for the way down.</p>
<h2>Specifications</h2>
<table><tr><th>Volume</th><td>40 litres</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr>
<tr><th>Fabric</th><td>Recycled ripstop nylon</td></tr></table>
<h2>Similar items</h2><ul class="carousel">{CARDS}</ul>
<h2>Customers who viewed this item also viewed</h2><ul class="carousel">{CARDS}</ul>
</main><footer><p>Copyright 2026 Example Outdoor Ltd.</p></footer></body></html>"""


def test_a_product_page_loses_its_carousels_and_keeps_its_description_and_specifications() -> None:
    article = html_to_article(PRODUCT_WITH_CAROUSELS, URL)

    assert article.kind == "product"
    assert "ventilated back panel" in article.markdown
    assert "Recycled ripstop nylon" in article.markdown
    assert "Similar items" not in article.markdown
    assert "Ridgeline 45 trekking rucksack" not in article.markdown
    assert "also viewed" not in article.markdown


def test_the_vote_compares_the_pages_own_content_not_the_carousels_two_extractors_kept() -> None:
    item = (
        "# Trailmaster 40 rucksack\n\nA forty-litre pack for long days on the hill, with a ventilated back.\n\n"
        "- Volume: 40 litres\n- Weight: 1.2 kg\n- Fabric: recycled ripstop nylon"
    )
    cards = "\n".join(f"- [Pack number {n} in the range]({URL}/{n}) £{50 + n}.00 free postage" for n in range(40))
    with_chrome = f"[Home]({URL}) [Outdoor]({URL})\n\n{item}\n\n## You may also like\n\n{cards}\n\n"
    answers = GivenAnswers(
        {
            profiles.TRAFILATURA_PRECISION_FAST: item,
            profiles.TRAFILATURA_THREAD: item + "\n\nAdd to basket",
            profiles.WHOLE_PAGE: with_chrome + "Copyright 2026",
            profiles.RESILIPARSE_WITHOUT_COMMENTS: with_chrome,
        }
    )

    as_made = most_agreed(answers.many(profiles.PROFILES["product"]))
    assert "Pack number" in as_made.markdown  # the two answers holding the carousel agree best as they are

    article = choose("product", StructuredData(), Structure(text_chars=3000, code_chars=0), answers)

    assert "ventilated back" in article.markdown
    assert "Pack number" not in article.markdown


def test_a_section_is_cut_to_the_next_heading_of_its_level_or_higher() -> None:
    markdown = (
        "# Bridge to be rebuilt\n\nThe council agreed.\n\n"
        "## Related stories\n\n### Floods close the road\n\nTeaser.\n\n- [More](https://news.example/x)\n\n"
        "## What happens next\n\nWork starts in spring.\n\n"
        "### Read next\n\nAnother teaser.\n\n"
        "# Comments\n\nA reader wrote."
    )

    cut = without_recommendations(markdown)

    assert cut == (
        "# Bridge to be rebuilt\n\nThe council agreed.\n\n"
        "## What happens next\n\nWork starts in spring.\n\n"
        "# Comments\n\nA reader wrote."
    )


@pytest.mark.parametrize(
    "heading",
    [
        "Similar items",
        "Similar Items",
        "Explore related items",
        "People who viewed this item also viewed",
        "Customers also bought",
        "You may also like…",
        "You Might also like...",
        "Products you might like",
        "Related",
        "Related products",
        "Sponsored items",
        "Products related to this item",
        "Sponsored products related to this item",
        "Recently viewed",
        "Frequently bought together",
        "Recommended for you",
        "Read next",
        "More from this seller",
        "[Similar items](https://shop.example/similar)",
        "**Related posts**",
        "You might **also like**",
        "Others Like You Also Bought:",
        "Customers also bought or read",
        "Guests also viewed",
        "Customers frequently viewed",
        "This is what customers who viewed this product bought",
        "Similar items to consider",
        "Consider these available items",
        "Complete the look",
        "Added to your cart! Complete the set?",
        "Most Popular",
        "Popular posts",
        "Das könnte dir auch gefallen",
        "Vous aimerez aussi",
        "Productos relacionados",
        "Prodotti correlati",
        "Gerelateerde producten",
        "Você também pode gostar",
        "Похожие товары",
        "С этим товаром покупают",
        "Polecane produkty",
        "猜你喜欢",
        "相關推薦",
        "推荐阅读",
        "関連記事",
        "この商品を見た人はこちらも見ています",
        "よく一緒に購入されている商品",
        "관련 상품",
    ],
)
def test_headings_that_recommend_elsewhere(heading: str) -> None:
    assert is_recommendation_heading(heading)


@pytest.mark.parametrize(
    "heading",
    [
        "Reviews",
        "Customer reviews",
        "Specifications",
        "Related work",  # a paper's section, its content
        "How related products are chosen",
        "Products related to this topic",  # a guide's own reading list
        "Similar items are grouped by the catalogue",
        "More to explore",  # a hub page's own list
        "Related searches",
        "Frequently asked questions",
        "Why you will love it",
        "What you might like about the hotel",
        "Most popular movies",  # a chart's own title
        "Best Sellers",  # a shop's collection as often as its sidebar
        "Popular",
        "商品详情",  # a product's details
        "関連する法律",  # "the laws concerned": a guide's own section
        "用户评价",  # customers' reviews
    ],
)
def test_headings_that_are_content_or_only_mention_recommendations(heading: str) -> None:
    assert not is_recommendation_heading(heading)


def test_code_comments_that_look_like_headings_are_not_sections() -> None:
    markdown = "# Setup\n\n```sh\n# Related\nmake install\n```\n\nThen run it."

    assert without_recommendations(markdown) == markdown


def test_an_answer_that_is_all_recommendations_stands_as_it_was() -> None:
    markdown = "## Recommended for you\n\n- [A pack](https://shop.example/a)\n- [A tent](https://shop.example/b)"

    assert without_recommendations(markdown) == markdown


def test_a_heading_inside_a_list_item_does_not_end_the_cut() -> None:
    markdown = (
        "Boots for wet hills.\n\n## You may also like\n\n"
        "- [Select options](https://shop.example/s)\n  ## Minimalist sandal\n  119,90\n\n## Delivery\n\nTwo days."
    )

    assert without_recommendations(markdown) == "Boots for wet hills.\n\n## Delivery\n\nTwo days."


def test_a_long_heading_is_read_once_not_again_from_every_position() -> None:
    spaced = "# Notes" + " " * 100_000 + "end\n\nText."
    shouted = "## " + "!" * 200_000 + "\n\nText."

    assert without_recommendations(spaced) == spaced
    assert without_recommendations(shouted) == shouted
    assert not is_recommendation_heading("Similar items " + "x" * 400)


def test_the_draft_a_slow_page_falls_back_on_has_no_carousels_either() -> None:
    drafts: list[str] = []

    html_to_article(PRODUCT_WITH_CAROUSELS, URL, draft=drafts.append)

    assert len(drafts) == 1
    assert "ventilated back panel" in drafts[0]
    assert "Similar items" not in drafts[0]
    assert "also viewed" not in drafts[0]


@pytest.mark.parametrize(
    ("text", "names_them"),
    [
        ("Related coverage from How to Do Everything: Money:", True),
        ("**You may also like:**", True),
        ("Read next:", True),
        ("Relatedness of the parts:", False),  # a word that starts like a phrase is not the phrase
        ("When you run it, the following happens:", False),
    ],
)
def test_a_line_that_opens_with_a_recommendations_phrase_introduces_them(text: str, names_them: bool) -> None:
    assert opens_with_recommendations(text) is names_them
