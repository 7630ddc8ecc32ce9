"""Consent banners, dialogs and skip links taken out of a parsed page before anything reads it.

A cookie consent manager puts its whole settings panel in the page ("Privacy Preference
Center", a paragraph for every category of cookie, a list of vendors): 1,000 to 16,000
characters, 4,000 of them on a forum thread of 600. Every visitor of a European site gets one,
whatever the site's kind, and none of it is what the page is about. The pruned whole page never kept it (its
chrome rule), but Resiliparse reads it as text, and Resiliparse wins the vote on a quarter of
the pages that are not articles. A dialog is the same: a layer over the page (sign-in, a
newsletter prompt, "choose your country"), not the page.

Found by the markup's own words (an id or class holding "cookie", "consent" or "gdpr"; a
``dialog`` or ``alertdialog`` role or element; ``aria-modal="true"``), never by a vendor's or a
site's name. Headings and what the ``<head>`` holds are never overlays. A page's own content is
sometimes called so, hence two exceptions. Inside the page's ``<main>`` or an ``<article>``
only a dialog goes: "cookie" there is a blog's ``tag-cookies`` class or a guide's section. And
an element holding half the page's text or more goes only when the page's headline (an
``<h1>``), main part or an article is elsewhere: the page's content holds them, a consent
panel does not (on a short thread, one held 57% of the text); a wrapper saying
``cookie-notice-hidden`` on a page without those landmarks stays. The document's root and body
are never candidates (a page may say ``cookie-banner-visible`` on ``<html>``).

A skip link ("Skip to content") is the same kind of thing: a link for keyboard users, hidden
until it has the focus and then shown over the top of the page. Resiliparse kept it as the first
line of its answer on 48 pages of the two corpora. By convention it is among the first links of
the page and leads to a place on the same page, and the markup says so ("skip-link",
"skip-to-content", "skipnav", "mw-jump-link", or a utility class of text hidden from sight such
as "visually-hidden-focusable" or "sr-only", on the link, its parent or its grandparent), or its
words do ("Skip to main content", "Jump to content", "Aller au contenu": the markup of many is a
hashed name): only the page's first ``SKIP_LINKS_LOOKED_AT`` links are looked at so. A link to
a named place on the page whose *own* class or id says so goes wherever it is: a shop or a
search puts its skip link at the start of its main part, past the header's menu ("Skip to
product list", "Skip to search results"), and a "Skip listing" button before each carousel (58
links on 33 pages of the corpora). A parent's name does not count there: a wiki's table of
contents holds "toc-Skip_package" items.

The overlays are noticed during the walk that measures the page (``page_kind.measure``, bounded
to its first 20,000 elements), and only on pages whose ids, classes and roles, read in one pass
by libxml2 (``may_hold_overlays``, about 0.4 ms), name one at all: a walk of their own, or an
XPath testing every element, cost 2 to 8 ms a page, and asking every element in ``measure`` 2 ms,
a tenth or more of an article's whole extraction. Most pages have none.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice
from typing import Any

from lxml import etree

from adapters.pages.html_markdown import SOURCE_TAGS, Element, drop_tree

# An element holding at least this share of the page's text may be the page, whatever it is called.
MAX_SHARE = 0.5
# Outermost overlays looked at per page: a real page has a handful; a hostile one names every
# element so. ``page_kind.measure`` notes at most ``MAX_FOUND`` (a consent panel's own elements
# count: one vendor's panel has hundreds of ids naming it), and the walks that weigh them share
# one budget of ``page_kind.MAX_ELEMENTS`` elements; an overlay not yet weighed when it runs out stays.
MAX_OVERLAYS = 100
MAX_FOUND = 2_000
_WALK_BUDGET = 20_000  # page_kind.MAX_ELEMENTS (which imports this module)
_WORDS = ("cookie", "consent", "gdpr")
_DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
# Never overlays: the document itself and what its head holds (a consent script's stylesheet), and
# headings (a guide's "Setting cookies" heading is not a banner).
_NEVER = frozenset({"html", "body", "head", "title", "meta", "link", "base", "h1", "h2", "h3", "h4", "h5", "h6"})
_CONTENT = frozenset({"main", "article"})
SKIP_LINKS_LOOKED_AT = 10
# "skip-link", "skipnav", "mw-jump-link", "bypass-block-link"; and the utility classes of text
# hidden from sight, for screen readers and the keyboard ("visually-hidden-focusable",
# "sr-only-focusable", "is-sr-only", "screen-reader-text"): an in-page link among the page's
# first ten that only a screen reader sees is a skip link.
_SKIP_WORDS = (
    "skip", "focusable", "jump", "bypass", "sr-only", "screen-reader", "screenreader", "visually-hidden",
    "visuallyhidden",
)  # fmt: skip
# What a skip link says, when its markup is a hashed name ("_1jsqk240"): "Skip to main content",
# "Jump to content", "Skip navigation", in the languages' usual words.
# "Jump" only with its "to": a table of contents' "Jump ropes" is a section.
_SKIP_LABEL = re.compile(
    r"\s*(?:skip|jump (?:to|directly)|aller (?:au|à)|passer au|zum inhalt|direkt zum|zur navigation|saltar al?|"
    r"ir al|ir para|vai al|ga naar|przejdź do)\b",
    re.IGNORECASE,
)
# Anywhere on the page: a link to a named place on it whose own class or id says it skips, or is
# shown only when it has the focus ("plp-skip-to-product-list", "carousel__skip-button",
# "sr-only-focusable"). Its parents' names are not asked there: a wiki's table of contents holds
# "toc-Skip_package" items.
_OWN_MARKS = "translate(concat(@class, ' ', @id), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
_SKIPPING_LINKS = etree.XPath(
    "descendant::a[starts-with(@href, '#') and string-length(@href) > 1]"
    f"[contains({_OWN_MARKS}, 'skip') or contains({_OWN_MARKS}, 'focusable')]"
)


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


def drop_overlays(root: Element, found: list[Element], page_chars: int) -> int:
    """Remove the outermost of ``found`` (in document order) that are not the page's content; how many went.

    ``page_chars`` is the page's visible text as ``page_kind.measure`` counts it, and each
    overlay's text is counted the same way. Inside the page's ``<main>`` or an ``<article>`` only
    a dialog goes: there "cookie" or "gdpr" in a class is a blog's tag (``tag-cookies``) or a
    guide's section, not a banner.
    """
    walks = _Walks(_WALK_BUDGET)
    page_has_content: bool | None = None  # asked only when an overlay holds half the page's text
    dropped: set[Element] = set()
    looked_at = 0
    for element in found:
        if element.getparent() is None or any(ancestor in dropped for ancestor in element.iterancestors()):
            continue  # the root, or inside an overlay already gone
        if looked_at == MAX_OVERLAYS:
            break
        looked_at += 1
        if not _is_dialog(element) and _in_content(element):
            continue
        chars = walks.visible_chars(element, stop_at=MAX_SHARE * page_chars)
        if chars is None:
            continue  # not weighed: kept
        if chars >= MAX_SHARE * page_chars:
            if page_has_content is None:
                page_has_content = any(_is_content_marker(node) for node in root.iter(tag=etree.Element))
            # Half the page: it goes only when the page's headline or main part is elsewhere.
            if not page_has_content or walks.holds_content(element) is not False:
                continue
        drop_tree(element)
        dropped.add(element)
    return len(dropped)


def _is_dialog(element: Element) -> bool:
    return element.tag == "dialog" or element.get("role") in _DIALOG_ROLES or element.get("aria-modal") == "true"


def _in_content(element: Element) -> bool:
    """Whether ``element`` is, or sits inside, the page's main part or an article."""
    return any(node.tag in _CONTENT or node.get("role") == "main" for node in (element, *element.iterancestors()))


