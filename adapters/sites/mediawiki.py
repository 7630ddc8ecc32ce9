"""Any MediaWiki (Fandom's wikis, the Arch and Gentoo wikis, Wiktionary, Wikivoyage, OpenStreetMap's...)
read through its own action API, as Wikipedia is.

Thousands of wikis run MediaWiki under their own names, so none is claimed by URL: a fetched page
is recognised by the generator tag MediaWiki writes in its head, and the page's own start-up
configuration (``RLCONF``, also in the head) names the article (``wgPageName``), its namespace
and whether it is an article view. The wiki's script path (where ``api.php`` lives) is the one
the head's links use (its RSD link, its search description, its ``load.php``), on the page's own
origin. ``action=parse`` then gives the article's rendered HTML without the site's chrome (a
Fandom page's ads, rails and recommendations), written by ``mediawiki_articles`` as Wikipedia's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import quote

import anyio
import httpx

from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.mediawiki_articles import (
    CATEGORY_NAMESPACE,
    TITLE_SAFE,
    article_markdown,
    members_markdown,
    members_query,
    parse_query,
    rendered_article,
)
from adapters.sites.page_marks import page_head
from adapters.sites.urls import on_hosts, origin_of
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

_HEAD_BYTES = 65_536
_GENERATOR = b'<meta name="generator" content="MediaWiki'
# The start-up configuration's values this reads: JSON strings, numbers and booleans.
_SETTING = re.compile(
    rb'"(wgPageName|wgNamespaceNumber|wgAction|wgIsArticle|wgPageContentModel)":\s{0,3}'
    rb'("(?:[^"\\\n]|\\.){0,600}"|-?[0-9]{1,6}|true|false|![01])'
)
# A file's page is composed around its text (the picture, its history), which ``action=parse``
# does not give: read as the page shows it. A category's members are asked for (``members_query``).
_GENERATED_NAMESPACES = frozenset({6})
_MINIFIED = {b"!0": True, b"!1": False}  # how a minified start-up script writes true and false
# A link of the head into the script path: the RSD link, the search description, load.php.
_SCRIPT_LINK = re.compile(
    rb'(?:href|src)="([^"<>\s]{0,300}?)/(?:api\.php\?action=rsd|opensearch_desc\.php|load\.php\?)'
)


@dataclass(frozen=True)
class WikiPage:
    api: str  # "https://wiki.archlinux.org/api.php"
    title: str  # "Arch_Linux", as the page names itself
    article_path: str  # "/title/": what the wiki's links to its articles start with
    category: bool = False  # a category's page: its members are listed under its text


def wiki_page(page: FetchedPage) -> WikiPage | None:
    """Pure: the article a fetched MediaWiki page shows, and where its API is; None for any other page
    (not MediaWiki, not an article view, a special page, Wikipedia, which its own reader claims)."""
    head = page_head(page, _HEAD_BYTES)
    if head is None or _GENERATOR not in head:  # asked of every page fetched: the cheap test first
        return None
    parsed = on_hosts(page.url, lambda host: not host.endswith(".wikipedia.org"))
    if parsed is None:
        return None
    settings: dict[str, object] = {}
    for name, value in _SETTING.findall(head):
        try:
            settings.setdefault(name.decode(), _MINIFIED[value] if value in _MINIFIED else json.loads(value))
        except ValueError:
            continue
    title = settings.get("wgPageName")
    namespace = settings.get("wgNamespaceNumber")
    if not isinstance(title, str) or not title.strip() or not isinstance(namespace, int) or namespace < 0:
        return None
    if not title.isprintable() or any("\ud800" <= char <= "\udfff" for char in title):
        return None  # the page's script is anyone's: a title no request could carry is no article
    if namespace in _GENERATED_NAMESPACES:
        return None
    if settings.get("wgAction", "view") != "view" or settings.get("wgIsArticle") is False:
        return None
    if settings.get("wgPageContentModel", "wikitext") != "wikitext":
        return None
    found = _SCRIPT_LINK.search(head)
    if found is None:
        return None
    try:
        script = httpx.URL(page.url).join(found.group(1).decode("utf-8", errors="replace") + "/")
    except httpx.InvalidURL:
        return None
    if origin_of(script) != origin_of(parsed):
        return None  # the API is asked only on the page's own origin
    encoded = quote(title, safe=TITLE_SAFE)
    article_path = parsed.path[: -len(encoded)] if parsed.path.endswith(encoded) else "/wiki/"
    api = f"{str(script).rstrip('/')}/api.php"
    return WikiPage(api, title, article_path or "/wiki/", category=namespace == CATEGORY_NAMESPACE)


class MediaWikiResolver:
    """Implements ``domain.ports.FetchedPageResolverPort``."""

    site = "the wiki's MediaWiki API"

    def __init__(self, caller: GuardedCaller) -> None:
        self._caller = caller

    def recognises(self, page: FetchedPage) -> bool:
        return wiki_page(page) is not None

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        found = wiki_page(page)
        if found is None:
            raise SiteUnavailable("not an article of a MediaWiki")
        answer = await call_json(self._caller, with_query(found.api, parse_query(found.title)))
        title, html = rendered_article(answer, found.title.replace("_", " "))
        base = origin_of(httpx.URL(page.url)) + found.article_path
        markdown = await anyio.to_thread.run_sync(lambda: article_markdown(title, html, base, found.article_path))
        if found.category:
            members = await call_json(self._caller, with_query(found.api, members_query(found.title)))
            listed = members_markdown(members, lambda member: base + quote(member.replace(" ", "_"), safe=TITLE_SAFE))
            markdown = (markdown.rstrip() + "\n\n" + listed + "\n") if markdown.strip() else f"# {title}\n\n{listed}\n"
        if not markdown.strip():
            raise SiteUnavailable("the article has no text")
        return ResolvedPage(page.url, markdown, self.site)
