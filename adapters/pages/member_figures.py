"""The figures forum software sets beside each post's author, out of the tree before anything reads it.

XenForo writes "Joined: Mar 4, 2019 / Messages: 1,046 / Reaction score: 758" under every post's
author, vBulletin "Join Date / Posts", a travel forum "Joined / Status", each as a ``<dl>`` of
short figures; a thread of twenty posts carries twenty of them, and every extractor kept them
between the posts, so the agent read a thread in which every third line was a member's
statistics. The author's name stays: it is not in the ``<dl>``.

What marks them, on any software: the same terms in the same order in three ``<dl>`` or more on
the page, each definition a few words, inside an element whose class or id names a post, a
message or its author ("message-userExtras", "postprofile", "userinfo"). A specification table
is written once; a reference's descriptions are sentences; the fields of a listing's items sit
in cards named for the items. Counted on both corpora (docs/extraction.md, nineteenth round):
such lists hold 6 words of the references and 2,293 words not. The member's title under the
name ("Established member", "Hall of Famer"), named for a user's title or rank, goes the same
way: 0 words of the references against 480.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import islice, pairwise

from lxml import etree

from adapters.pages.html_markdown import Element, drop_tree, word_count
from adapters.pages.markup_names import name_words, names, names_have
from adapters.pages.page_kind import MAX_ELEMENTS

# A figure is a date, a count or a rank: "Mar 4, 2019", "1,046", "Well-known member".
MAX_DEFINITION_WORDS = 5
MAX_TITLE_WORDS = 6
# Once is a specification, twice may be a comparison; three times is a card beside each post.
MIN_REPEATS = 3
_POST_WORDS = frozenset(
    {"post", "posts", "message", "messages", "comment", "reply", "user", "author", "member", "poster", "profile"}
)
_POST_WORDS_JOINED = ("postprofile", "userinfo", "postauthor", "postbit")


def member_figures_out(root: Element) -> int:
    """Removes the repeated figure lists beside the posts among ``root``'s first ``MAX_ELEMENTS``
    ``<dl>``s, and the members' titles; how many it removed."""
    return _figure_lists_out(root) + _member_titles_out(root)


def _member_titles_out(root: Element) -> int:
    """The rank forum software writes under each author's name ("Established member", "macrumors
    601", "Hall of Famer"), named for a user's title or rank ("userTitle", "user-rank"); three on
    the page or more, a few words each. A board member's job title ("board-member__title") is not
    a user's."""
    titles = [
        element
        for element in islice(root.iter(etree.Element), MAX_ELEMENTS)
        if _names_a_user_title(element) and word_count(element, stop_after=MAX_TITLE_WORDS) <= MAX_TITLE_WORDS
    ]
    if len(titles) < MIN_REPEATS:
        return 0
    for title in titles:
        drop_tree(title)
    return len(titles)


def _names_a_user_title(element: Element) -> bool:
    given = names(element)
    if "user" not in given.lower():
        return False
    words = name_words(given)
    return any(first == "user" and second in ("title", "rank") for first, second in pairwise(words)) or any(
        word in ("usertitle", "userrank") for word in words
    )


def _figure_lists_out(root: Element) -> int:
    alike: dict[tuple[str, ...], list[Element]] = defaultdict(list)
    for figures in islice(root.iter("dl"), MAX_ELEMENTS):
        terms = tuple(" ".join("".join(term.itertext()).split()).lower() for term in figures.iter("dt"))
        if terms and _all_short(figures):
            alike[terms].append(figures)
    removed = 0
    for group in alike.values():
        if len(group) < MIN_REPEATS:
            continue
        for figures in group:
            if figures.getparent() is not None and _beside_a_post(figures):
                drop_tree(figures)
                removed += 1
    return removed


def _all_short(figures: Element) -> bool:
    definitions = list(figures.iter("dd"))
    return bool(definitions) and all(
        word_count(definition, stop_after=MAX_DEFINITION_WORDS) <= MAX_DEFINITION_WORDS for definition in definitions
    )


def _beside_a_post(figures: Element) -> bool:
    for holder in (figures, *figures.iterancestors()):
        given = names(holder)
        if given and (any(joined in given.lower() for joined in _POST_WORDS_JOINED) or names_have(given, _POST_WORDS)):
            return True
    return False
