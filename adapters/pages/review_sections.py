"""A product page's customer reviews, out of the tree the block-keeping extractors read and out of
the answer the vote chose.

A shop puts its customers' reviews under the product: an outdoor shop's backpack held 2,500 words
of reviews against the product's 400, a music shop's guitar 970 against 140. Every extractor kept
them (they are paragraphs of prose), so the agent asking what the product is read mostly what
buyers thought of it. Shops name those sections for what they are, in the markup's class and id
words ("product-reviews", "review_ctn", "userReviews", "woocommerce-Tabs-panel--reviews").

So on a page read as a product for sale (``html_article.cut_from_tree``), an element whose class or
id has the word "review" or "reviews" and that holds at least ``MIN_WORDS`` words goes from the
tree before the pruned whole page and Resiliparse read it: 27 sections on 24 pages of the
page-types corpus, 12,586 words, 105 of them in the references (critics' quotes on a game
store). A rating summary ("Very Positive (18,243)") is shorter and stays; so do the headings and
links that lead to the reviews ("8 Reviews", "Write a review"). Never the element holding the
page's headline or main part (a layout's box, looked into), and nothing at all when the sections
hold half the page's words: that page is about its reviews (a buyer's guide whose product boxes
are named "...-review"), not a product with reviews under it.

trafilatura and readability read the page as written (``html_article.cut_from_tree`` says why), so
when one of them wins, the reviews' lines are cut from its answer (``without_review_lines``).
"""

from __future__ import annotations

import re
from itertools import islice

from lxml import etree

from adapters.pages.html_markdown import SOURCE_TAGS, Element, drop_tree, element_to_markdown, word_count
from adapters.pages.markup_names import named
from adapters.pages.page_kind import MAX_ELEMENTS
from adapters.pages.text_words import word_runs
from domain.markdown_lines import CODE_FENCE
from domain.script_shell import readable_text

_REVIEW_WORDS = frozenset({"review", "reviews"})
# A rating summary ("Recent Reviews: Very Positive (18,243) - 70% of the user reviews in the last
# 30 days are positive") is a sentence or two; a section of reviews is several buyers' paragraphs.
MIN_WORDS = 50
# The reviews' share of the page's text past which the page is read as being about reviews.
_MAX_SHARE = 0.5
_NEVER = frozenset({"html", "body", "main", "article"})
_WORD = re.compile(r"\w+")
# A line of the answer made mostly of the reviews' own runs of words is theirs; a product line that
# borrows a phrase ("fits a full size bottle") is not.
REVIEW_SHARE = 0.8
_BLANK_RUNS = re.compile(r"\n{3,}")
# The elements whose class or id holds the letters, found in C (asking every element's words cost
# 4.7 ms a product page, this 0.6 ms).
_MAY_NAME_REVIEWS = etree.XPath(
    "//*[contains(@class, 'eview') or contains(@id, 'eview') or contains(@class, 'EVIEW') or contains(@id, 'EVIEW')]"
)


def reviews_cut(root: Element) -> frozenset[str]:
    """Removes a product page's sections of customer reviews from ``root``; the keys (``line_key``) of
    the lines they read as, for cutting them from an answer made from the page as written."""
    sections = [(element, words) for element, words in _review_sections(root) if words >= MIN_WORDS]
    reviews = sum(words for _, words in sections)
    if not sections or reviews >= _MAX_SHARE * word_count(root, stop_after=reviews / _MAX_SHARE):
        return frozenset()
    lines: set[str] = set()
    for element, _ in sections:
        drop_tree(element)
        lines.update(line_key(line) for line in element_to_markdown(element).split("\n"))
    lines.discard("")
    return frozenset(lines)


def without_review_lines(markdown: str, reviews: frozenset[str], page: str) -> str:
    """``markdown`` without the lines that only the reviews hold. ``reviews``: the reviews' lines
    (``reviews_cut``); ``page``: the page read without them, whose words stay ("5 stars" or a size
    said in the product's own text). A line goes when it is one of the reviews' lines, or when
    ``REVIEW_SHARE`` of its runs of three words are the reviews' alone: trafilatura writes a
    review's paragraphs, or a reviewer's line and the review, as one line."""
    if not reviews:
        return markdown
    own = {line_key(line) for line in page.split("\n")}
    theirs = reviews - own
    their_runs = set().union(*map(_runs, theirs)) - set().union(*map(_runs, own))
    kept: list[str] = []
    code = False
    for line in markdown.split("\n"):
        if CODE_FENCE.match(line):
            code = not code
        elif not code and ((key := line_key(line)) in theirs or _share(_runs(key), their_runs) >= REVIEW_SHARE):
            continue
        kept.append(line)
    return _BLANK_RUNS.sub("\n\n", "\n".join(kept)).strip("\n")


def _runs(key: str) -> set[tuple[str, ...]]:
    return word_runs(key.split())


def _share(runs: set[tuple[str, ...]], of: set[tuple[str, ...]]) -> float:
    return len(runs & of) / len(runs) if runs else 0.0


def line_key(line: str) -> str:
    """A Markdown line's words as the reader sees them, lowercase: markup, links' addresses and
    punctuation aside, so that two extractors' writings of one paragraph have the same key."""
    return " ".join(_WORD.findall(readable_text(line).lower()))


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
