"""The footer of each post or comment ("Like - Reply - Share", reactions, "Report"), out of the tree
the whole page and Resiliparse read.

Forum engines and comment systems close every post with a bar of what the reader can do with it
and who reacted ("message-footer", "post-footer", "comment__footer"), and the extractors that keep
whole blocks kept it after each post: the same few words through the whole thread. Such a footer
is known by two names: its own class names a footer, and an element around it is named for a
post, comment, reply, answer or message (``page_kind.names_a_post``, the words a run of posts is
told by) beside another so named: one of a run of posts or comments, not the one article a blog
engine names "post-24891", nor the ``<body>`` it names "single-post". Counted on both corpora
(``bench/markup_census.py``; docs/extraction.md, twenty-fourth round): such elements of at most
``MAX_WORDS`` words that the pruned whole page still reads hold 8 words of the references against
1,549 (threads 8 of 1,396, listings 0 of 120, comments under stories 0 of 41). A footer named
so outside posts is a product card's price as often as chrome (collections keep a third of such
words), a testimonial's author ("elementor-testimonial__footer") on a blog engine's page, and
stays.

Cut from the tree only, as the sidebar boxes are: trafilatura and readability weigh such blocks
themselves.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import Element
from adapters.pages.markup_names import names_have
from adapters.pages.named_boxes import NamedBox
from adapters.pages.page_kind import names_a_post

_FOOTER_WORDS = frozenset({"footer", "footers"})
MAX_WORDS = 300
# Ancestors read for a post's name: posts sit a few levels above their footer; a bound for a
# page nested 255 deep.
_ANCESTORS_READ = 30


def _is_post_footer(element: Element, _given: str) -> bool:
    if not names_have(element.get("class") or "", _FOOTER_WORDS):
        return False
    return any(_one_of_posts(node) for node in islice(element.iterancestors(), _ANCESTORS_READ))


def _one_of_posts(element: Element) -> bool:
    """Whether ``element`` is named for a post and an element beside it is too: a thread's posts and
    a story's comments come in runs, where a blog engine's name for the page's one article
    ("post-24891 page type-page") or the body's for its template ("single-post") stands alone."""
    if not names_a_post(element):
        return False
    beside = (element.getprevious(), element.getnext())
    return any(node is not None and isinstance(node.tag, str) and names_a_post(node) for node in beside)


POST_FOOTERS = NamedBox(tuple(sorted(_FOOTER_WORDS)), _is_post_footer, MAX_WORDS)
