"""Each kind of page is recognised and keeps what matters for its kind, on pages written for these tests."""

from __future__ import annotations

import json
import math
import time

import pytest

from adapters.pages.candidates import parse_html, resiliparse_markdown
from adapters.pages.html_article import html_to_article
from adapters.pages.page_kind import MAX_ELEMENTS, detect_kind, measure
from adapters.pages.reconcile import most_agreed
from adapters.pages.structured_content import product_markdown
from adapters.pages.structured_data import StructuredData, read_structured_data
from tests.unit.adapters.pages import kind_fixtures as pages
from tests.unit.adapters.pages.given_answers import GivenAnswers

URL = "https://example.com/page"


def kind_of(html: str) -> str:
    root = parse_html(html)
    return detect_kind(read_structured_data(root), measure(root))


@pytest.mark.parametrize(
    ("html", "kind"),
    [
        (pages.ARTICLE_WITH_COMMENTS, "article"),
        (pages.FORUM_THREAD, "forum"),
        (pages.LISTING, "listing"),
        (pages.PRODUCT, "product"),
        (pages.DOCUMENTATION, "documentation"),
    ],
)
def test_the_kind_is_read_from_the_page(html: str, kind: str) -> None:
    assert kind_of(html) == kind


@pytest.mark.parametrize("declaration", ["<?xml version='1.0' encoding='utf-8'?>\n", '\ufeff <?xml version="1.0"?>'])
def test_an_xhtml_page_with_an_xml_declaration_is_read_for_its_kind_like_any_page(declaration: str) -> None:
    article = html_to_article(declaration + pages.PRODUCT, URL)

    assert article.kind == "product"


def test_without_declared_types_look_alike_post_blocks_make_a_forum() -> None:
    assert kind_of(pages.UNDECLARED_THREAD) == "forum"


def test_a_list_with_a_shorter_run_of_comments_below_it_is_a_listing() -> None:
    structure = measure(parse_html(pages.LIST_WITH_COMMENTS))

    assert "Comment 5" in structure.post_text and "River novel 7" in structure.item_text
    assert len(structure.post_text) >= 0.3 * structure.text_chars  # enough to make a forum on its own
    assert kind_of(pages.LIST_WITH_COMMENTS) == "listing"


def test_a_thread_with_a_shorter_run_of_linked_blocks_in_it_is_a_forum() -> None:
    structure = measure(parse_html(pages.THREAD_WITH_SIMILAR_THREADS))

    assert "Workbench vice question 5" in structure.item_text
    assert kind_of(pages.THREAD_WITH_SIMILAR_THREADS) == "forum"


def test_a_run_of_linked_blocks_in_the_menu_is_not_a_list_of_items() -> None:
    root = parse_html(pages.PAGE_UNDER_A_MEGA_MENU)

    assert measure(root).item_text == ""
    assert kind_of(pages.PAGE_UNDER_A_MEGA_MENU) == "page"


def test_the_same_run_of_linked_blocks_in_the_main_content_is_a_list_of_items() -> None:
    # In the main part, and not named a menu (a list of links named so is one wherever it is).
    page = (
        pages.PAGE_UNDER_A_MEGA_MENU.replace("<header><nav class='mega-menu'>", "<main>")
        .replace("</nav></header><main>", "")
        .replace("<ul class='menu'>", "<ul class='departments'>")
    )

    assert "Walking boots" in measure(parse_html(page)).item_text
    assert kind_of(page) == "listing"


def test_a_run_of_items_is_weighed_by_the_text_a_reader_sees_not_its_scripts() -> None:
    structure = measure(parse_html(pages.PAGE_WITH_SCRIPTED_TILES))

    assert structure.item_text.split("\n\n") == [f"Guide {n}" for n in range(6)]
    assert kind_of(pages.PAGE_WITH_SCRIPTED_TILES) == "page"


