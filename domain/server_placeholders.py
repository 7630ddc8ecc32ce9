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

# Titles the server software ships its default page with, lower case, spaces collapsed.
_DEFAULT_TITLES = frozenset(
    {
        "welcome to nginx!",
        "apache2 ubuntu default page: it works",
        "apache2 debian default page: it works",
        "iis windows server",
        "iis windows",
        "iis7",
        "iis8",
        "domain default page",  # Plesk
        "welcome to openresty!",
        "welcome to caddy",
        "welcome to tengine!",
    }
)
# Title beginnings: the distribution's or product's name follows.
_DEFAULT_TITLE_STARTS = ("test page for the apache http server", "http server test page", "test page for the nginx")
# Apache's own index.html has no title, only these words.
_IT_WORKS = re.compile(r"#*\s*it works!?\s*", re.IGNORECASE)
_SUSPENDED_TITLE = re.compile(r"\baccount (?:has been )?suspended\b", re.IGNORECASE)
_SUSPENDED_TEXT = re.compile(r"\b(?:this )?account has been suspended\b", re.IGNORECASE)


def placeholder(asked: str, head: bytes, text: str) -> str | None:
    """Why an answer to ``asked`` is a server's placeholder rather than a page of the site; None for
    a page, or when the site's root was asked for. ``head``: the answer's first bytes; ``text``:
    what was read of it."""
    try:
        below_root = urlsplit(asked).path.strip("/") != ""
    except ValueError:
        return None
    if not below_root:
        return None
    title = (page_title(head) or "").lower()
    if title in _DEFAULT_TITLES or title.startswith(_DEFAULT_TITLE_STARTS) or _IT_WORKS.fullmatch(text.strip()):
        return "the web server's default page answered instead of the page (no site is served there now)"
    if _SUSPENDED_TITLE.search(title) and _SUSPENDED_TEXT.search(text[:4_000]):
        return "the hosting account is suspended: the host's notice answered instead of the page"
    return None
