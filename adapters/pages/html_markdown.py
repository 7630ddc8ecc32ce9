"""HTML elements to Markdown for when article extraction finds too little (markdownify does the writing).

What is ours is the pruning: the parts of a page that are never content (scripts, navigation,
footers, forms, consent banners, hidden elements) are removed from the tree before conversion.
The conversion itself - headings, lists, tables, code, links - is markdownify's; images become
``[Image: alt]`` so an agent knows a figure is there without a URL it cannot look at.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urljoin, urlsplit

_SKIPPED_TAGS = (
    "script", "style", "noscript", "template", "nav", "footer", "header", "aside", "form",
    "iframe", "svg", "button", "select", "input", "dialog", "head", "title", "meta", "link",
)  # fmt: skip
# Whole words of an id or class (split on "-", "_", spaces), so "shared-notes" is not "share".
_CHROME_MARKERS = re.compile(
    r"(?:^|[-_\s])(?:cookies?|consent|gdpr|newsletter|share|sharing|social|related|comments?)(?:$|[-_\s])",
    re.IGNORECASE,
)
_BLANK_LINES = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)+")
_WHITESPACE = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]*>")
_URL_BREAKS = re.compile(r"[\t\n\r]")  # browsers drop these from an address
_ENCODED_IN_LINKS = str.maketrans({" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E"})


# lxml ships no type information; elements are typed loosely on purpose.
Element = Any


def element_to_markdown(root: Element, base_url: str | None = None) -> str:
    """Markdown for ``root`` and everything under it, chrome pruned. Changes ``root`` in place.

    ``base_url`` (the page's address, or its ``<base href>``) makes relative links absolute.
    """
    import lxml.html

    _prune(root, base_url)
    html = lxml.html.tostring(root, encoding="unicode")
    text = _converter().convert(html)
    lines = (line.rstrip() for line in text.splitlines())
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def _prune(root: Element, base_url: str | None) -> None:
    doomed = [el for el in root.iter() if isinstance(el.tag, str) and (el.tag in _SKIPPED_TAGS or is_chrome(el))]
    for element in doomed:
        if element.getparent() is not None:
            _drop_tree(element)
    # Only web links are worth keeping; a link without one is written as its text alone.
    for link in root.iter("a"):
        href = web_link(link.get("href"), base_url)
        if href:
            link.set("href", href)
        else:
            link.attrib.pop("href", None)
        link.attrib.pop("title", None)  # markdownify would write it after the address: noise, often the text again


def web_link(href: str | None, base_url: str | None) -> str | None:
    """``href`` as an absolute http(s) address an agent can fetch, or None.

    Relative links are resolved against ``base_url`` (trafilatura resolves its own the same way),
    so a reference page's "see the API" still leads somewhere. A link to an anchor of the same
    page, a script, a mail address or an unreadable address is only its text.
    """
    href = _URL_BREAKS.sub("", (href or "").strip())
    if not href or href.startswith("#"):
        return None
    try:
        address = urljoin(base_url, href) if base_url else href
        parts = urlsplit(address)
    except ValueError:  # e.g. an unclosed "[" where an IPv6 host would be
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    # Spaces, parentheses and angle brackets encoded: the same address, and one a Markdown reader
    # cannot end early ("wiki/C_(programming_language)" would end at its first ")").
    return address.translate(_ENCODED_IN_LINKS)


def _drop_tree(element: Element) -> None:
    """Remove ``element`` and everything under it, keeping its tail text, which belongs to the parent.

    (What ``lxml.html``'s ``drop_tree`` does, for plain ``etree`` elements too.)
    """
    parent = element.getparent()
    if element.tail:
        previous = element.getprevious()
        if previous is None:
            parent.text = (parent.text or "") + element.tail
        else:
            previous.tail = (previous.tail or "") + element.tail
    parent.remove(element)


def is_chrome(element: Element) -> bool:
    """Hidden, a navigation/banner/footer/dialog role, or an id or class that names chrome."""
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return True
    if element.get("role") in ("navigation", "banner", "contentinfo", "dialog"):
        return True
    marks = f"{element.get('id') or ''} {element.get('class') or ''}"
    return bool(marks.strip()) and _CHROME_MARKERS.search(marks) is not None


def image_placeholder(alt: str) -> str:
    """``[Image: alt]`` (or "" for an image without words), on one line whatever the alt holds.

    An alt attribute is plain text, but pages put markup, line breaks and brackets in it; a
    bracket left in would end the placeholder early and leave the rest of the caption as loose
    text after it, which neither the agent nor the caption trimming can tell from prose.
    """
    text = _WHITESPACE.sub(" ", _TAG.sub(" ", alt)).strip()
    text = text.replace("[", "(").replace("]", ")")
    return f"[Image: {text}]" if text else ""


def _converter() -> Any:
    from markdownify import MarkdownConverter

    class _Converter(MarkdownConverter):
        def convert_img(self, el: Any, text: str, parent_tags: set[str]) -> str:
            return image_placeholder(el.get("alt") or "")

    # A table without header cells gets its first row as the header, not an empty header row.
    return _Converter(
        heading_style="ATX", bullets="-", escape_underscores=False, escape_asterisks=False, table_infer_header=True
    )
