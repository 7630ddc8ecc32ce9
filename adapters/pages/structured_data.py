"""What a page says about itself in schema.org terms: JSON-LD blocks and microdata, read once.

Publishers mark up what the page *is* (``Product``, ``QAPage``, ``DiscussionForumPosting``,
``NewsArticle``...) and often the content itself (an article's ``articleBody``, a product's
description and price, each forum post's text). That is better evidence than any layout
heuristic, so the pipeline reads it first: the types decide the page's kind, the fields feed
the profiles. Everything here is bounded: at most a few JSON-LD blocks of bounded size, walked
to a bounded depth.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from adapters.pages.html_markdown import Element

_MAX_BLOCKS = 20
_MAX_BLOCK_CHARS = 500_000
_MAX_DEPTH = 12
_MAX_NODES = 5_000
# Open Graph's types for one product ("product.group" is a shop's category: Shopify's collections).
OPEN_GRAPH_PRODUCTS = frozenset({"product", "product.item"})


@dataclass(frozen=True)
class StructuredData:
    types: frozenset[str] = frozenset()  # every schema.org type named, JSON-LD and microdata alike
    nodes: tuple[dict[str, Any], ...] = field(default=())  # every JSON-LD object that has a @type
    # The Open Graph type (``<meta property="og:type" content="product">``), lower case: what the
    # page tells link previews it is, on pages that declare nothing in schema.org terms too.
    open_graph_type: str = ""
    # The price Open Graph's product object declares (``product:price:amount``, or ``og:price:amount``
    # as shops also write it), as written: a page that names no schema.org offer may still say so.
    open_graph_price: str = ""

    def of_type(self, *names: str) -> list[dict[str, Any]]:
        wanted = set(names)
        return [node for node in self.nodes if wanted & _types_of(node)]

    def has(self, *names: str) -> bool:
        return bool(self.types & set(names))


def read_structured_data(root: Element) -> StructuredData:
    types: set[str] = set()
    nodes: list[dict[str, Any]] = []
    for script in root.xpath("//script[@type='application/ld+json']")[:_MAX_BLOCKS]:
        text = (script.text or "").strip()
        if not text or len(text) > _MAX_BLOCK_CHARS:
            continue
        try:
            parsed = json.loads(text)
        except ValueError:
            continue  # many pages ship JSON-LD with a stray comma or comment; skip that block
        for node in _walk(parsed):
            if len(nodes) >= _MAX_NODES:
                break
            node_types = _types_of(node)
            if node_types:
                types |= node_types
                nodes.append(node)
    for element in root.xpath("//*[@itemtype]"):
        types |= {_short_type(t) for t in (element.get("itemtype") or "").split()}
    types.discard("")
    declared = _open_graph(root)
    price = declared.get("product:price:amount") or declared.get("og:price:amount", "")
    return StructuredData(frozenset(types), tuple(nodes), declared.get("og:type", "").lower(), price)


# The Open Graph properties read: the page's type and its product's price (shops write both names).
_OPEN_GRAPH_READ = frozenset({"og:type", "product:price:amount", "og:price:amount"})


def _open_graph(root: Element) -> dict[str, str]:
    """The first value of each property of ``_OPEN_GRAPH_READ`` the page declares, its spaces
    collapsed (one pass over its ``<meta>`` elements; an empty value is no declaration)."""
    declared: dict[str, str] = {}
    for meta in root.iter("meta"):
        value = " ".join((meta.get("content") or "").split())
        for name in (meta.get("property"), meta.get("name")):
            if value and name in _OPEN_GRAPH_READ and name not in declared:
                declared[name] = value
    return declared


def objects_within(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every object nested inside ``node`` (not ``node`` itself), within the reading's depth bound."""
    for child in node.values():
        yield from _walk(child, 1)


def _walk(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    if depth > _MAX_DEPTH:
        return
    if isinstance(value, dict):
        yield value
        for child in value.values():
            yield from _walk(child, depth + 1)
    elif isinstance(value, list):
        for child in value:
            yield from _walk(child, depth + 1)


def _types_of(node: dict[str, Any]) -> set[str]:
    declared = node.get("@type")
    names = declared if isinstance(declared, list) else [declared]
    return {_short_type(name) for name in names if isinstance(name, str)} - {""}


def _short_type(name: str) -> str:
    """``https://schema.org/Product`` and ``schema:Product`` are both ``Product``."""
    return name.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1].strip()


def text_of(value: Any) -> str:
    """A JSON-LD property as plain text: strings as they are, names of objects, lists joined."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, dict):
        return text_of(value.get("name") or value.get("@value") or "")
    if isinstance(value, list):
        return ", ".join(part for part in (text_of(item) for item in value) if part)
    return ""