def test_an_article_keeps_its_body_and_drops_comments() -> None:
    article = html_to_article(pages.ARTICLE_WITH_COMMENTS, URL)

    assert "Engineers expect the work to take eighteen months." in article.markdown
    assert "temporary footbridge" in article.markdown
    assert "COMMENT-MARKER" not in article.markdown
    assert "NAV-MARKER" not in article.markdown


def test_a_forum_keeps_every_post_with_its_author() -> None:
    article = html_to_article(pages.FORUM_THREAD, URL)

    for author, text in pages.FORUM_POSTS:
        assert author in article.markdown
        assert text in article.markdown
    assert "FOOTER-MARKER" not in article.markdown


def test_a_listing_keeps_each_item_title_and_teaser() -> None:
    article = html_to_article(pages.LISTING, URL)

    for title, teaser in pages.LISTING_ITEMS:
        assert title in article.markdown
        assert teaser in article.markdown


def test_a_product_keeps_name_description_specifications_and_price() -> None:
    markdown = html_to_article(pages.PRODUCT, URL).markdown

    assert "Trailmaster 40 rucksack" in markdown
    assert "ventilated back" in markdown
    assert "Recycled ripstop nylon" in markdown
    assert "89.00 GBP" in markdown  # only the JSON-LD states the price
    assert markdown.count("ventilated back") == 1  # declared fields already on the page are not repeated


@pytest.mark.parametrize(
    "heading", ["Trailmaster 40 rucksack", "Trailmaster 40 rucksack, slate grey", "Trailmaster 40"]
)
def test_a_product_s_declared_price_sits_under_the_heading_that_names_it(heading: str) -> None:
    page = pages.PRODUCT.replace("<h1>Trailmaster 40 rucksack</h1>", f"<h1>{heading}</h1>")

    lines = html_to_article(page, URL).markdown.split("\n\n")

    assert lines[:3] == [
        f"# {heading}",
        "Price: 89.00 GBP",
        "A forty-litre pack for long days on the hill, with a ventilated back and a rain cover.",
    ]


def test_a_product_s_declared_price_goes_first_when_no_heading_names_the_product() -> None:
    page = pages.PRODUCT.replace("<h1>Trailmaster 40 rucksack</h1>", "<h1>Packs for the hill</h1>")

    markdown = html_to_article(page, URL).markdown

    assert markdown.startswith("# Trailmaster 40 rucksack\n\nPrice: 89.00 GBP\n\n")  # the declared name, then the price


def _declaring(*nodes: dict[str, object]) -> str:
    blocks = "".join(f'<script type="application/ld+json">{json.dumps(node)}</script>' for node in nodes)
    return f"<html><head>{blocks}</head><body></body></html>"


def _offer(price: str) -> dict[str, str]:
    return {"@type": "Offer", "price": price, "priceCurrency": "EUR"}


@pytest.mark.parametrize(
    ("page", "declared"),
    [
        # A shop's product with its sizes as variants: the group's fields.
        (
            _declaring(
                {
                    "@type": "ProductGroup",
                    "name": "Trail 25 Pack",
                    "offers": _offer("90"),
                    "hasVariant": [
                        {"@type": "Product", "name": "Trail 25 Pack - Oak - XS", "offers": _offer("90")},
                        {"@type": "Product", "name": "Trail 25 Pack - Bay - XL", "offers": _offer("95")},
                    ],
                }
            ),
            "# Trail 25 Pack\n\nPrice: 90 EUR",
        ),
        # What the product names as related sits inside it: still the page's product.
        (
            _declaring(
                {
                    "@type": "Product",
                    "name": "Steel kettle",
                    "offers": _offer("39"),
                    "isRelatedTo": {"@type": "Product", "name": "Descaler", "offers": _offer("5")},
                }
            ),
            "# Steel kettle\n\nPrice: 39 EUR",
        ),
        # The same product declared twice (JSON-LD in the head and again in the body).
        (
            _declaring({"@type": "Product", "name": "Steel kettle"}, {"@type": "Product", "name": "steel kettle"}),
            "# Steel kettle",
        ),
        # A roundup of the year's best, or a category's grid: products of other names side by side.
        (
            _declaring(
                {"@type": "Product", "name": "Hisense fridge", "offers": _offer("1599")},
                {"@type": "Product", "name": "Samsung hob", "offers": _offer("899")},
            ),
            "",
        ),
        (
            _declaring(
                {
                    "@type": "ItemList",
                    "itemListElement": [
                        {"@type": "ListItem", "item": {"@type": "Product", "name": f"Lens {n}"}} for n in range(3)
                    ],
                }
            ),
            "",
        ),
    ],
)
def test_the_declared_product_is_the_page_s_own_not_the_first_of_a_roundup(page: str, declared: str) -> None:
    assert product_markdown(read_structured_data(parse_html(page))) == declared


