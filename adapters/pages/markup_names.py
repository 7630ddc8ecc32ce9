"""The words a page's markup names its elements with, as a reader of the class and id would split them.

``class="product-reviews"``, ``id="userReviews"``, ``class="review_ctn"`` and ``class="a-alert-error"``
all say what the element is, in words joined by hyphens, underscores or capitals. Matching whole
words keeps "preview", "overview" and "reviewer" apart from "review", and "errorless" from "error".
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

# "userReviews" -> user, Reviews; "review_ctn" -> review, ctn; "HTMLError" -> HTML, Error.
_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# A class naming one of the terms a post is filed under, as blog engines write them on the post's
# own element beside the marks of a post ("post-3360 post type-post status-publish hentry
# category-announcements tag-trending"): it says what the post is about, not what the element
# is. Only beside those marks: elsewhere "category-header__breadcrumb" and "topic-sidebar-tools"
# name what the element is, a category page's trail and a thread's sidebar.
_POST_MARKS = re.compile(r"(?:^|\s)(?:hentry|status-publish|type-[\w-]+)(?=\s|$)", re.IGNORECASE)
_TERM_CLASS = re.compile(r"(?:category|tag|topic)[-_]", re.IGNORECASE)


def names(element: Any) -> str:  # an lxml element; html_markdown imports this module, so not its type
    """The class and id of ``element``, space-separated ("" when it has neither)."""
    given, identifier = element.get("class"), element.get("id")
    if not identifier:
        return given or ""
    return f"{given} {identifier}" if given else identifier


def named(element: Any, words: Collection[str]) -> bool:
    """Whether the class or id of ``element`` has one of ``words`` (lowercase) among its words.

    The letters are looked for first: most elements' names hold none of them, and splitting every
    name of a page into words costs more than the pass that asks (a word of a name is always a
    run of its letters, so nothing is missed)."""
    return names_have(names(element), words)


def names_have(given: str, words: Collection[str]) -> bool:
    """``named`` for the class and id already read (``names``)."""
    lowered = given.lower()
    return any(word in lowered for word in words) and any(word in words for word in name_words(given))


def name_words(name: str) -> list[str]:
    """The words of a class or id (or of several, space-separated), lowercase."""
    return [word.lower() for word in _NAME_WORDS.findall(name)]


def without_terms(given: str) -> str:
    """``given`` (a class, or a class and id) without the classes naming a post's terms, on a post
    (``_POST_MARKS``, ``_TERM_CLASS``)."""
    if _POST_MARKS.search(given) is None:
        return given
    return " ".join(name for name in given.split() if not _TERM_CLASS.match(name))
