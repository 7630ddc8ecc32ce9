"""A product page's customer reviews, left out of the tree the block-keeping extractors read.

A shop puts its customers' reviews under the product: an outdoor shop's backpack held 2,500 words
of reviews against the product's 400, a music shop's guitar 970 against 140. The pruned whole
page and Resiliparse keep every block of prose, so the agent asking what the product is read
mostly what buyers thought of it, and two candidates that both kept the reviews agreed with each
other better than with the product. Shops name those sections for what they are, in the markup's
class and id words ("product-reviews", "review_ctn", "userReviews", "woocommerce-Tabs-panel--reviews").

So on a page read as a product (``page_kind``), an element whose class or id has the word
"review" or "reviews" and that holds at least ``MIN_WORDS`` words goes before those extractors
run: 29 sections on 26 pages of the page-types corpus, 12,820 words, 279 of them in the
references (critics' one-line quotes on a game store, a pest-control firm's testimonials on a
page that declares itself a product). A rating summary ("Very Positive (18,243)") is shorter and
stays; so do the headings and links that lead to the reviews ("8 Reviews", "Write a review").
Never the element holding the page's headline or main part (a layout's box, looked into), and
nothing at all when the sections hold half the page's words: that page is about its reviews (a
buyer's guide whose product boxes are named "...-review"), not a product with reviews under it.
trafilatura and readability read the page as written (``html_article.cut_for_kind`` says why).
"""

from __future__ import annotations

from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import SOURCE_TAGS, Element, drop_tree, word_count
from adapters.pages.markup_names import named
from adapters.pages.page_kind import MAX_ELEMENTS

_REVIEW_WORDS = frozenset({"review", "reviews"})
# A rating summary ("Recent Reviews: Very Positive (18,243) - 70% of the user reviews in the last
# 30 days are positive") is a sentence or two; a section of reviews is several buyers' paragraphs.
MIN_WORDS = 50
# The reviews' share of the page's text past which the page is read as being about reviews.
_MAX_SHARE = 0.5
_NEVER = frozenset({"html", "body", "main", "article"})
# The elements whose class or id holds the letters, found in C (asking every element's words cost
# 4.7 ms a product page, this 0.6 ms).
_MAY_NAME_REVIEWS = etree.XPath(
    "//*[contains(@class, 'eview') or contains(@id, 'eview') or contains(@class, 'EVIEW') or contains(@id, 'EVIEW')]"
)


def reviews_cut(root: Element) -> int:
    """Removes a product page's sections of customer reviews from ``root``; how many it removed."""
    sections = [(element, words) for element, words in _review_sections(root) if words >= MIN_WORDS]
    reviews = sum(words for _, words in sections)
    if not sections or reviews >= _MAX_SHARE * word_count(root, stop_after=reviews / _MAX_SHARE):
        return 0
    for element, _ in sections:
        drop_tree(element)
    return len(sections)


def _review_sections(root: Element) -> list[tuple[Element, int]]:
    """The outermost elements named for reviews, with their words. One holding the page's headline or
    main part is a layout's box (``review-layout``), looked into rather than taken."""
    found: list[tuple[Element, int]] = []
    inside: set[Element] = set()
    for element in islice(_MAY_NAME_REVIEWS(root), MAX_ELEMENTS):
        if element.tag in _NEVER or element.tag in SOURCE_TAGS:
            continue
        if not named(element, _REVIEW_WORDS) or any(parent in inside for parent in element.iterancestors()):
            continue
        if element.find(".//h1") is None and element.find(".//main") is None:
            inside.add(element)
            found.append((element, word_count(element)))
    return found
