"""A plain lxml walk from HTML elements to Markdown, for when article extraction finds too little.

It keeps structure (headings, lists, tables, code, links, image alt text) and skips the parts
of a page that are never content: scripts, navigation, footers, forms and consent banners.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

_SKIPPED_TAGS = frozenset(
    {
        "script", "style", "noscript", "template", "nav", "footer", "header", "aside", "form",
        "iframe", "svg", "button", "select", "input", "dialog", "head", "title", "meta", "link",
    }
)  # fmt: skip
# Whole words of an id or class (split on "-", "_", spaces), so "shared-notes" is not "share".
_CHROME_MARKERS = re.compile(
    r"(?:^|[-_\s])(?:cookies?|consent|gdpr|newsletter|share|sharing|social|related|comments?)(?:$|[-_\s])",
    re.IGNORECASE,
)
_INLINE_WRAPPERS = {"strong": "**", "b": "**", "em": "*", "i": "*"}
_HEADINGS = {f"h{level}": "#" * level for level in range(1, 7)}
_WHITESPACE = re.compile(r"\s+")
_BLANK_LINES = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)+")

# lxml ships no type information; elements are typed loosely on purpose.
Element = Any


def element_to_markdown(root: Element) -> str:
    """Markdown for ``root`` and everything under it."""
    text = _render(root)
    lines = (line.rstrip() for line in text.splitlines())
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def _render(element: Element) -> str:
    tag = element.tag if isinstance(element.tag, str) else ""
    if not tag or tag in _SKIPPED_TAGS or _looks_like_chrome(element):
        return ""
    if tag in _HEADINGS:
        return f"\n\n{_HEADINGS[tag]} {_inline(element)}\n\n"
    if tag in _INLINE_WRAPPERS:
        inner = _inline(element)
        return f"{_INLINE_WRAPPERS[tag]}{inner}{_INLINE_WRAPPERS[tag]}" if inner else ""
    renderer = _RENDERERS.get(tag)
    if renderer is not None:
        return renderer(element)
    return f"\n\n{_children(element)}\n\n" if _is_block(tag) else _children(element)


def _children(element: Element) -> str:
    parts = [_WHITESPACE.sub(" ", element.text or "")]
    for child in element:
        parts.append(_render(child))
        parts.append(_WHITESPACE.sub(" ", child.tail or ""))
    return "".join(parts)


def _inline(element: Element) -> str:
    return _WHITESPACE.sub(" ", _children(element)).strip()


def _block(element: Element) -> str:
    return element_to_markdown(element)


def _line_break(_element: Element) -> str:
    return "\n"


def _code(element: Element) -> str:
    return f"`{_WHITESPACE.sub(' ', element.text_content()).strip()}`"


def _quote(element: Element) -> str:
    return "\n\n" + "\n".join(f"> {line}" for line in _block(element).splitlines()) + "\n\n"


def _preformatted(element: Element) -> str:
    return f"\n\n```\n{element.text_content().strip(chr(10))}\n```\n\n"


def _link(element: Element) -> str:
    text = _inline(element)
    href = (element.get("href") or "").strip()
    if text and href.startswith(("http://", "https://")):
        return f"[{text}]({href})"
    return text


def _image(element: Element) -> str:
    alt = _WHITESPACE.sub(" ", element.get("alt") or "").strip()
    return f"[Image: {alt}]" if alt else ""


def _list(element: Element) -> str:
    ordered = element.tag == "ol"
    items = [child for child in element if child.tag == "li"]
    lines = []
    for number, item in enumerate(items, start=1):
        marker = f"{number}." if ordered else "-"
        body = _block(item).replace("\n", "\n   ")
        if body:
            lines.append(f"{marker} {body}")
    return "\n\n" + "\n".join(lines) + "\n\n"


def _table(element: Element) -> str:
    rows = []
    for row in element.iter("tr"):
        cells = [_inline(cell).replace("|", "\\|") for cell in row if cell.tag in ("td", "th")]
        if cells:
            rows.append("| " + " | ".join(cells) + " |")
    if not rows:
        return ""
    width = rows[0].count(" | ") + 1
    rows.insert(1, "|" + "---|" * width)
    return "\n\n" + "\n".join(rows) + "\n\n"


_RENDERERS: dict[str, Callable[[Element], str]] = {
    "br": _line_break,
    "pre": _preformatted,
    "code": _code,
    "a": _link,
    "img": _image,
    "ul": _list,
    "ol": _list,
    "table": _table,
    "blockquote": _quote,
}


def _looks_like_chrome(element: Element) -> bool:
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return True
    if element.get("role") in ("navigation", "banner", "contentinfo", "dialog"):
        return True
    marks = f"{element.get('id') or ''} {element.get('class') or ''}"
    return bool(marks.strip()) and _CHROME_MARKERS.search(marks) is not None


def _is_block(tag: str) -> bool:
    return tag in {
        "p", "div", "section", "article", "main", "body", "html", "li", "dd", "dt", "dl",
        "figure", "figcaption", "details", "summary", "address", "hr", "center",
    }  # fmt: skip