def test_a_product_s_declared_fields_come_with_plain_spaces_and_whole_words() -> None:
    declared = {"@type": "Product", "name": "Trailmaster\u00a040", "description": "Forty\u00a0li\u00adtres,\u202fgreen"}
    page = f'<html><head><script type="application/ld+json">{json.dumps(declared)}</script></head><body></body></html>'

    markdown = product_markdown(read_structured_data(parse_html(page)))

    assert markdown == "# Trailmaster 40\n\nForty litres, green"


@pytest.mark.parametrize(
    ("description", "read"),
    [
        ("An%20elegant%20sofa%20with%20curved%20arms.%7CIn%20linen.", "An elegant sofa with curved arms.|In linen."),
        # A text with spaces is a text: a "%20" in it is what the publisher wrote.
        ("Set the field to a%20b in the form", "Set the field to a%20b in the form"),
        ("100%25cotton", "100%25cotton"),  # no encoded space: not read as an address
    ],
)
def test_a_product_s_description_written_as_an_address_is_decoded(description: str, read: str) -> None:
    declared = {"@type": "Product", "name": "Atelier sofa", "description": description}
    page = f'<html><head><script type="application/ld+json">{json.dumps(declared)}</script></head><body></body></html>'

    markdown = product_markdown(read_structured_data(parse_html(page)))

    assert markdown == f"# Atelier sofa\n\n{read}"


def test_a_product_s_declared_fields_escaped_twice_are_read_once_unescaped() -> None:
    twice = "Lumi\u00e8re d&amp;#039;ambiance &amp;amp; diffuseur"
    declared = {"@type": "Product", "name": "Lampe", "description": twice}
    page = f'<html><head><script type="application/ld+json">{json.dumps(declared)}</script></head><body></body></html>'

    markdown = product_markdown(read_structured_data(parse_html(page)))

    assert markdown == "# Lampe\n\nLumi\u00e8re d'ambiance & diffuseur"


def test_documentation_keeps_code_blocks_and_tables() -> None:
    markdown = html_to_article(pages.DOCUMENTATION, URL).markdown

    assert 'config = load_config("settings.toml")' in markdown
    assert "workers = 2" in markdown
    assert "| workers | 4 | how many worker processes to start |" in markdown


def test_the_candidate_most_others_agree_with_wins_over_a_fragment_and_a_padded_page() -> None:
    body = "the council agreed to rebuild the bridge after floods closed the crossing for weeks " * 5
    choice = most_agreed(
        {
            "fragment": "Reprint rights: contact our syndication desk",
            "body": body,
            "padded": body + "Home About Contact Subscribe Login Privacy Terms Careers Advertise Sitemap " * 6,
            "also body": body + "Photo: council archive",
        }
    )

    assert choice.name == "body"


def test_credit_for_coverage_lets_two_whole_lists_outvote_two_matching_fragments() -> None:
    items = " ".join(f"{title} {teaser}" for title, teaser in pages.LISTING_ITEMS)
    first_items = " ".join(f"{title} {teaser}" for title, teaser in pages.LISTING_ITEMS[:2])
    candidates = {
        "fragment": first_items,
        "same fragment": first_items + " More",
        "whole": items + " Home About Contact Newsletter Login",
        "also whole": items + " Privacy Terms Careers Sitemap Help",
    }

    assert most_agreed(candidates).name == "fragment"  # F1 alone: the closer pair wins
    assert most_agreed(candidates, coverage_weight=0.1).name == "whole"


