"""The messages a page's scripts show when something fails, out of the tree before anything reads it.

Pages carry, hidden until needed, what their scripts say when a form fails to send, the server
does not answer or a filter breaks: "Oops! Looks like we're having trouble connecting to our
server. Refresh your browser window to try again.", "There was a problem filtering reviews.
Please reload the page.", "Oops! Something went wrong while submitting the form." No extractor
reads the style sheet that hides them, so the agent read them as the page's text, and an agent
told "trouble connecting to our server" may well take the page for one that did not load.

Pages name these messages in their class words ("a-alert-error", "txn-wrapper__error",
"form_error-message", "errorMessage"), or name the failure ("w-form-fail", the form builder's
message on many small sites). So an element with a class named for an error or a failure and at
most ``MAX_WORDS`` words goes, on every kind of page. Left alone: colour utilities
("text-error", "border-top-error": a card drawn with a red edge), elements inside code (a
highlighter's marks), the words "alert" and "danger" (the note and warning boxes documentation
is written in) and ids (a section "Redirects and Errors" has the id "redirects-and-errors").
"""

from __future__ import annotations

import re

from adapters.pages.html_markdown import Element
from adapters.pages.markup_names import name_words
from adapters.pages.named_boxes import NamedBox, named_boxes_out

_ERROR_WORDS = frozenset({"error", "errors"})
# Only between hyphens or underscores ("w-form-fail", "submit_failed"): run together with other
# words in a component library's generated names, "FailSafeLink" is a link that always works.
_FAILURE_PARTS = frozenset({"fail", "failed", "failure"})
_PARTS = re.compile(r"[-_]+")
# A message is a sentence or two; a box holding more is the page's (a comparison card whose
# class draws it in the error colour held 50 words).
MAX_WORDS = 30
# Utility classes that colour or draw an element; "text-error" says how a price or a stock line
# looks, not that it is a script's message.
_STYLE_WORDS = frozenset({"text", "bg", "border", "color", "fill", "stroke", "ring", "outline", "decoration"})


def _named_for_an_error(element: Element, _: str) -> bool:
    if element.tag == "form":  # a form whose class says it can fail holds the form
        return False
    for name in (element.get("class") or "").split():
        words = name_words(name)
        if words and words[0] not in _STYLE_WORDS and _ERROR_WORDS.intersection(words):
            return True
        if _FAILURE_PARTS.intersection(_PARTS.split(name.lower())):
            return True
    return False


# The letters first: splitting every class into words cost 1.1 ms an article.
ERROR_MESSAGES = NamedBox(("rror", "fail"), _named_for_an_error, MAX_WORDS)


def error_messages_out(root: Element) -> int:
    """Removes the first ``MAX_ELEMENTS`` elements' error messages from ``root``; how many it removed."""
    return named_boxes_out(root, (ERROR_MESSAGES,))
