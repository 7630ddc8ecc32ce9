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


def named(element: Any, words: Collection[str]) -> bool:  # an lxml element; html_markdown imports this module
    """Whether the class or id of ``element`` has one of ``words`` (lowercase) among its words."""
    names = " ".join(value for value in (element.get("class"), element.get("id")) if value)
    return any(word in words for word in name_words(names))


def name_words(name: str) -> list[str]:
    """The words of a class or id (or of several, space-separated), lowercase."""
    return [word.lower() for word in _NAME_WORDS.findall(name)]
