"""Definition lists of names and values, written with each name and its value together.

A ``<dl>`` is how pages write a specification (Fit / Regular, Fabric / 100% cotton), a member's
figures beside a forum post (Joined / Messages), a file's details. Every extractor wrote its terms
and definitions as separate lines or list items ("- Fit", "- Regular", "- Fabric", ...), so the
agent had to guess which value belongs to which name, and where a definition is missing every
value after it reads as the next name's. In a list whose terms and definitions hold only text and
inline elements, each term gets its definitions ("Fit: Regular") and the definitions go. Lists
holding paragraphs, code or lists of their own (an API reference's signatures over their
descriptions) stay as they are.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import BLOCK_TAGS, SOURCE_TAGS, Element
from adapters.pages.page_kind import MAX_ELEMENTS


def definitions_paired(root: Element) -> int:
    """Writes each name of the first ``MAX_ELEMENTS`` definition lists of names and values with its
    value, as "name: value" in the term (the definitions go), so that every extractor reads the pair
    on one line and still reads a definition list: turned into a list of items instead, an item
    that is mostly a link ("Messages: 1,046") read as a menu to Resiliparse. How many it rewrote."""
    paired = 0
    for definition_list in list(islice(root.iter("dl"), MAX_ELEMENTS)):
        entries = _entries(definition_list)
        if entries is None:
            continue
        term = entries[0]
        defined = False
        for entry in entries[1:]:
            if entry.tag == "dt" and defined:
                term, defined = entry, False
                continue
            _append_text(term, _separator(term, entry.tag, defined))
            defined = defined or entry.tag == "dd"
            _move_content(entry, term)
            entry.getparent().remove(entry)
        paired += 1
    return paired


def _entries(definition_list: Element) -> list[Element] | None:
    """The list's terms and definitions in order (a ``div`` may group them, as HTML allows), or None
    unless it opens with a term, has a definition, and holds nothing else and no block."""
    entries: list[Element] = []
    for child in definition_list:
        if not isinstance(child.tag, str) or child.tag in SOURCE_TAGS:
            continue
        group = list(child) if child.tag == "div" else [child]
        for entry in group:
            if not isinstance(entry.tag, str) or entry.tag in SOURCE_TAGS:
                continue
            if entry.tag not in ("dt", "dd") or any(inner.tag in BLOCK_TAGS for inner in entry.iterdescendants()):
                return None
            entries.append(entry)
    opens_with_a_term = bool(entries) and entries[0].tag == "dt"
    return entries if opens_with_a_term and any(entry.tag == "dd" for entry in entries) else None


def _separator(item: Element, tag: str, defined: bool) -> str:
    if tag == "dt":  # one more name for the same definition
        return ", "
    if defined:  # one more definition of the same name
        return "; "
    return " " if _ending(item).rstrip().endswith(":") else ": "


def _ending(item: Element) -> str:
    """The text ``item`` ends with so far."""
    if not len(item):
        return item.text or ""
    last = item[-1]
    return last.tail if last.tail and last.tail.strip() else "".join(last.itertext())


def _append_text(element: Element, text: str, *, trimmed: bool = True) -> None:
    """``text`` after what ``element`` holds; ``trimmed``: the spaces it ended with dropped first."""
    if len(element):
        ending = element[-1].tail or ""
        element[-1].tail = (ending.rstrip() if trimmed else ending) + text
    else:
        element.text = ((element.text or "").rstrip() if trimmed else element.text or "") + text


def _move_content(source: Element, target: Element) -> None:
    """``source``'s text and children, appended to ``target`` without the spaces at their edges."""
    text = (source.text or "").lstrip()
    _append_text(target, text if len(source) else text.rstrip(), trimmed=False)
    for child in list(source):
        target.append(child)
    if len(target):
        target[-1].tail = (target[-1].tail or "").rstrip()
