"""The ``<meta>`` values a page declares at its start (``og:title``, ``description``...), read in one pass.

Pure, standard library only. A regular expression rather than ``html.parser``: the parser spends the
square of a run's length on markup such as "<title<title<title..." (2 s on 64 KB, minutes on 1 MB),
and a page's head is read on every HTML page. A try of the tag pattern stops at the next "<" or ">",
and the next try starts at a "<", so no character is read by two tries. A tag whose quoted value holds
a "<" or a ">" as it is (markup may; no title or description among the corpora's 869 pages did) is
passed over.
"""

from __future__ import annotations

import re
from html import unescape

# A quoted value may hold a ">" ("Cats > Dogs"), not a "<": so no try reads past the next "<", where
# the next one starts.
_META = re.compile(r"""<meta\b((?:[^<>"']++|"[^"<]*+"|'[^'<]*+')*+)>""", re.IGNORECASE)
# What a page's head holds that is not its markup: comments (a draft's old tags) and the source of
# its scripts and styles (a script writing a tag as a string).
_UNREAD_OPENS = re.compile(r"<!--|<script\b|<style\b", re.IGNORECASE)
_UNREAD_CLOSES = {"<!--": "-->", "<script": "</script", "<style": "</style"}
_HEAD_ENDS = re.compile(r"</head\b|<body\b", re.IGNORECASE)
# A name is tried only where a run of a name's characters begins: tried at every character of a
# run with no "=" after it, each try reading to the run's end, a tag of 4,000 letters took 0.2 s.
_ATTRIBUTE = re.compile(r"""(?<![^\s"'<>/=])([^\s"'<>/=]++)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+))""")


def head_markup(html: str, *, scan_chars: int) -> str:
    """The markup of the page's head: its first ``scan_chars`` characters up to ``</head>`` or ``<body>``,
    without comments and the source of scripts and styles (an inline SVG's ``<title>`` in the body
    is an icon's name, a commented-out ``og:title`` an old draft's)."""
    start = html[:scan_chars]
    end = _HEAD_ENDS.search(start)
    head = start[: end.start()] if end else start
    lowered = head.lower()
    kept: list[str] = []
    at = 0
    while (opening := _UNREAD_OPENS.search(head, at)) is not None:
        kept.append(head[at : opening.start()])
        close = _UNREAD_CLOSES[opening[0].lower()]
        found = lowered.find(close, opening.end())
        at = len(head) if found < 0 else found + len(close)
    kept.append(head[at:])
    return "".join(kept)


def meta_values(head: str) -> dict[str, str]:
    """The first non-empty ``content`` of each ``<meta>`` named by ``property`` or ``name`` in ``head``
    (``head_markup``): keys in lower case, entities read, whitespace collapsed to single spaces."""
    values: dict[str, str] = {}
    for tag in _META.finditer(head):
        attributes = _attributes(tag[1])
        key = (attributes.get("property") or attributes.get("name") or "").strip().lower()
        content = " ".join(attributes.get("content", "").split())
        if key and content and key not in values:
            values[key] = content
    return values


def _attributes(tag: str) -> dict[str, str]:
    """A tag's attributes, entities read; of an attribute written twice, the first (as browsers read it)."""
    found: dict[str, str] = {}
    for name, double, single, bare in _ATTRIBUTE.findall(tag):
        found.setdefault(name.lower(), unescape(double or single or bare))
    return found