def test_nothing_to_vote_on_gives_an_empty_choice() -> None:
    assert most_agreed({"a": "", "b": "  "}).markdown == ""


def test_structured_data_reads_json_ld_graphs_and_microdata_types() -> None:
    html = """<html><head><script type="application/ld+json">
    {"@context": "https://schema.org", "@graph": [{"@type": ["WebPage"]}, {"@type": "schema:QAPage"}]}
    </script><script type="application/ld+json">{not json</script></head>
    <body><div itemscope itemtype="https://schema.org/Product"><span>x</span></div></body></html>"""

    data = read_structured_data(parse_html(html))

    assert data.types == {"WebPage", "QAPage", "Product"}
    assert data.has("QAPage")
    assert StructuredData().of_type("Product") == []


def test_once_the_budget_is_spent_no_further_candidate_is_started() -> None:
    ticks = iter(range(1000))  # every look at the clock is a second later

    article = html_to_article(pages.LISTING, URL, budget_seconds=0.5, clock=lambda: float(next(ticks)))

    assert article.method == "resiliparse"  # the cheapest candidate, run before the budget was checked
    assert article.markdown == resiliparse_markdown(parse_html(pages.LISTING))
    assert article.markdown.startswith("# Walks in the valley")  # Markdown, whichever candidate wins


def test_a_witness_votes_for_the_candidate_that_kept_the_items_but_never_wins_itself() -> None:
    items = "\n\n".join(f"{title} {teaser}" for title, teaser in pages.LISTING_ITEMS)
    heading_only = "Walks in the valley. Plan your day out."
    choice = most_agreed(
        {"cut": heading_only, "also cut": heading_only + " Sign up", "whole": "Walks in the valley\n\n" + items},
        witnesses={"items": items},
    )

    assert choice.name == "whole"
    assert most_agreed({"cut": heading_only}, witnesses={"items": items}).name == "cut"


def test_an_article_keeps_its_pictures_but_not_the_teasers_beside_them() -> None:
    article = html_to_article(pages.ARTICLE_WITH_CAPTIONED_FIGURES, URL, include_images=True)

    assert "[Image: The old stone bridge in flood]" in article.markdown
    assert "[Image: A ferry]" in article.markdown
    assert "TEASER-MARKER" not in article.markdown
    assert "when the river is at its lowest" in article.markdown


def test_a_caption_with_brackets_and_markup_stays_one_placeholder_and_its_echo_is_dropped() -> None:
    article = html_to_article(pages.ARTICLE_WITH_ECHOED_CAPTIONS, URL, include_images=True)

    assert "[Image: Costs by year, in millions]\n\nThe first flight" in article.markdown
    assert "lander.jpg" not in article.markdown and "<i>" not in article.markdown
    assert article.markdown.count("Costs by year") == 1
    # the paragraph under the first picture is prose, not its caption: kept
    lines = [line.strip() for line in article.markdown.split("\n") if line.strip()]
    assert lines[
        lines.index("[Image: A lander concept on the Moon (Artist's impression via the agency)]") + 1
    ].startswith("Bids close in the spring.")


def _made_beforehand(html: str) -> GivenAnswers:
    from adapters.pages import profiles
    from adapters.pages.html_article import Candidates

    run = Candidates(html, URL, parse_html(html), False, deadline=math.inf, clock=time.monotonic)
    return GivenAnswers({name: run(name) for name in profiles.COST_ORDER})


@pytest.mark.parametrize(
    "html", [pages.ARTICLE_WITH_COMMENTS, pages.FORUM_THREAD, pages.LISTING, pages.PRODUCT, pages.DOCUMENTATION]
)
def test_the_choice_over_answers_made_beforehand_is_the_one_the_pipeline_makes(html: str) -> None:
    from adapters.pages.html_article import choose

    root = parse_html(html)
    data, structure = read_structured_data(root), measure(root)
    answers = _made_beforehand(html)

    replayed = choose(detect_kind(data, structure), data, structure, answers)

    assert replayed == html_to_article(html, URL)
    assert replayed.markdown
    assert replayed.method in answers.asked or replayed.method == "structured data"


