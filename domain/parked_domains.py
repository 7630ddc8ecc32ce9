"""A domain that is parked, for sale or expired: a parking service's or a registrar's page answers in
the site's place.

Pure, standard library only. When a domain's registration lapses, a domain investor or the
registrar often takes it and points it at a page of advertisements ("Related searches"), an offer
("example.com is for sale") or a notice ("This domain has expired"), served with 200 at every
address on the domain. An old link in search results then reads as that page; the site the link
meant is gone, and a public archive may hold its pages (``walls.answered_instead``).

Two kinds of marks, judged on small pages only (as bot checks are, ``walls.MAX_CHECK_TEXT_CHARS``):
markup only a parking lander carries (the ad key parking networks set on ``<html>``, a parking
network's script or frame, the script sending the reader on to a marketplace's lander), and words
offering or declaring the *asked* domain itself: in the title ("oldblog.net is for sale", "Buy
oldblog.net"), or in the text with the word "domain" ("the domain oldblog.net has expired"). "This
domain is for sale" alone is not enough: a marketplace's page offering another domain says it
too, and is the page its reader asked for; nor is "example.com has expired" in a page's text (a
session, a certificate). A lander found by its markup alone is not named: a short link or an
archive may be what led to it.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from domain.page_titles import HEAD_CHARS, page_title

# Lowercase. The ad key the parking networks' ad feed checks (Sedo, ParkingCrew, Bodis), their
# landers' script and frame hosts, and the script a GoDaddy or Afternic lander sends its reader on with.
_LANDER_MARKS = re.compile(
    rb"<html[^>]{0,200}\sdata-adblockkey=|src=[\"'][^\"'>]{0,100}(?:sedoparking\.com|parkingcrew\.net)"
    rb"|window\.location(?:\.href\s?=\s?|\.replace\()[\"']/lander[\"']"
)
# GoDaddy's free parking page says so in these words, whatever the domain.
_PARKED_FREE = re.compile(r"\bparked free, courtesy of\b")
# A lander says a few lines; only this much of what was read is searched: the Markdown of an answer
# the reader judges at all, whose readable text is under ``walls.MAX_CHECK_TEXT_CHARS``.
MAX_TEXT_CHARS = 4_000
# Names tried: the host and its parents, longest first; a lander names one of them.
_MAX_NAMES = 4
# The DNS's bounds on a name and on one of its labels.
_MAX_NAME_CHARS = 253
_MAX_LABEL_CHARS = 63
# Second-level labels under which registries hand out names (co.uk, com.au, or.jp): a name of
# two labels starting with one is a public suffix, not a domain anyone parks.
_SUFFIX_LABELS = frozenset(
    {"co", "com", "net", "org", "gov", "edu", "ac", "or", "ne", "go", "gob", "gouv", "nic", "ltd", "plc", "sch",
     "nhs", "mil", "info", "biz", "nom", "gen", "firm", "web", "ind", "res", "in"}
)  # fmt: skip
# The name alone, not a part of a longer one ("best-domains.com" holds no "domains.com").
_ALONE = r"(?<![\w.-]){name}(?![\w-]|\.\w)"
_SALE = r"(?:is|may be) for sale|is available (?:for sale|for purchase)|is parked"
# In the title: the name offered, or on its own before the lander's words.
_TITLE_OFFERED = (
    _ALONE + r"\W{{0,3}}(?:this domain(?: name)? )?(?:" + _SALE + r")"
    r"|\b(?:buy|make an offer on) (?:the domain )?" + _ALONE + r"(?=\s*(?:[.!?|:,-]|now\b|today\b|$))"
)
# In the text: only with the word "domain", as a lander or a registrar says it.
_TEXT_OFFERED = (
    r"\bdomain(?: name)? " + _ALONE + r"\W{{0,3}}(?:" + _SALE + r")"
    r"|" + _ALONE + r"\W{{0,3}}this domain(?: name)? (?:" + _SALE + r")"
)
_EXPIRED = (
    r"\bdomain(?: name)? " + _ALONE + r"\W{{0,3}}(?:has expired|is expired|expired on)"
    r"|" + _ALONE + r"\W{{0,3}}(?:this )?domain(?: name)? (?:has expired|is expired|expired on)"
)
_TITLE_EXPIRED = r"\s*" + _ALONE + r"\W{{0,3}}(?:has )?expired\W*"

PARKED_PAGE = "a parking page answered instead of the page (the domain is parked or for sale)"


def parked(asked: str, head: bytes, text: str) -> str | None:
    """Why an answer to ``asked`` is no page of its site: a parking or sale page, or a registrar's
    notice that the domain expired; None for a page. ``head``: the answer's first bytes; ``text``:
    what was read of it (a lander drawn by scripts has only its title)."""
    if _LANDER_MARKS.search(head[:HEAD_CHARS].lower()) is not None:
        return PARKED_PAGE
    title = (page_title(head) or "").lower()
    said = text[:MAX_TEXT_CHARS].lower()
    if _PARKED_FREE.search(said) or _PARKED_FREE.search(title):
        return PARKED_PAGE
    for name in own_names(asked):
        if name not in title and name not in said:
            continue
        escaped = re.escape(name)
        if re.search(_TITLE_OFFERED.format(name=escaped), title) or re.search(_TEXT_OFFERED.format(name=escaped), said):
            return f"the domain {name} is parked: a page offering it for sale answered instead of the page"
        if re.fullmatch(_TITLE_EXPIRED.format(name=escaped), title) or re.search(
            _EXPIRED.format(name=escaped), f"{title}\n{said}"
        ):
            return f"the domain {name} has expired: its registrar's notice answered instead of the page"
    return None


def own_names(asked: str) -> list[str]:
    """The asked host without ``www.`` and its parents, longest first, down to two labels and never
    a public suffix (``blog.example.co.uk``, ``example.co.uk``; not ``co.uk``); none for an address."""
    try:
        host = (urlsplit(asked).hostname or "").rstrip(".").removeprefix("www.")
    except ValueError:
        return []
    try:
        ipaddress.ip_address(host)
        return []
    except ValueError:
        pass
    labels = host.split(".")
    names = [".".join(labels[index:]) for index in range(len(labels) - 1) if all(labels[index:])]
    kept = [name for name in names if not _is_suffix(name)][:_MAX_NAMES]
    # A lander writes the name as people read it (bücher.de) or as it goes on the wire (xn--bcher-kva.de).
    return [*kept, *(other for name in kept if (other := _other_form(name)) not in (None, name))]


def _other_form(name: str) -> str | None:
    """``name`` in its other spelling: Unicode for an IDNA name, IDNA for a Unicode one; None when
    the two do not map onto each other. The standard library's codec is IDNA 2003, which spells
    "straße.de" as "strasse.de", another domain (IDNA 2008, which browsers and httpx use, keeps
    the ß): a spelling that does not convert back to the name is not the name's."""
    if len(name) > _MAX_NAME_CHARS or any(len(label) > _MAX_LABEL_CHARS for label in name.split(".")):
        return None  # no DNS name is longer; the codec's time grows with the square of a label
    try:
        other = _converted(name)
        return other if _converted(other) == name else None
    except (UnicodeError, ValueError):
        return None


def _converted(name: str) -> str:
    return name.encode("ascii").decode("idna") if name.isascii() else name.encode("idna").decode("ascii")


def _is_suffix(name: str) -> bool:
    first, _, rest = name.partition(".")
    return "." not in rest and first in _SUFFIX_LABELS