def _is_content_marker(node: Element) -> bool:
    """The page's headline, its main part or an article."""
    return node.tag == "h1" or node.tag in _CONTENT or node.get("role") == "main"


class _Walks:
    """The walks that weigh a page's overlays, sharing one budget of elements (see ``MAX_FOUND``)."""

    def __init__(self, budget: int) -> None:
        self._left = budget

    def visible_chars(self, element: Element, *, stop_at: float) -> int | None:
        """The characters a reader sees in ``element`` (its own tail, its parent's text, left out),
        counted until ``stop_at`` is reached; None when the budget ran out first."""
        total = 0
        for node in element.iter():
            self._left -= 1
            if self._left < 0:
                return None
            if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS:
                total += len((node.text or "").strip())
            if node is not element:  # a script's or a comment's tail is the page's text too
                total += len((node.tail or "").strip())
            if total >= stop_at:
                break
        return total

    def holds_content(self, element: Element) -> bool | None:
        """Whether ``element`` holds the page's headline, main part or an article; None when the budget ran out."""
        for node in element.iter(tag=etree.Element):
            self._left -= 1
            if self._left < 0:
                return None
            if _is_content_marker(node):
                return True
        return False


def drop_skip_links(root: Element) -> int:
    """Remove the page's skip links; how many went.

    Among the page's first links, those the markup around them marks; anywhere, those their own
    markup marks (a shop's "Skip to product list" past the header's menu, a "Skip listing" button
    before each carousel). At most ``MAX_OVERLAYS`` of the latter.
    """
    body = next(root.iter("body"), None)
    if body is None:
        return 0
    first = [link for _, link in zip(range(SKIP_LINKS_LOOKED_AT), body.iter("a"), strict=False)]
    skips = dict.fromkeys(link for link in first if _is_skip_link(link))  # in the page's order, each once
    skips.update(dict.fromkeys(islice(_SKIPPING_LINKS(body), MAX_OVERLAYS)))
    for link in skips:
        drop_tree(link)
    return len(skips)


def _is_skip_link(link: Element) -> bool:
    if not (link.get("href") or "").startswith("#"):
        return False
    holders = [link, *islice(link.iterancestors(), 2)]  # a list of skip links: <ul class="skip-links"><li><a>
    marks = " ".join(f"{holder.get('class') or ''} {holder.get('id') or ''}" for holder in holders).lower()
    return any(word in marks for word in _SKIP_WORDS) or _SKIP_LABEL.match("".join(link.itertext())) is not None
