"""A domain that is parked, for sale or expired: a parking service's or a registrar's page answers in
the site's place.

Pure, standard library only. When a domain's registration lapses, a domain investor or the
registrar often takes it and points it at a page of advertisements ("Related searches"), an offer
("example.com is for sale") or a notice ("example.com has expired"), served with 200 at every
address on the domain. An old link in search results then reads as that page; the site the link
meant is gone, and a public archive may hold its pages (``walls.answered_instead``).

Two kinds of marks, judged on small pages only (as bot checks are, ``walls.MAX_CHECK_TEXT_CHARS``):
markup only a parking lander carries (the ad key parking networks set on ``<html>``, a parking
network's script or frame, the redirect to a marketplace's lander), and words offering or
declaring the *asked* domain itself, in the title or the text. "This domain is for sale" alone
is not enough: a marketplace's page offering another domain (``dan.com/buy-domain/example.org``)
says it too, and is the page its reader asked for.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlsplit

# Lowercase. The ad key the parking networks' ad feed checks (Sedo, ParkingCrew, Bodis), their
# landers' script and frame hosts, and the script a GoDaddy or Afternic lander sends its reader on with.
_LANDER_MARKS = re.compile(
    rb"<html[^>]{0,200}\sdata-adblockkey=|src=[\"'][^\"'>]{0,100}(?:sedoparking\.com|parkingcrew\.net)"
    rb"|window\.location\.href\s?=\s?[\"']/lander[\"']"
)
# A lander says a few lines; only this much of what was read is searched: the Markdown of an answer
# the reader judges at all, whose readable text is under ``walls.MAX_CHECK_TEXT_CHARS``.
MAX_TEXT_CHARS = 4_000
_TITLE = re.compile(r"<title\b[^>]*>([^<]{0,300})</title", re.IGNORECASE)
# How the asked domain is named where it is offered or declared expired; "{name}" is filled in.
_NAMED = r"(?:\b{name}|the domain(?: name)? {name})\W{{0,3}}"
_OFFERED = (
    _NAMED + r"(?:this domain )?(?:(?:is|may be) for sale|is available for purchase)"
    r"|\b(?:buy|make an offer on) {name}(?=\s*(?:[.!?|:,\n-]|now\b|today\b|$))"
)
_EXPIRED = _NAMED + r"(?:has expired|is expired|expired on)"


def parked(asked: str, head: bytes, text: str) -> str | None:
    """Why an answer to ``asked`` is no page of its site: a parking or sale page, or a registrar's
    notice that the domain expired; None for a page. ``head``: the answer's first bytes; ``text``:
    what was read of it (a lander drawn by scripts has only its title)."""
    names = own_names(asked)
    if _LANDER_MARKS.search(head[:65_536].lower()) is not None:
        return _offered(names[0] if names else None)
    title = _TITLE.search(head[:65_536].decode("utf-8", errors="replace"))
    said = f"{unescape(title[1]) if title else ''}\n{text[:MAX_TEXT_CHARS]}".lower()
    for name in names:
        if name not in said:
            continue
        escaped = re.escape(name)
        if re.search(_OFFERED.format(name=escaped), said):
            return _offered(name)
        if re.search(_EXPIRED.format(name=escaped), said):
            return f"the domain {name} has expired: its registrar's notice answered instead of the page"
    return None


def _offered(name: str | None) -> str:
    domain = f"the domain {name}" if name else "the domain"
    return f"{domain} is parked: a page offering it for sale answered instead of the page"


def own_names(asked: str) -> list[str]:
    """The asked host without ``www.`` and its parents of two labels or more, longest first
    (``blog.example.com``, ``example.com``): a lander names the domain, not always the host."""
    try:
        host = (urlsplit(asked).hostname or "").removeprefix("www.")
    except ValueError:
        return []
    labels = host.split(".")
    return [".".join(labels[index:]) for index in range(len(labels) - 1) if all(labels[index:])]
