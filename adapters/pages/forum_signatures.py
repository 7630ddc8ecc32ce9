"""A forum member's signature under each of their posts, out of the tree the whole page and Resiliparse read.

A signature is what a member wrote once for all their posts: their gear, a motto, a link to
their shop. Forum engines print it under every post the member writes and name it so
("signature", "message-signature", "ipsEntry__signature", "DiscussionBoard-signature"), and the
extractors that keep whole blocks kept it as part of each post, the same lines again and again
through the thread. Counted on both corpora (docs/extraction.md, twenty-fourth round): elements
whose class names a signature, of at most ``MAX_WORDS`` words, that the pruned whole page still
reads (not those already in an ``<aside>`` or a footer) hold 1,651 words on the forums of both
corpora, none of them in the references.

Two things carry the name and are not a signature. Stack Exchange names each post's author card
"post-signature" ("answered Aug 23, 2023 at 8:27 - Yun Wu"): the author line a thread keeps with
each post, so a box holding an element named for the post's author or user stays. And an id made
from a heading's words ("Invalid_or_corrupted_package_(PGP_signature)" on a wiki) names the
heading's subject: only the class is read, and not its classes naming the terms a blog post is
filed under ("category-signature-dishes", ``markup_names.without_terms``).

Cut from the tree only, as the sidebar boxes are: taken from the page trafilatura and readability
read as well, readability read another part of a game forum's thread (0.69 -> 0.04).
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import Element
from adapters.pages.markup_names import names_have, without_terms
from adapters.pages.named_boxes import NamedBox

_SIGNATURE_WORDS = frozenset({"signature", "signatures"})
# What an author card's parts are named ("user-info", "user-details", "owner", "author-name").
_AUTHOR_WORDS = frozenset({"author", "user", "username", "userinfo", "owner", "poster"})
MAX_WORDS = 150
# Elements of a box read for an author card: a signature is a few lines; a bound for a box that
# wraps far more.
_CARD_LOOKUP = 200


def _is_signature(element: Element, _given: str) -> bool:
    given = without_terms(element.get("class") or "")
    if not names_have(given, _SIGNATURE_WORDS) or names_have(given, _AUTHOR_WORDS):
        return False
    for node in islice(element.iterdescendants(), _CARD_LOOKUP):
        if isinstance(node.tag, str) and names_have(node.get("class") or "", _AUTHOR_WORDS):
            return False
    return True


SIGNATURES = NamedBox(tuple(sorted(_SIGNATURE_WORDS)), _is_signature, MAX_WORDS)
