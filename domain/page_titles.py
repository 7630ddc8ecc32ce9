"""A page's title: its ``<title>`` for the checks that judge an answer by it, and the title it declares
for the agent to read beside the text.

Pure, standard library only. The opening tag is bounded: ``<title\\b[^>]*>`` is quadratic on a head
of "<title<title<title..." (0.2 s on 64 KB), since each start scans on to the next ``>``.
"""

from __future__ import annotations

import re
from html import unescape

from domain.head_meta import head_markup, meta_values

#: Only this much of a page's start is looked at for its title.
HEAD_CHARS = 65_536
#: How far the title shown to the agent is looked for: heads weighed down by inline styles and
#: scripts put it past 64 KB (31 of the two corpora's 869 pages; the furthest at 300 KB).
DECLARED_CHARS = 524_288
#: The longest title shown; a longer ``og:title`` is cut (a ``<title>`` that long is not read at all).
MAX_TITLE_CHARS = 300
#: A title's parts: "Page not found | Example", "404 - Example", "Example » Blog".
TITLE_SEPARATORS = re.compile(r"\s+[-–—|:·•»«~/]+\s+|\s*[|·•»«]\s*")
_TITLE = re.compile(r"<title\b[^<>]{0,200}>([^<]{0,300})</title", re.IGNORECASE)
# Open Graph's and Twitter's titles usually leave out the " | Site name" that <title> appends.
_PREFERRED = ("og:title", "twitter:title")
# Control characters and the marks that reorder what follows them on a screen: each becomes a space.
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Characters that take no room (a soft hyphen, zero-width spaces and joiners, a byte-order mark, the
# invisible tag characters): gone, as the page's text drops them (``html_markdown``).
_INVISIBLE = re.compile("[\xad\u180e\u200b-\u200d\u2060-\u2064\ufeff\U000e0000-\U000e007f]")
# A Markdown heading ("## Words", "# Words #"), its level's hashes apart.
_HEADING = re.compile(r"(#{1,6})[ \t]+([^\n]*)")
_CLOSING_HASHES = re.compile(r"[ \t]+#+[ \t]*$")
# A heading that is a link says its words, not its address.
_LINK_TARGET = re.compile(r"\]\([^()\s]{0,2000}\)")
_LINKED = re.compile(r"\[([^\[\]]{0,300})\]\([^()\s]{0,2000}\)")
_WORD = re.compile(r"\w+")
# A heading is read from the first line of a window; a longer line is not one to compare.
_HEADING_CHARS = 1_000


def page_title(html: str | bytes, *, head_chars: int = HEAD_CHARS) -> str | None:
    """The title in the first ``head_chars`` of ``html``, entities read and spaces collapsed; None
    when there is none."""
    head = html[:head_chars]
    found = _TITLE.search(head.decode("utf-8", errors="replace") if isinstance(head, bytes) else head)
    return " ".join(unescape(found[1]).split()) if found else None


def declared_title(html: str) -> str | None:
    """The title a page gives itself: its ``og:title``, else its ``twitter:title``, else its ``<title>``,
    read from its head (``head_meta.head_markup``: not from comments, scripts or an inline SVG's
    ``<title>``); on one line without control or invisible characters, at most ``MAX_TITLE_CHARS``.
    None when it gives none, or when the one it gives holds characters that did not decode (the
    charset was guessed wrong)."""
    return title_declared_in(head_markup(html, scan_chars=DECLARED_CHARS))


def title_declared_in(head: str, declared: dict[str, str] | None = None) -> str | None:
    """``declared_title`` for a head already read, and its ``<meta>`` values when they are read too."""
    declared = meta_values(head) if declared is None else declared
    for name in _PREFERRED:
        if shown := _shown(declared.get(name)):
            return shown
    return _shown(page_title(head, head_chars=len(head)))


def leading_title(markdown: str) -> str | None:
    """The words of ``markdown``'s first line when it is a level-1 heading (a site reader writes its
    page's title there), shown as ``declared_title`` shows a title; else None."""
    found = _HEADING.match(markdown[:_HEADING_CHARS].lstrip())
    if not found or found[1] != "#":
        return None
    return _shown(_LINKED.sub(r"\1", _CLOSING_HASHES.sub("", found[2])))  # a linked heading says its words


def opens_with_title(text: str, title: str) -> bool:
    """Whether ``text`` begins with a heading that says ``title``: the same words, or those of one of its
    parts ("Relay guide" under the title "Relay guide | Example"). Case and punctuation aside."""
    found = _HEADING.match(text[:_HEADING_CHARS].lstrip())
    if found is None:
        return False
    heading = _words(_LINK_TARGET.sub("]", _CLOSING_HASHES.sub("", found[2])))
    return bool(heading) and any(heading == _words(part) for part in [title, *TITLE_SEPARATORS.split(title)])


def _shown(title: str | None) -> str | None:
    words = " ".join(_UNSHOWN.sub(" ", _INVISIBLE.sub("", title or "")).split())
    if not words or "\ufffd" in words:
        return None
    return words if len(words) <= MAX_TITLE_CHARS else words[: MAX_TITLE_CHARS - 1].rstrip() + "…"


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())
