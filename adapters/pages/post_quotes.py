"""Posts that a forum writes as ``<blockquote>``s, read as posts rather than quotes.

Older forum software puts each post's own text in a ``<blockquote>`` (XenForo 1's
``messageText``, vBulletin 4's ``postcontent``). Every extractor writes a blockquote as a quote,
so the agent got a thread in which every post read "> ...", nobody saying anything in their own
words, and the cut of quotes repeating earlier posts (``repeated_quotes``) could take a post that
repeats another for a quote of it. A blockquote whose class names it a message or a post (a class
word starting with "message" or "post", none naming a quote) becomes the ``div`` it stands for;
quotes inside posts (``bbCodeQuote``, ``quoteContainer``, a plain ``<blockquote>``) stay quotes.
"""

from __future__ import annotations

import re
from itertools import islice

from adapters.pages.html_markdown import Element
from adapters.pages.page_kind import MAX_ELEMENTS

# Class words: one opening with "message" or "post" names a post's body ("messageText",
# "postcontent"); one opening with "quote", "cite" or "bbcode", or ending with "quote", names a quote
# ("bbCodeBlock--quote", "post-quote", "ipsQuote"). "SelectQuoteContainer" is neither.
_POST_CLASS = re.compile(r"message|post", re.IGNORECASE)
_QUOTE_CLASS = re.compile(r"^(?:quote|cite|bbcode)|quote$", re.IGNORECASE)


def posts_unquoted(root: Element) -> int:
    """Turns the first ``MAX_ELEMENTS`` blockquotes that hold a post into ``div``s; how many it turned."""
    turned = 0
    for blockquote in islice(root.iter("blockquote"), MAX_ELEMENTS):
        words = (blockquote.get("class") or "").split()
        if any(_POST_CLASS.match(word) for word in words) and not any(_QUOTE_CLASS.search(word) for word in words):
            blockquote.tag = "div"
            turned += 1
    return turned
