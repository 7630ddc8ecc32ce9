"""Links drawn as buttons, out of the tree before anything reads it: they are actions, not the page's text.

"Get started", "Contact sales", "Add to cart", "Shop now", "Sign up", "Request a demo", "Learn
more": a page draws the things it wants the reader to do as buttons, and what is a button is in
its markup (``class="btn btn-primary"``, ``wp-block-button__link``, ``MuiButton-root``,
``cta_button``, ``role="button"``). Every extractor kept their labels as text, scattered between
the paragraphs, where the agent reads them as part of what the page says; the page-types corpus
lists 176 of them word for word among the snippets an answer must not hold. Counted on both
corpora (docs/extraction.md, nineteenth round): such links hold 2,038 words of the references and
8,582 words not.

A link goes when its class or id has the word "btn", "button" or "cta" (or its role is
"button"), it holds at most ``MAX_WORDS`` words, no heading and no picture (a card drawn as a
button is a card, its heading a title), and it is not inside code. Its tail stays: that is the
parent's text.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import Element, drop_tree, in_code, word_count
from adapters.pages.markup_names import named
from adapters.pages.page_kind import MAX_ELEMENTS

_BUTTON_WORDS = frozenset({"btn", "button", "cta"})
# A button's label is a few words ("Start your free trial today"); a link holding more is a
# sentence or a teaser the page drew in a box. 3 and 12 measure about the same (nineteenth round).
MAX_WORDS = 6
# A button holding a heading or a picture is a card or a banner; an icon (an inline <svg>) is a label's.
_NOT_A_LABEL = ("h1", "h2", "h3", "h4", "h5", "h6", "img")


def action_links_out(root: Element) -> int:
    """Removes the buttons among the first ``MAX_ELEMENTS`` links of ``root``; how many it removed."""
    buttons = [link for link in islice(root.iter("a"), MAX_ELEMENTS) if _is_a_button(link)]
    for link in buttons:
        if link.getparent() is not None:
            drop_tree(link)
    return len(buttons)


def _is_a_button(link: Element) -> bool:
    if link.get("role") != "button" and not named(link, _BUTTON_WORDS):
        return False
    if next(link.iter(*_NOT_A_LABEL), None) is not None:
        return False
    if in_code(link):
        return False
    return word_count(link, stop_after=MAX_WORDS) <= MAX_WORDS
