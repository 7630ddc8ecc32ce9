"""What kind of page this is, read from its structure before anything is cut.

The kinds differ in what their content *is*: an article is one body (comments are chrome), a
forum is every post, a listing is every item, a product is its fields, documentation is text
with code and tables. Evidence, strongest first: schema.org types the publisher declared, then
the shape of the markup - many sibling blocks of the same make (items of a list or posts of a
thread, told apart by the words in their class names) and the share of text that is code.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Literal

from adapters.pages.html_markdown import SOURCE_TAGS, Element, is_chrome
from adapters.pages.overlays import MAX_FOUND, is_overlay
from adapters.pages.page_prose import MAX_PROSE_PIECES, is_prose
from adapters.pages.structured_content import ARTICLE_TYPES
from adapters.pages.structured_data import OPEN_GRAPH_PRODUCTS, StructuredData

PageKind = Literal["article", "forum", "product", "listing", "documentation", "page"]

_FORUM_TYPES = frozenset({"DiscussionForumPosting", "QAPage", "Question", "Answer", "SocialMediaPosting"})
_PRODUCT_TYPES = frozenset({"Product", "ProductGroup", "Offer", "AggregateOffer", "IndividualProduct"})
_LISTING_TYPES = frozenset({"ItemList", "CollectionPage", "SearchResultsPage", "OfferCatalog"})
_DOCS_TYPES = frozenset({"TechArticle", "APIReference", "SoftwareSourceCode"})
_POST_MARKERS = re.compile(
    r"(?:^|[-_\s])(?:post|posts|comment|comments|reply|replies|answer|message)(?:$|[-_\s\d])", re.IGNORECASE
)
# A bound on the walk; pages past it are judged on what was seen, and are too big for the
# extractors whose time grows faster than the page (html_article; the largest page of either
# corpus has 15,795 elements).
MAX_ELEMENTS = 20_000
# A run of this many look-alike siblings is a list of items (or of posts), not a paragraph or two.
_MIN_REPEATS = 6
# A run of items (or posts) is what the page is about when it holds this share of the page's text;
# a menu, a footer's link columns or a "related" box hold far less.
_RUN_SHARE = 0.3
# Page landmarks that hold a site's chrome: a run of linked blocks inside one is a menu, a footer's
# link columns or a "related" rail, never the page's list of items.
_CHROME_LANDMARKS = frozenset({"nav", "header", "footer", "aside"})
# Documentation shows its code: this share of the visible text inside <pre>/<code>.
_CODE_SHARE = 0.08


@dataclass(frozen=True)
class Structure:
    """What the markup shows, measured once (cheap: one walk of the tree)."""

    text_chars: int
    code_chars: int
    post_text: str = ""  # the largest run of look-alike siblings whose class says post/comment/reply
    item_text: str = ""  # the largest run of look-alike siblings that each hold a link, one item a paragraph,
    # outside the page's chrome (menus and footers are runs of linked blocks too)
    oversized: bool = False  # more than MAX_ELEMENTS elements
    prose: tuple[str, ...] = ()  # the page's long runs of text (``page_prose``), at most MAX_PROSE_PIECES


def measure(root: Element, overlays: list[Element] | None = None) -> Structure:
    """One walk of the page; the consent banners and dialogs it passes are added to ``overlays`` when given."""
    text_chars = code_chars = 0
    post_text = item_text = ""
    oversized = False
    prose: list[str] = []
    for index, element in enumerate(root.iter()):
        if index >= MAX_ELEMENTS:
            oversized = True
            break
        tail = element.tail or ""
        if is_prose(tail) and len(prose) < MAX_PROSE_PIECES:
            prose.append(tail)
        if not isinstance(element.tag, str) or element.tag in SOURCE_TAGS:
            text_chars += len(tail.strip())  # after a script or a comment: the page's text
            continue
        if overlays is not None and len(overlays) < MAX_FOUND and is_overlay(element):
            overlays.append(element)
        text = element.text or ""
        if is_prose(text) and len(prose) < MAX_PROSE_PIECES:
            prose.append(text)
        text_length = len(text.strip()) if text else 0
        text_chars += text_length + (len(tail.strip()) if tail else 0)
        # The parent is asked only of text: a Python proxy for it costs more than the rest of the step.
        if text_length and (element.tag in ("pre", "code") or _in_pre(element)):
            code_chars += text_length
        if len(element) >= _MIN_REPEATS:
            posts, items = _runs(element)
            post_text = max(post_text, posts, key=len)
            if len(items) > len(item_text) and not _in_chrome(element):
                item_text = items
    return Structure(text_chars, code_chars, post_text, item_text, oversized, tuple(prose))


def names_a_post(element: Element) -> bool:
    """Whether the class of ``element`` names a post, comment, reply, answer or message."""
    given = element.get("class")
    return bool(given) and _POST_MARKERS.search(given) is not None


def _in_pre(element: Element) -> bool:
    parent = element.getparent()
    return parent is not None and parent.tag == "pre"


def _runs(parent: Element) -> tuple[str, str]:
    """The text of look-alike children of ``parent`` that read as posts, or else as linked items.

    Only the first ``MAX_ELEMENTS`` children count, as only that many elements are walked: a page
    of 200,000 sibling paragraphs cost 0.86 s here, against the walk's bound of 20,000 elements.
    """
    children = list(islice(parent, MAX_ELEMENTS))
    makes = Counter((child.tag, child.get("class") or "") for child in children if isinstance(child.tag, str))
    make, count = makes.most_common(1)[0] if makes else (("", ""), 0)
    # Bare table rows and cells are a table's, bare options a form's; bare list items are a list
    # like any other (a menu's are told apart by where they sit, ``_in_chrome``).
    if count < _MIN_REPEATS or (make[0] in ("option", "tr", "td") and not make[1]):
        return "", ""
    alike = [child for child in children if (child.tag, child.get("class") or "") == make]
    text = "\n\n".join(visible_text(child) for child in alike)
    if _POST_MARKERS.search(make[1]):
        return text, ""
    linked = sum(1 for child in alike if child.find(".//a") is not None)
    return "", text if linked >= _MIN_REPEATS else ""


def visible_text(element: Element) -> str:
    """The text a reader sees in ``element``, on one line: scripts' and styles' source left out.

    ``text_content()`` would count them, and shop pages put kilobytes of script inside each tile
    of a carousel: such a run then outweighed all of the page's visible text and read a product
    page as a listing.
    """
    parts = []
    for node in element.iter():
        if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS and node.text:
            parts.append(node.text)
        if node is not element and node.tail:
            parts.append(node.tail)
    return " ".join(" ".join(parts).split())


def _in_chrome(element: Element) -> bool:
    """Whether ``element`` sits in a menu, header, footer, sidebar or other chrome.

    Only asked of runs of items: a mega-menu's columns are the largest run of linked blocks on
    many shop and hub pages, and read as the page's items they made those pages listings (and,
    as the listing witness, voted for the candidate that kept the menu). Runs of posts are not
    asked: comment sections are named "comments", which is chrome on an article but the content
    of a thread.
    """
    return any(node.tag in _CHROME_LANDMARKS or is_chrome(node) for node in (element, *element.iterancestors()))


def detect_kind(data: StructuredData, structure: Structure) -> PageKind:
    """Declared types win; a page declaring several is judged by the most specific one."""
    if data.types & _FORUM_TYPES:
        return "forum"
    if data.types & _PRODUCT_TYPES:
        return "product"
    if data.types & _DOCS_TYPES or structure.code_chars >= _CODE_SHARE * max(structure.text_chars, 1):
        return "documentation"
    if data.types & _LISTING_TYPES:
        return "listing"
    if data.types & ARTICLE_TYPES:
        return "article"
    # The longer run says what the page is: a list whose entries each quote a review holds a run
    # of "reviews" too, inside a longer run of items (on threads, the items are a post's links).
    posts = len(structure.post_text)
    if posts >= _RUN_SHARE * structure.text_chars > 0 and posts >= len(structure.item_text):
        return "forum"
    if len(structure.item_text) >= _RUN_SHARE * structure.text_chars > 0:
        return "listing"
    # Open Graph's product type is the weakest declaration: shops put it on category pages too,
    # which read as listings by their run of items above; it names a page nothing else named.
    if data.open_graph_type in OPEN_GRAPH_PRODUCTS:
        return "product"
    return "page"
