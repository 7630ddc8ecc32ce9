"""XML for reading: a feed (RSS 0.9x/2.0, RSS 1.0, Atom) as a Markdown list, other XML as indented text.

Parsed by lxml with everything that makes XML dangerous switched off: no entity expansion, no
DTD loading, no network, libxml2's default depth and size limits (no ``huge_tree``). The
output is bounded too: indentation stops growing past ``_MAX_INDENT`` levels, so a deep
document cannot multiply its size in leading spaces, and the text stops at ``max_chars``.
"""

from __future__ import annotations

import re
from typing import Any

_MAX_INDENT = 12
_SUMMARY_CHARS = 300
_WHITESPACE = re.compile(r"\s+")
_FEED_ROOTS = frozenset({"rss", "rdf", "feed"})


class XmlUnreadable(Exception):
    """The bytes are not XML lxml can make a tree of."""


def xml_to_markdown(body: bytes, *, max_chars: int) -> str:
    """A feed as a list of its entries, any other XML as indented text; raises ``XmlUnreadable``."""
    root = parse_xml(body)
    if _local(root).lower() in _FEED_ROOTS:
        return _cap(_feed(root), max_chars)
    return _indented(root, max_chars)


def parse_xml(body: bytes) -> Any:
    """An lxml tree of untrusted XML: no entities, no DTD, no network; raises ``XmlUnreadable``."""
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False,
        load_dtd=False,
        no_network=True,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        recover=True,  # real feeds are often slightly broken; a partial tree beats none
    )
    try:
        root = etree.fromstring(body, parser)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise XmlUnreadable(str(exc)) from exc
    if root is None:
        raise XmlUnreadable("no XML element found")
    return root


def _feed(root: Any) -> str:
    channel = _child(root, "channel")
    head = channel if channel is not None else root
    title, about = _text(_child(head, "title")), _text(_child(head, "description", "subtitle"))
    lines = [f"# {title or 'Feed'}", ""]
    if about:
        lines += [_shorten(about, _SUMMARY_CHARS * 2), ""]
    entries = [e for e in root.iter() if _local(e) in ("item", "entry")]
    if not entries:
        lines.append("(no entries)")
    for entry in entries:
        lines += _entry(entry)
    return "\n".join(lines).strip() + "\n"


def _entry(entry: Any) -> list[str]:
    title = _plain(_text(_child(entry, "title"))) or "(untitled)"
    link = _link(entry)
    date = _text(_child(entry, "pubDate", "published", "updated", "date"))
    summary = _plain(_text(_child(entry, "description", "summary", "encoded", "content")))
    head = f"- **[{_escape(title)}]({link})**" if link else f"- **{_escape(title)}**"
    lines = [head + (f" ({date})" if date else "")]
    if summary:
        lines.append(f"  {_shorten(summary, _SUMMARY_CHARS)}")
    return lines


def _link(entry: Any) -> str:
    for link in entry:
        if _local(link) != "link":
            continue
        href = link.get("href")
        if href and link.get("rel", "alternate") == "alternate":
            return str(href).strip()
        if not href and _text(link):
            return _text(link)
    return ""


def _indented(root: Any, max_chars: int) -> str:
    from lxml import etree

    lines: list[str] = []
    size = 0
    depth = -1
    for event, element in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(element.tag, str):
            continue  # an entity reference left unexpanded (on purpose), not an element
        if event == "end":
            depth -= 1
            continue
        depth += 1
        attributes = " ".join(f'{_local_name(k)}="{_shorten(v, 80)}"' for k, v in element.attrib.items())
        text = _own_text(element)
        line = "  " * min(depth, _MAX_INDENT) + _local(element)
        line += f" [{attributes}]" if attributes else ""
        line += f": {_shorten(text, 2000)}" if text else ""
        size += len(line) + 1
        if size > max_chars:
            lines.append("[cut: the document is longer than searchrelay reads]")
            break
        lines.append(line)
    return "\n".join(lines) + "\n"


def _child(element: Any, *names: str) -> Any:
    for child in element:
        if _local(child) in names:
            return child
    return None


def _text(element: Any) -> str:
    """All the text inside ``element`` (a feed field may wrap XHTML), on one line."""
    if element is None:
        return ""
    return _WHITESPACE.sub(" ", "".join(element.itertext(with_tail=False))).strip()


def _own_text(element: Any) -> str:
    """The text directly in ``element``, before its first child."""
    return _WHITESPACE.sub(" ", element.text or "").strip()


def _plain(markup: str) -> str:
    """A summary that may hold escaped HTML, as plain text."""
    if "<" not in markup:
        return markup
    import lxml.html
    from lxml import etree

    try:
        return _WHITESPACE.sub(" ", lxml.html.fromstring(markup).text_content()).strip()
    except (ValueError, etree.ParserError):
        return markup


def _local(element: Any) -> str:
    tag = element.tag
    return _local_name(tag) if isinstance(tag, str) else ""


def _local_name(name: str) -> str:
    return name.rsplit("}", 1)[-1].split(":")[-1]


def _escape(text: str) -> str:
    return text.replace("[", "\\[").replace("]", "\\]")


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _cap(text: str, max_chars: int) -> str:
    return text if len(text) <= max_chars else text[:max_chars] + "\n[cut: the feed is longer than searchrelay reads]\n"
