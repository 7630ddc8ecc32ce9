"""A paper's full text in JATS (the XML journals and PubMed Central publish articles in) as Markdown.

Only the body is read (the record above it already gives the title, authors and abstract):
sections become headings by their depth, paragraphs, lists, emphasis, links out, figures and
tables as their labels and captions (a table's own cells, XHTML inside JATS, as a table),
formulas as their TeX when given; references, graphics and supplementary files are left out.
Parsed by ``xml_text.parse_xml`` (no entities, no DTD, no network), turned into HTML and read
by the HTML fragment reader, like any page.
"""

from __future__ import annotations

from typing import Any

from adapters.pages.html_fragments import fragment_markdown
from adapters.pages.xml_text import parse_xml

_XLINK = "{http://www.w3.org/1999/xlink}"
_DROPPED = frozenset({"ref-list", "graphic", "inline-graphic", "supplementary-material", "media",
                      "fn-group", "object-id", "permissions", "counts"})  # fmt: skip
_RENAMED = {"italic": "em", "bold": "strong", "sup": "sup", "sub": "sub", "monospace": "code", "sc": "span",
            "underline": "span", "list-item": "li", "p": "p", "caption": "div", "label": "strong",
            "table": "table", "thead": "thead", "tbody": "tbody", "tr": "tr", "th": "th", "td": "td",
            "col": "col", "colgroup": "colgroup", "code": "pre", "preformat": "pre", "boxed-text": "div",
            "def-list": "dl", "term": "dt", "def": "dd", "disp-quote": "blockquote", "ack": "section"}  # fmt: skip
_MAX_DEPTH = 60


def jats_body_markdown(xml: bytes) -> str:
    """The article's body as Markdown; "" when it has none. Raises ``XmlUnreadable`` for bytes that are not XML."""
    from lxml import etree

    root = parse_xml(xml)
    body = next(iter(root.iter("body")), None)
    if body is None:
        return ""
    html = etree.Element("div")
    _convert(body, html, 0, 0)  # top-level sections are the document's first headings (#)
    for ack in root.iter("ack"):
        section = etree.SubElement(html, "section")
        etree.SubElement(section, "h1").text = "Acknowledgements"
        _convert(ack, section, 1, 0)
    return fragment_markdown(etree.tostring(html, encoding="unicode")).strip()


def _convert(source: Any, into: Any, level: int, depth: int) -> None:
    """``source``'s children written into the HTML element ``into``, sections nesting headings one level deeper."""
    from lxml import etree

    if source.text:
        _append_text(into, source.text)
    for child in source:
        tag = child.tag.split("}")[-1] if isinstance(child.tag, str) else ""
        if not tag or tag in _DROPPED or depth > _MAX_DEPTH:
            _append_text(into, child.tail or "")
            continue
        if tag == "sec":
            made = etree.SubElement(into, "section")
            _convert(child, made, level + 1, depth + 1)
        elif tag == "title":
            made = etree.SubElement(into, f"h{min(6, max(1, level))}")
            _convert(child, made, level, depth + 1)
        elif tag == "list":
            made = etree.SubElement(into, "ol" if child.get("list-type") in ("order", "arabic") else "ul")
            _convert(child, made, level, depth + 1)
        elif tag == "ext-link" or tag == "uri":
            made = etree.SubElement(into, "a", href=child.get(f"{_XLINK}href") or "")
            _convert(child, made, level, depth + 1)
        elif tag in ("fig", "table-wrap"):
            made = etree.SubElement(into, "div")
            _convert(child, made, level, depth + 1)
        elif tag in ("disp-formula", "inline-formula"):
            made = etree.SubElement(into, "p" if tag == "disp-formula" else "span")
            tex = next(
                (node for node in child.iter() if isinstance(node.tag, str) and node.tag.endswith("tex-math")), None
            )
            said = "".join(tex.itertext()) if tex is not None else " ".join("".join(child.itertext()).split())
            made.text = f"${said.strip()}$" if tex is not None else said
        elif tag == "p" and into.tag == "li":  # a list item's paragraph: the item's own words (a tight list)
            _append_text(into, " " if len(into) or into.text else "")
            _convert(child, into, level, depth + 1)
        elif tag in _RENAMED:
            made = etree.SubElement(into, _RENAMED[tag])
            _convert(child, made, level, depth + 1)
        else:  # xref, named-content, styled-content...: their words, inline
            made = etree.SubElement(into, "span")
            _convert(child, made, level, depth + 1)
        if child.tail:
            _append_text(into, child.tail)


def _append_text(element: Any, said: str) -> None:
    if len(element):
        last = element[-1]
        last.tail = (last.tail or "") + said
    else:
        element.text = (element.text or "") + said
