"""Consent banners and dialogs taken out of a parsed page before anything reads it.

A cookie consent manager puts its whole settings panel in the page ("Privacy Preference
Center", a paragraph for every category of cookie, a list of vendors): 4,000 to 15,000
characters on a forum thread of 600. Every visitor of a European site gets one, whatever the
site's kind, and none of it is what the page is about. The pruned whole page never kept it (its
chrome rule), but Resiliparse reads it as text, and Resiliparse wins the vote on a quarter of
the pages that are not articles. A dialog is the same: a layer over the page (sign-in, a
newsletter prompt, "choose your country"), not the page.

Found by the markup's own words (an id or class holding "cookie", "consent" or "gdpr"; a
``dialog`` role or element; ``aria-modal``), never by a vendor's or a site's name. A
page's own content is sometimes called so ("cookie-recipes", an article shown in a modal), so
an element holding half the page's text or more is kept when it also holds the page's
headline (an ``<h1>``), a ``<main>`` or an ``<article>``, or sits inside one: the page's
content does, a consent panel does not (on a short thread, one held 57% of the text). The
document's root and body are never candidates (a page may say ``cookie-banner-visible`` on
``<html>``).

The overlays are noticed during the walk that measures the page (``page_kind.measure``, bounded
to its first 20,000 elements), and only on pages whose ids, classes and roles, read in one pass
by libxml2 (``may_hold_overlays``, about 0.4 ms), name one at all: a walk of their own, or an
XPath testing every element, cost 2 to 8 ms a page, and asking every element in ``measure`` 2 ms,
a tenth or more of an article's whole extraction. Most pages have none.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from adapters.pages.html_markdown import Element, drop_tree

# An element holding at least this share of the page's text may be the page, whatever it is called.
MAX_SHARE = 0.5
_CONTENT = ("h1", "main", "article")
# Overlays looked at per page: a real page has a handful; a hostile one could name every element so.
MAX_OVERLAYS = 100
_WORDS = ("cookie", "consent", "gdpr")
_DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
_INVISIBLE = frozenset({"script", "style", "noscript", "template"})
_NEVER = frozenset({"html", "body", "head"})


def may_hold_overlays(root: Element) -> bool:
    """Whether any id, class, role or ``aria-modal`` of the page could mark an overlay (a cheap first look)."""
    classes, ids, roles, modal = _attribute_values()
    marks = f"{' '.join(classes(root))} {' '.join(ids(root))}".lower()
    if any(word in marks for word in _WORDS):
        return True
    return (
        any(role in _DIALOG_ROLES for role in roles(root))
        or "true" in modal(root)
        or next(root.iter("dialog"), None) is not None
    )


@lru_cache(maxsize=1)
def _attribute_values() -> tuple[Any, Any, Any, Any]:
    from lxml.etree import XPath

    # One attribute name a query: a union ("//@id | //@class") makes libxml2 merge the two sets in
    # document order, which took minutes on a page of 200,000 elements.
    names = ("class", "id", "role", "aria-modal")
    return tuple(XPath(f"//@{name}", smart_strings=False) for name in names)


def is_overlay(element: Element) -> bool:
    """Whether ``element`` says it is a consent banner or a dialog (an element, not a comment)."""
    if element.tag == "dialog":
        return True
    if element.tag in _NEVER:
        return False
    for name, value in element.items():  # one call for all attributes: faster than asking for four
        if name in ("class", "id"):
            marks = value.lower()
            if any(word in marks for word in _WORDS):
                return True
        elif (name == "role" and value in _DIALOG_ROLES) or (name == "aria-modal" and value == "true"):
            return True
    return False


def drop_overlays(found: list[Element], page_chars: int) -> int:
    """Remove the outermost of ``found`` (in document order) unless one is the page's content; how many went.

    ``page_chars`` is the page's visible text as ``page_kind.measure`` counts it, and each
    overlay's text is counted the same way.
    """
    dropped: set[Element] = set()
    for element in found[:MAX_OVERLAYS]:
        if element.getparent() is None or any(ancestor in dropped for ancestor in element.iterancestors()):
            continue  # the root, or inside an overlay already gone
        if visible_chars(element) < MAX_SHARE * page_chars or not _holds_content(element):
            drop_tree(element)
            dropped.add(element)
    return len(dropped)


def _holds_content(element: Element) -> bool:
    """Whether ``element`` holds the page's headline, main part or article, or sits inside the last two."""
    if next(element.iter(*_CONTENT), None) is not None:
        return True
    return any(ancestor.tag in _CONTENT[1:] or ancestor.get("role") == "main" for ancestor in element.iterancestors())


def visible_chars(element: Element) -> int:
    """The characters a reader sees in ``element`` (its own tail, which is its parent's text, left out)."""
    total = 0
    for node in element.iter():
        if not isinstance(node.tag, str) or node.tag in _INVISIBLE:
            continue
        total += len((node.text or "").strip())
        if node is not element:
            total += len((node.tail or "").strip())
    return total