_PLAIN_PAGE = "<html><body><p>Opening hours</p></body></html>"
_READ = "Spring opening hours. " + "The workshop opens at nine and closes at five on weekdays. " * 6


def _choose_on_a_plain_page(answers: dict[str, str]) -> tuple[str, str]:
    from adapters.pages import profiles
    from adapters.pages.html_article import choose

    root = parse_html(_PLAIN_PAGE)
    data, structure = read_structured_data(root), measure(root)
    assert detect_kind(data, structure) == "page"
    named = {getattr(profiles, key): text for key, text in answers.items()}
    article = choose("page", data, structure, GivenAnswers(named))
    return article.method, article.markdown


def test_fragments_agreeing_with_each_other_lose_to_the_candidate_that_read_the_page() -> None:
    skip = "[Skip to main content](#main)\n\nSign in"
    method, markdown = _choose_on_a_plain_page(
        {"TRAFILATURA_THREAD": _READ, "READABILITY": skip, "WHOLE_PAGE": skip, "RESILIPARSE": "Skip to main content"}
    )

    assert (method, markdown) == ("trafilatura with comments", _READ)


def test_a_short_page_that_every_candidate_reads_short_keeps_the_vote() -> None:
    short = "Opening hours: nine to five."
    method, markdown = _choose_on_a_plain_page(
        {"TRAFILATURA_THREAD": "Menu\n\n" + short, "READABILITY": short, "WHOLE_PAGE": short, "RESILIPARSE": short}
    )

    assert (method, markdown) == ("readability", short)


def test_a_precise_cut_holding_half_of_what_resiliparse_found_is_put_to_the_vote() -> None:
    from adapters.pages.html_article import choose

    body = [f"Paragraph {n} of the report says the harbour wall number {n} held through the storm." for n in range(25)]
    whole, half = "\n\n".join(body), "\n\n".join(body[:14])  # word F1 0.72: "agreeing" at a 0.7 bar
    root = parse_html(_PLAIN_PAGE)
    given = GivenAnswers(
        {"trafilatura precision": half, "resiliparse": whole, "readability": whole, "trafilatura balanced": whole}
    )

    article = choose("article", read_structured_data(root), measure(root), given)

    assert article.markdown == whole


def test_a_fast_cut_that_resiliparse_confirms_is_kept_without_trafilatura_s_own_fallbacks() -> None:
    from adapters.pages import profiles
    from adapters.pages.html_article import choose

    body = "\n\n".join(f"Paragraph {n}: the harbour wall number {n} held through the storm." for n in range(20))
    root = parse_html(_PLAIN_PAGE)
    given = GivenAnswers(
        {profiles.TRAFILATURA_PRECISION_FAST: body, profiles.RESILIPARSE: body + "\n\nShare this story"}
    )

    article = choose("article", read_structured_data(root), measure(root), given)

    assert (article.method, article.markdown) == (profiles.TRAFILATURA_PRECISION_FAST, body)
    assert profiles.TRAFILATURA_PRECISION not in given.asked  # the slower cut is never made


def test_a_fast_cut_holding_a_fragment_is_made_again_with_trafilatura_s_fallbacks() -> None:
    from adapters.pages import profiles
    from adapters.pages.html_article import choose

    body = [f"Paragraph {n}: the harbour wall number {n} held through the storm." for n in range(20)]
    whole, box = "\n\n".join(body), "Reprints: write to the syndication desk for the rights to this story."
    root = parse_html(_PLAIN_PAGE)
    given = GivenAnswers(
        {profiles.TRAFILATURA_PRECISION_FAST: box, profiles.TRAFILATURA_PRECISION: whole, profiles.RESILIPARSE: whole}
    )

    article = choose("article", read_structured_data(root), measure(root), given)

    assert (article.method, article.markdown) == (profiles.TRAFILATURA_PRECISION, whole)
    made_first = [profiles.RESILIPARSE, profiles.TRAFILATURA_PRECISION_FAST, profiles.TRAFILATURA_PRECISION]
    assert given.asked[:3] == made_first


