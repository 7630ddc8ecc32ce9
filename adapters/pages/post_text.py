"""A post's own text as Markdown, for a post the answer dropped (``thread_posts``).

A post's element holds more than its text: its number and date, its author's card (a title, a
join date, a count of posts), its footer ("Reply With Quote", reactions), and on threaded forums
the replies nested in it. Its text is where its own first words are (``post_bylines`` found them):
from the post down into the child that holds them and more than half of its element's words,
while the other children hold no paragraph, list, table, code or quote of their own (a post of
two paragraphs is both). A quote is the post's, but never where its text is found: a reply's words
may repeat the quote's. What is written is a copy of that element, without the author's mark, the
post's date (both are its byline's) and the replies nested in it (each a post of its own), pruned
as the whole page is (``html_markdown``).

Read from the page's tree and never changing it; every walk is linear in the post's elements, and
a post of more than ``MAX_POST_ELEMENTS`` elements or ``MAX_RAW_CHARS`` characters is not read.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from copy import deepcopy
from itertools import islice

from adapters.pages.html_markdown import SOURCE_TAGS, Element, drop_tree, element_to_markdown

MAX_POST_ELEMENTS = 3_000  # a reply is a few dozen elements; thousands are a page's wrapper
MAX_RAW_CHARS = 24_000  # characters of text a post may hold to be read (what is written is shorter)
# What holds a post's text as a block of its own: a child beside the one holding its first words
# that holds one of these is more of its text, not its header or footer.
# (Not headings, bulleted lists or lists of terms: an author's card is written with those, a name
# in an <h4>, a member's figures in a <ul> or a <dl>.)
_TEXT_BLOCKS = frozenset({"p", "ol", "table", "pre", "blockquote", "figure"})
# Never gone down into: a table's, a list's or a quote's parts are parts of one block.
_WHOLE = frozenset({"table", "thead", "tbody", "tfoot", "tr", "ul", "ol", "dl", "pre", "blockquote", "q", "code"})
_WORD = re.compile(r"\w+")


def post_markdown(post: Element, mark: Element, posts: Collection[Element], key: str, base_url: str | None) -> str:
    """The text of ``post`` (whose author's mark is ``mark``, whose first words are ``key``) as
    Markdown, the other ``posts`` nested in it left out; "" for a post too large to read."""
    elements = list(islice(post.iter(), MAX_POST_ELEMENTS + 1))
    if len(elements) > MAX_POST_ELEMENTS or _raw_chars(elements, post) > MAX_RAW_CHARS:
        return ""
    body = _body(post, elements, key)
    inside = list(body.iter())
    copy = deepcopy(body)
    copy.tail = None  # the page's text after the element is not the post's
    date = next((element for element in elements if _dates_the_post(element)), None)
    left_out = [
        mine
        for theirs, mine in zip(inside, copy.iter(), strict=True)
        if theirs is not body and (theirs is mark or theirs is date or (theirs is not post and theirs in posts))
    ]
    for element in left_out:
        if element.getparent() is not None:
            drop_tree(element)
    return element_to_markdown(copy, base_url)


def _raw_chars(elements: list[Element], post: Element) -> int:
    return sum(
        len(element.text or "") + (len(element.tail or "") if element is not post else 0) for element in elements
    )


def _dates_the_post(element: Element) -> bool:
    """The post's first ``<time>`` outside a quote is the date its byline shows."""
    return element.tag == "time" and not any(parent.tag == "blockquote" for parent in element.iterancestors())


def _body(post: Element, elements: list[Element], key: str) -> Element:
    """The element holding the post's text (see the module's docstring); the post itself when no
    child holds it alone."""
    holder = _holder(elements, key)
    if holder is None:
        return post
    on_the_way = {holder, *holder.iterancestors()}
    words, blocks = _tallies(elements)
    body = post
    while True:
        children = [child for child in body if isinstance(child.tag, str)]
        child = next((child for child in children if child in on_the_way), None)
        if child is None or child.tag in _WHOLE or 2 * words[child] <= words[body]:
            return body
        if any(blocks[other] for other in children if other is not child):
            return body
        body = child


def _holder(elements: list[Element], key: str) -> Element | None:
    """The element whose text (or, for a tail, whose parent's) starts with ``key``'s words."""
    wanted = key.split()
    for index, element in enumerate(elements):
        own = element.text if isinstance(element.tag, str) and element.tag not in SOURCE_TAGS else None
        tail = element.tail if index else None  # the post's own tail is the page's text after it
        for text, owner in ((own, element), (tail, element.getparent())):
            if text and _WORD.findall(text.lower())[: len(wanted)] == wanted:
                return owner
    return None


def _tallies(elements: list[Element]) -> tuple[dict[Element, int], dict[Element, bool]]:
    """For each element: the words under it, and whether it is or holds a block of text."""
    words: dict[Element, int] = {}
    blocks: dict[Element, bool] = {}
    for element in reversed(elements):  # children before their parents
        shown = isinstance(element.tag, str) and element.tag not in SOURCE_TAGS
        count = len(_WORD.findall(element.text or "")) if shown else 0
        held = False
        for child in element:
            count += words.get(child, 0) + len(_WORD.findall(child.tail or ""))
            held = held or blocks.get(child, False)
        words[element] = count
        blocks[element] = held or (element.tag in _TEXT_BLOCKS and count > 0)
    return words, blocks
