"""A table cell that shows only an icon, read as what the icon says: its name, or a check or a cross.

A comparison table ("Messaging any time | ✓ | ✗") draws its answers as icon fonts and SVGs with no
text: Font Awesome's ``<i class="fa-solid fa-check">``, Bootstrap's ``bi-x-lg``, an ``<svg>``
titled "Included". Every extractor read such a cell as empty, so the agent got a table whose
every feature looked absent, or only its row labels when the extractor dropped the empty
columns (a therapy service's comparison with the office visit came out as ten bare lines). The
icon's accessible name (``aria-label``, ``title``, an SVG's ``<title>``) is written in the cell
when it has one; else a check or a cross when its class names one. A cell with any text of its
own, or whose icons say different things, is left as it is.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import Element, in_code
from adapters.pages.markup_names import name_words, names

CHECK = "✓"
CROSS = "✗"
# Words of icon classes across the icon sets (Font Awesome, Bootstrap Icons, Material, Glyphicons,
# Heroicons): what a check or a cross is called.
_CHECKS = frozenset({"check", "checkmark", "checked", "tick", "ok", "yes"})
_CROSSES = frozenset({"xmark", "times", "cross", "close", "remove", "x", "multiply"})
# What draws an icon: an icon font's empty element, an SVG and what it uses.
_ICON_TAGS = frozenset(
    {"i", "span", "div", "em", "svg", "use", "path", "g", "title", "symbol", "circle", "rect", "polyline", "line"}
)
_NAMED_BY = ("aria-label", "title")
_MAX_NAME_CHARS = 40
_MAX_CELL_ELEMENTS = 12  # an icon is an element or a few (an SVG and its paths); a cell of more is more
_MAX_CELLS = 5_000


def icon_cells_read(root: Element) -> int:
    """Writes what each icon-only table cell of ``root`` says into it, in place of its icons; how many cells."""
    written = 0
    for cell in islice(root.iter("td", "th"), _MAX_CELLS):
        said = _said_by_icon(cell)
        if said:  # the icons go: an SVG's title would be said twice
            for icon in list(cell):
                cell.remove(icon)
            cell.text = said
            written += 1
    return written


def _said_by_icon(cell: Element) -> str:
    """The name or the mark of the icons that fill ``cell``; "" when it has words or holds anything
    but icons, or its icons say different things."""
    if (cell.text or "").strip() or in_code(cell):
        return ""
    icons = [child for child in cell if isinstance(child.tag, str)]
    if not icons or sum(1 for _ in islice(cell.iter(), _MAX_CELL_ELEMENTS + 1)) > _MAX_CELL_ELEMENTS:
        return ""
    said = {_icon_says(icon) for icon in icons}
    if any((icon.tail or "").strip() for icon in icons) or len(said) != 1:
        return ""
    return said.pop()


def _icon_says(icon: Element) -> str:
    """What an icon says: its accessible name (an ``aria-label``, a ``title``, an SVG's ``<title>``),
    else the mark its classes name; "" for anything that is not an icon (a link, a picture, words)."""
    elements = [element for element in icon.iter() if isinstance(element.tag, str)]
    for element in elements:
        tag = _local(element.tag)
        if tag not in _ICON_TAGS or (tag != "title" and (element.text or "").strip()):
            return ""
        if element is not icon and (element.tail or "").strip():
            return ""
    for element in elements:
        named = [element.text] if _local(element.tag) == "title" else [element.get(a) for a in _NAMED_BY]
        if name := next(filter(None, map(_name, named)), ""):
            return name
    for element in elements:
        words = set(name_words(names(element)))
        if words & _CHECKS and not words & _CROSSES:
            return CHECK
        if words & _CROSSES and not words & _CHECKS:
            return CROSS
    return ""


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]  # an inline SVG may carry its namespace


def _name(text: str | None) -> str:
    name = " ".join((text or "").split())
    return name if len(name) <= _MAX_NAME_CHARS else ""
