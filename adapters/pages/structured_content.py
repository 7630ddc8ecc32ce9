"""The content a page states in schema.org JSON-LD, as Markdown: article bodies, threads, products.

When a publisher writes the article body, every answer of a question or every field of a
product into JSON-LD, that text is the content without any chrome. It is not always complete
(bodies are often cut to a teaser, threads to the first page), so ``reconcile`` weighs it
against what the extractors found instead of taking it blindly; a text that says it was cut (it
ends in an ellipsis) is left out, as it agrees with the extractors that kept only part of the page.
"""

from __future__ import annotations

import html as html_entities
import re
from typing import Any
from urllib.parse import unquote

from adapters.pages.html_markdown import INVISIBLE_CHARACTERS
from adapters.pages.structured_data import OPEN_GRAPH_PRODUCTS, StructuredData, objects_within, text_of

ARTICLE_TYPES = frozenset(
    {"Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "TechArticle", "LiveBlogPosting"}
)
_POST_TYPES = ("DiscussionForumPosting", "SocialMediaPosting")
_ANSWER_KEYS = ("acceptedAnswer", "suggestedAnswer")
_MAX_POSTS = 200
_TAGS = re.compile(r"<[^>]{0,500}>")
# A text that ends in an ellipsis ("... will post more as …", "[…]") was cut short by the publisher:
# a teaser of the post or the article, which agrees with the candidates that kept only part of it
# (docs/extraction.md, nineteenth round).
_CUT_SHORT = re.compile(r"(?:\.{3}|…)\]?\s*\Z")
_SPACES = re.compile(r"[ \t\r\f\v]+")


def article_body(data: StructuredData) -> str:
    """The longest ``articleBody`` of any article-like node (some pages carry several), unless cut short."""
    bodies = [_plain(node.get("articleBody")) for node in data.of_type(*ARTICLE_TYPES)]
    return max((body for body in bodies if not _CUT_SHORT.search(body)), key=len, default="")


def thread_markdown(data: StructuredData) -> str:
    """A question with its answers, or a forum post with its comments, each with its author line;
    nothing when the opening post's text is cut short (a forum declaring the first lines of a thread
    as its summary: the declaration is then no evidence of what the thread holds)."""
    parts: list[str] = []
    for question in data.of_type("Question")[:1]:
        if _cut_short(question):
            return ""
        parts.append(_post(question, title_key="name"))
        answers = [a for key in _ANSWER_KEYS for a in _as_list(question.get(key))]
        parts += [_post(answer) for answer in answers[:_MAX_POSTS] if isinstance(answer, dict)]
    if not parts:
        for post in data.of_type(*_POST_TYPES)[:1]:
            if _cut_short(post):
                return ""
            parts.append(_post(post, title_key="headline"))
            comments = _as_list(post.get("comment"))
            parts += [_post(comment) for comment in comments[:_MAX_POSTS] if isinstance(comment, dict)]
    return "\n\n".join(part for part in parts if part)


def for_sale(data: StructuredData) -> bool:
    """Whether the page declares something on offer: an offer of its own, a product carrying one (a
    product declared with rating stars and no offer is a business's home page), or Open Graph's
    product with its price, on a page that says nothing in schema.org terms."""
    declared = data.of_type("Product", "ProductGroup", "IndividualProduct")
    return (
        data.has("Offer", "AggregateOffer")
        or any("offers" in node for node in declared)
        or (data.open_graph_type in OPEN_GRAPH_PRODUCTS and data.open_graph_price != "")
    )


def product_markdown(data: StructuredData) -> str:
    """Name, description, price and the listed properties of the page's product (``page_product``)."""
    product = page_product(data)
    if product is None:
        return ""
    lines = [f"# {name}"] if (name := _plain(product.get("name"))) else []
    if description := _plain(product.get("description")):
        lines.append(description)
    lines += [f"Price: {price}" for price in _prices(product.get("offers"))[:1]]
    for prop in _as_list(product.get("additionalProperty"))[:_MAX_POSTS]:
        if isinstance(prop, dict) and (label := _plain(prop.get("name"))):
            lines.append(f"- {label}: {text_of(prop.get('value'))}")
    return "\n\n".join(lines)


def page_product_name(data: StructuredData) -> str:
    """The name of the page's product (``page_product``), as plain text; empty when there is none."""
    product = page_product(data)
    return _plain(product.get("name")) if product else ""


def page_product(data: StructuredData) -> dict[str, Any] | None:
    """The product the page declares it is about: its first product, unless the page declares others
    of other names beside it. A product's variants (its ``hasVariant``, as a shop writes each size
    and colour) and what it names as related (accessories, similar items) sit inside it and are its
    own; products of other names side by side are a roundup's or a catalogue's, and the first of
    them is not the page's (a review of the year's seven best refrigerators, a category's 25 lenses:
    the first one's price set over the whole page misled)."""
    products = data.of_type("Product", "ProductGroup")
    inside = {id(inner) for product in products for inner in objects_within(product)}
    own = [product for product in products if id(product) not in inside]
    names = {_plain(product.get("name")).casefold() for product in own}
    return own[0] if own and len(names) == 1 else None


def _cut_short(node: dict[str, Any]) -> bool:
    return _CUT_SHORT.search(_plain(node.get("text") or node.get("articleBody"))) is not None


def _post(node: dict[str, Any], title_key: str | None = None) -> str:
    title = _plain(node.get(title_key)) if title_key else ""
    body = _plain(node.get("text") or node.get("articleBody"))
    author = text_of(node.get("author"))
    lines = [f"## {title}"] if title else []
    if author:
        lines.append(f"**{author}**")
    if body:
        lines.append(body)
    return "\n\n".join(lines) if body or title else ""


def _prices(offers: Any) -> list[str]:
    found = []
    for offer in _as_list(offers):
        if not isinstance(offer, dict):
            continue
        price = text_of(offer.get("price") or offer.get("lowPrice"))
        if price:
            found.append(f"{price} {text_of(offer.get('priceCurrency'))}".strip())
    return found


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value] if value is not None else []


def _plain(value: Any) -> str:
    """Text of a property; some publishers put HTML or entities in JSON-LD strings, some escape
    them twice ("L&amp;#8217;atelier", "open &amp;amp; accessible"): a second pass undoes what is left.
    Some write it as a web address would ("An%20elegant%20sofa%20embodying..."): a text with no
    space whose spaces are written ``%20`` is decoded."""
    text = text_of(value)
    if "%20" in text and not _SPACES.search(text):
        text = unquote(text)
    if "<" in text or "&" in text:
        text = html_entities.unescape(_TAGS.sub(" ", text))
        if "&" in text:
            text = html_entities.unescape(text)
    text = text.translate(INVISIBLE_CHARACTERS)
    return "\n".join(_SPACES.sub(" ", line).strip() for line in text.splitlines()).strip()
