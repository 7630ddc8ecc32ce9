"""Pages whose publisher declares them not free to read: schema.org's ``isAccessibleForFree``.

Pure, standard library only. News sites mark a paywalled article for search engines with
``"isAccessibleForFree": false`` in its JSON-LD (or ``<meta itemprop="isAccessibleForFree"
content="false">``), the way Google's guidance for subscription content asks. The server may send
the whole text (a paywall drawn by scripts, which extraction reads through) or only its start;
either way the agent should know that what it reads may stop where the paywall begins, rather than
take a cut article for the whole story. The page's text is not changed, only its note.
"""

from __future__ import annotations

import re

PAYWALL_NOTE = (
    "The publisher marks this page as not free to read (schema.org isAccessibleForFree: false): "
    "its text may end where the paywall begins."
)
_PROPERTY = b"isAccessibleForFree"  # schema.org's names are case-sensitive; so is this search
# After the property's name: JSON's `": false` / `": "False"` (quotes escaped too, JSON in a
# string), or a <meta> tag's content attribute within the same tag.
_FALSE_AFTER = re.compile(
    rb'\\?"\s*:\s*\\?"?(?:false|False|FALSE)\b|["\']?[^<>]{0,200}?\bcontent\s*=\s*["\']?(?:false|False)\b'
)
# A <meta content="false" itemprop="isAccessibleForFree">, the attributes the other way round.
_FALSE_BEFORE = re.compile(rb'\bcontent\s*=\s*["\']?(?:false|False)["\']?[^<>]{0,200}?itemprop\s*=\s*["\']?$')
_HITS = 50  # a page naming the property more often than this is not declaring anything by it
_WINDOW = 240


def declares_paywall(body: bytes) -> bool:
    """Whether the page declares itself (or a part of itself) not free to read."""
    start = 0
    for _ in range(_HITS):
        found = body.find(_PROPERTY, start)
        if found < 0:
            return False
        after = found + len(_PROPERTY)
        if _FALSE_AFTER.match(body, after, after + _WINDOW):
            return True
        if _FALSE_BEFORE.search(body, max(0, found - _WINDOW), found):
            return True
        start = after
    return False