def test_an_article_is_read_by_the_fast_cut_when_resiliparse_agrees() -> None:
    article = html_to_article(pages.ARTICLE_WITH_COMMENTS, URL)

    assert article.method == "trafilatura precision, fast"


def test_a_bare_list_of_linked_entries_in_the_main_content_is_a_listing() -> None:
    entries = "".join(
        f"<li><a href='/guides/{n}'>Guide {n}: walking the ridge in {season}</a></li>"
        for n, season in enumerate(["spring", "summer", "autumn", "winter", "the rain", "the snow"])
    )
    listing = f"<html><body><main><h1>Guides</h1><p>Pick one.</p><ul>{entries}</ul></main></body></html>"
    menu = listing.replace("<ul>", "<nav><ul>").replace("</ul>", "</ul></nav>")

    assert "Guide 5: walking the ridge in the snow" in measure(parse_html(listing)).item_text
    assert kind_of(listing) == "listing"
    assert measure(parse_html(menu)).item_text == ""


def test_a_reply_quoting_the_opening_post_quotes_its_first_words_only() -> None:
    markdown = html_to_article(pages.QUOTING_THREAD, URL).markdown

    assert markdown.count(pages.OPENING_POST) == 1  # the post itself, whole
    quotes = [line for line in markdown.splitlines() if line.startswith(">")]
    opening_words = " ".join(pages.OPENING_POST.split()[:10])
    assert len(quotes) == len(pages.QUOTING_REPLIES)
    assert all(opening_words in quote and quote.endswith(" …") for quote in quotes)
    for reply in pages.QUOTING_REPLIES:
        assert reply in markdown
        assert not any(reply in quote for quote in quotes)  # the reply's own words are not quoted


def test_a_run_of_siblings_is_read_no_further_than_the_walk_s_bound() -> None:
    items = "".join(f'<li class="item"><a href="/i{n}">entry{n}</a></li>' for n in range(MAX_ELEMENTS + 50))
    structure = measure(parse_html(f"<html><body><main><ul>{items}</ul></main></body></html>"))

    assert f"entry{MAX_ELEMENTS - 1}" in structure.item_text and f"entry{MAX_ELEMENTS}" not in structure.item_text


_OPEN_GRAPH_PRODUCT_BODY = """<main><h1>Linen sheet set</h1>
<p>Stonewashed European flax, a flat sheet, a fitted sheet and two pillowcases, softer with every wash.</p>
<ul><li>Sizes: twin to king</li><li>Colours: white, sand, slate</li></ul><p>From $189</p></main>"""


@pytest.mark.parametrize("declared", ["product", "Product", "product.item"])
def test_a_page_declaring_only_open_graph_s_product_type_is_a_product(declared: str) -> None:
    page = pages.page_with_head(
        "Linen sheet set", _OPEN_GRAPH_PRODUCT_BODY, f'<meta property="og:type" content="{declared}">'
    )

    assert read_structured_data(parse_html(page)).open_graph_type == declared.lower()
    assert kind_of(page) == "product"


def test_open_graph_s_product_type_does_not_outweigh_what_the_page_declares_or_its_run_of_items() -> None:
    head = '<meta property="og:type" content="product">'
    shop_category = pages.LISTING.replace("</head>", f"{head}</head>")  # a run of items, as Shopify writes
    article = pages.ARTICLE_WITH_COMMENTS.replace("</head>", f"{head}</head>")

    assert kind_of(shop_category) == "listing"
    assert kind_of(article) == "article"
    assert kind_of(pages.page_with_head("Linen sheet set", _OPEN_GRAPH_PRODUCT_BODY)) == "page"
    assert (
        kind_of(pages.page_with_head("Sheets", _OPEN_GRAPH_PRODUCT_BODY, head.replace("product", "product.group")))
        == "page"
    )
