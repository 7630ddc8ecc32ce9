"""A page's ``<title>`` from the start of its HTML, for the checks that judge an answer by it.

Pure, standard library only. The opening tag is bounded: ``<title\\b[^>]*>`` is quadratic on a head
of "<title<title<title..." (0.2 s on 64 KB), since each start scans on to the next ``>``.
"""

from __future__ import annotations

import re
from html import unescape

#: Only this much of a page's start is looked at for its title.
HEAD_CHARS = 65_536
_TITLE = re.compile(r"<title\b[^<>]{0,200}>([^<]{0,300})</title", re.IGNORECASE)


def page_title(html: str | bytes) -> str | None:
    """The title in the first ``HEAD_CHARS`` of ``html``, entities read and spaces collapsed; None
    when there is none."""
    head = html[:HEAD_CHARS]
    found = _TITLE.search(head.decode("utf-8", errors="replace") if isinstance(head, bytes) else head)
    return " ".join(unescape(found[1]).split()) if found else None
