"""A space put between two inline elements that a page's style sheet, not its text, keeps apart.

A shop writes a specification as ``<div><span>ISBN-13</span><span>9780544103054</span></div>`` and
a directory its links as ``<div><a>Cloud</a><a>Security</a></div>``: a browser lays them out as
two columns or two buttons, but there is no character between them, so every extractor (none of
them reads CSS) hands the agent "ISBN-139780544103054" and "CloudSecurity". A wrong number is
worse than a missing one.

A space goes between two such elements only where the markup says they are separate things: both
are inline elements (links, spans, labels, buttons...), nothing at all separates them, and their
parent is a layout box (a ``div``, a list item, a table cell, or a span used as one) holding no
text of its own. In running text (a paragraph, a heading, a link) inline pieces are often parts
of one word, ``<p><span>includin</span><span>g</span></p>`` from an editor's styling, so there
only a figure against a letter is spaced (a price and "VAT included"); nothing is touched where
spacing is meaning (code, preformatted text, formulas), and a side of a single character is left
alone (a drop cap, a word spelled out letter by letter for an animation, a year's digits in
separate boxes).

Measured on the page-types corpus before any extractor, counting the boundaries whose two words
the reference has at all: of those this rule spaces, 2,136 are two words in the reference and 8
one word (a year set in two spans, a word split across spans in a box). The cases it leaves
alone are left for that reason: children of paragraphs, headings and links 25 two words against
14 one (of them, a figure against a letter 11 against none, so those are spaced: "€49.99 VAT
included", "Ensemble Learning 7 min read"); a side of one character 70 against 22
(docs/extraction.md, sixteenth round).
"""

from __future__ import annotations

import re
from itertools import islice

from adapters.pages.html_markdown import Element
from adapters.pages.page_kind import MAX_ELEMENTS

_INLINE = (
    "a",
    "abbr",
    "b",
    "bdi",
    "button",
    "cite",
    "data",
    "em",
    "font",
    "i",
    "label",
    "mark",
    "small",
    "span",
    "strong",
    "time",
)
_LAYOUT = frozenset(
    {
        "article",
        "aside",
        "body",
        "center",
        "dd",
        "div",
        "dt",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "li",
        "main",
        "nav",
        "section",
        "span",
        "td",
        "th",
    }
)
# Running text: inline pieces here are parts of one word as often as not, except a figure against
# a letter ("€49.99" and "VAT included", "Ensemble Learning" and "7 min read").
_RUNNING_TEXT = frozenset({"a", "h1", "h2", "h3", "h4", "h5", "h6", "p"})
# Where every character is meaning, or the text is not read as prose at all.
_VERBATIM = frozenset(
    {"code", "kbd", "math", "noscript", "pre", "samp", "script", "style", "svg", "template", "textarea"}
)

_INLINE_TAGS = frozenset(_INLINE)
# Glued: a word (or what closes one: a bracket, a colon, a stop, a percent sign) against a word
# (or what opens one: a bracket, a currency or a handle's sign). "ePID)27038656990" and
# "Price:$69" read as one token; "$" before "20" or "%" after it are meant to touch.
_GLUED_END = re.compile(r"[\w)\]:;,.!?%]\Z")
_GLUED_START = re.compile(r"\A[\w(\[$€£¥@#]")


def space_glued_inlines(root: Element) -> int:
    """Put a space after each inline element glued to the next in a layout box; how many were spaced.

    Looks at the page's first ``page_kind.MAX_ELEMENTS`` inline elements, the bound of the walk
    that measures the page (200,000 glued spans took 0.7 s; the bound keeps it under 0.1 s).
    Changes ``root`` in place."""
    spaced = 0
    boxes: dict[Element, str | None] = {}  # each parent's ``_parent_kind``, asked once
    for element in islice(root.iter(*_INLINE), MAX_ELEMENTS):
        if element.tail:
            continue
        following = element.getnext()
        if following is None or following.tag not in _INLINE_TAGS:
            continue
        parent = element.getparent()
        if parent is None:
            continue
        if parent not in boxes:
            boxes[parent] = _parent_kind(parent)
        kind = boxes[parent]
        if kind is None or not _glued(element, following, figures_only=kind == "text"):
            continue
        if any(ancestor.tag in _VERBATIM for ancestor in element.iterancestors()):
            continue
        element.tail = " "
        spaced += 1
    return spaced


def _parent_kind(parent: Element) -> str | None:
    """ "box" for a layout box, "text" for running text (a paragraph, a heading, a link), holding no
    text of its own either way; None for anything else."""
    if _holds_own_text(parent):
        return None
    if parent.tag in _LAYOUT:
        return "box"
    return "text" if parent.tag in _RUNNING_TEXT else None


def _holds_own_text(parent: Element) -> bool:
    if parent.text and not parent.text.isspace():
        return True
    return any(child.tail and not child.tail.isspace() for child in parent)


def _glued(before: Element, after: Element, *, figures_only: bool) -> bool:
    """Whether ``before`` ends a word and ``after`` starts one, each side longer than one character;
    with ``figures_only``, a figure against a letter ("€49.99" and "VAT included")."""
    if before.tag in _VERBATIM or after.tag in _VERBATIM:
        return False
    end, start = _last_text(before), _first_text(after)
    if figures_only:
        if not (end[-1:].isalnum() and start[:1].isalnum()) or end[-1:].isdigit() == start[:1].isdigit():
            return False
    elif not _GLUED_END.search(end) or not _GLUED_START.search(start):
        return False
    return _longer_than_a_character(before) and _longer_than_a_character(after)


def _first_text(element: Element) -> str:
    if element.tag in _VERBATIM or not isinstance(element.tag, str):
        return ""
    own: str | None = element.text
    if own:
        return own
    for child in element:
        text = _first_text(child)
        if text:
            return text
        tail: str | None = child.tail
        if tail:
            return tail
    return ""


def _last_text(element: Element) -> str:
    if element.tag in _VERBATIM or not isinstance(element.tag, str):
        return ""
    for child in reversed(element):
        tail: str | None = child.tail
        if tail:
            return tail
        text = _last_text(child)
        if text:
            return text
    own: str | None = element.text
    return own or ""


def _longer_than_a_character(element: Element) -> bool:
    length = 0
    for text in element.itertext():
        length += len(text.strip())
        if length > 1:
            return True
    return False
