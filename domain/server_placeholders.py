"""A web server's placeholder in a site's place: its default page ("Welcome to nginx!", Apache's "It
works", IIS's splash) or a host's notice that the account is suspended, served with 200.

Pure, standard library only. A site that was taken down often leaves its server answering with
the page it came with, or its hosting company with a suspension notice, at every address; an old
link then reads as that page. Known by the title the server software gives it, or the notice's
own words, on small pages with little text (``walls.answered_instead``), and only where a page
was asked for below the site's root: there the placeholder is no page the link meant, and a
public archive may hold it. At the root it is what the address holds today (a server just set
up, one an agent is asked to check), and its text says what it is.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from domain.page_titles import page_title
from domain.parked_domains import MAX_TEXT_CHARS

# Titles the server software ships its default page with, lower case, spaces collapsed.
_DEFAULT_TITLES = frozenset(
    {
        "welcome to nginx!",
        "apache2 ubuntu default page: it works",
        "apache2 debian default page: it works",
        "iis windows server",
        "iis windows",
        "iis7",
        "domain default page",  # Plesk
        "welcome to openresty!",
        "welcome to caddy!",
        "caddy works!",
        "welcome to tengine!",
        "welcome to litespeed web server!",
    }
)
# Title beginnings: the distribution's, the product's or the version's name follows.
_DEFAULT_TITLE_STARTS = (
    "test page for the apache http server",
    "test page for the http server on",
    "apache http server test page",
    "http server test page",
    "test page for the nginx",
    "welcome to nginx on ",
    "microsoft internet information services",
)
# Apache's own index.html has no title, only these words.
_IT_WORKS = re.compile(r"#*\s*it works!?\s*", re.IGNORECASE)
# cPanel's notice, as hosts serve it: the title alone, or with the host's name after a separator.
_SUSPENDED_TITLE = re.compile(r"account suspended(?:\s*[|:\-–—]\s*.{0,80})?")
_SUSPENDED_TEXT = re.compile(r"\bthis account has been suspended\b", re.IGNORECASE)
# The file a server's default page is, which is the site's root by another name.
_ROOT_FILES = frozenset(
    {"index.html", "index.htm", "index.php", "index.nginx-debian.html", "iisstart.htm", "default.htm", "default.aspx"}
)


def placeholder(asked: str, head: bytes, text: str) -> str | None:
    """Why an answer to ``asked`` is a server's placeholder rather than a page of the site; None for
    a page, or when the site's root was asked for. ``head``: the answer's first bytes; ``text``:
    what was read of it."""
    if not _below_root(asked):
        return None
    title = (page_title(head) or "").lower()
    if title in _DEFAULT_TITLES or title.startswith(_DEFAULT_TITLE_STARTS) or _IT_WORKS.fullmatch(text.strip()):
        return "the web server's default page answered instead of the page (no site is served there now)"
    if _SUSPENDED_TITLE.fullmatch(title) and _SUSPENDED_TEXT.search(text[:MAX_TEXT_CHARS]):
        return "the hosting account is suspended: the host's notice answered instead of the page"
    return None


def _below_root(asked: str) -> bool:
    """Whether ``asked`` names a page of the site rather than its root: a path other than the root
    or its index file, or a query (``/?p=123`` is a WordPress post)."""
    try:
        parts = urlsplit(asked)
    except ValueError:
        return False
    path = parts.path.strip("/")
    return bool(parts.query) or (path != "" and path.lower() not in _ROOT_FILES)
