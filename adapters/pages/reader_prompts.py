"""What a page asks of its reader (sign up, subscribe, rate this page), out of the tree before anything reads it.

"Don't miss a brief. Sign up for our daily email", "Subscribe to our newsletter: join our
subscribers list", "Was this page helpful? Yes No", "Help improve MDN", "Get the latest deals,
news and more": boxes a page sets between its paragraphs or under its last one, which every
extractor kept as the page's text. The markup names them ("signup-box", "subscribe-form",
"wrapper-fluid--subscribe", "SignUpLabel", "feedback--prompt", "cmp-feedback-banner"), where
"newsletter" (``html_markdown``'s chrome names) did not. Counted on both corpora (docs/extraction.md,
nineteenth round): elements so named, of at most ``MAX_WORDS`` words, hold 8 words of the
references and 1,867 words not; larger ones are a page's own ("subscription" names a coffee
shop's product cards, and is not one of the words).
"""

from __future__ import annotations

from itertools import islice, pairwise

from lxml import etree

from adapters.pages.html_markdown import Element, drop_tree, word_count
from adapters.pages.markup_names import name_words
from adapters.pages.page_kind import MAX_ELEMENTS

_PROMPT_WORDS = frozenset({"signup", "subscribe", "feedback"})
# A sign-up box is a heading, a sentence, a field and a button; a section holding more is the page's.
MAX_WORDS = 60
_NEVER = frozenset({"html", "body", "main", "article", "pre", "code"})
# The elements whose class or id holds the letters, found by libxml2; the words are checked after.
_MAY_NAME_A_PROMPT = etree.XPath(
    "//*["
    + " or ".join(
        f"contains(@{attribute}, '{letters}')"
        for attribute in ("class", "id")
        for letters in ("ignup", "ignUp", "IGNUP", "ign-up", "ign_up", "ubscribe", "UBSCRIBE", "eedback", "EEDBACK")
    )
    + "]"
)


def prompts_out(root: Element) -> int:
    """Removes the prompts among the first ``MAX_ELEMENTS`` elements so named in ``root``; how many it removed."""
    removed: set[Element] = set()
    for element in islice(_MAY_NAME_A_PROMPT(root), MAX_ELEMENTS):
        if element.tag in _NEVER or not _named_for_a_prompt(element):
            continue
        if any(node in removed for node in element.iterancestors()):
            continue  # went with a prompt around it
        if _in_code(element) or word_count(element, stop_after=MAX_WORDS) > MAX_WORDS:
            continue
        drop_tree(element)
        removed.add(element)
    return len(removed)


def _named_for_a_prompt(element: Element) -> bool:
    words = name_words(f"{element.get('class') or ''} {element.get('id') or ''}")
    return bool(_PROMPT_WORDS.intersection(words)) or any(
        first == "sign" and second == "up" for first, second in pairwise(words)
    )


def _in_code(element: Element) -> bool:
    return any(node.tag in ("pre", "code") for node in element.iterancestors())
