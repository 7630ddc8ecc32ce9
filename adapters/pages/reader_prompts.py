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

from itertools import pairwise

from adapters.pages.html_markdown import Element
from adapters.pages.markup_names import name_words
from adapters.pages.named_boxes import NamedBox, named_boxes_out

_PROMPT_WORDS = frozenset({"signup", "subscribe", "feedback"})
# A sign-up box is a heading, a sentence, a field and a button; a section holding more is the page's.
MAX_WORDS = 60


def _named_for_a_prompt(_: Element, given: str) -> bool:
    words = name_words(given)
    return bool(_PROMPT_WORDS.intersection(words)) or any(
        first == "sign" and second == "up" for first, second in pairwise(words)
    )


PROMPTS = NamedBox(("sign", "subscribe", "feedback"), _named_for_a_prompt, MAX_WORDS)


def prompts_out(root: Element) -> int:
    """Removes the prompts among the first ``MAX_ELEMENTS`` elements of ``root``; how many it removed."""
    return named_boxes_out(root, (PROMPTS,))
