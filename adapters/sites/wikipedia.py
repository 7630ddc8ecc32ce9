"""Wikipedia, any language, through the MediaWiki action API: the article as its HTML renders it, chrome aside.

``action=parse`` gives the article's own HTML (the content area: no menus, footer or sidebars of
the site) with its tables, its infobox, its lists and its formulas, which the plain-text extract
this reader used before left out (an agent asking for a country's population or a list's rows got
none); ``mediawiki_articles`` writes it, as it writes any MediaWiki's (``mediawiki.py``).
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

import anyio

from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.mediawiki_articles import (
    CATEGORY_NAMESPACE,
    TITLE_SAFE,
    article_markdown,
    looks_namespaced,
    members_markdown,
    members_query,
    namespace_of,
    namespace_query,
    parse_query,
    rendered_article,
)
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

#: ``{lang}`` is the article's language (the host's first label: en, de, zh-yue...).
DEFAULT_API_URL = "https://{lang}.wikipedia.org/w/api.php"
_LANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")


def article_of(url: str) -> tuple[str, str] | None:
    """Pure: (language, title) for a Wikipedia article URL (desktop or mobile), else None."""
    parsed = on_hosts(url, lambda host: host.endswith(".wikipedia.org"))
    if parsed is None:
        return None
    labels = parsed.host.lower().split(".")
    if len(labels) not in (3, 4) or (len(labels) == 4 and labels[1] != "m") or not _LANGUAGE.match(labels[0]):
        return None
    if parsed.path.startswith("/wiki/"):
        title = unquote(parsed.path.removeprefix("/wiki/"))
    elif parsed.path == "/w/index.php" and "action" not in parsed.params:
        title = parsed.params.get("title", "")
    else:
        return None
    title = title.replace("_", " ").strip()
    # Special pages (search, random...) have no text to extract; every other namespace does.
    return (labels[0], title) if title and not title.lower().startswith("special:") else None


class WikipediaResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the Wikipedia API"

    def __init__(self, caller: GuardedCaller, *, api_url: str = DEFAULT_API_URL) -> None:
        self._caller = caller
        self._api_url = api_url

    def handles(self, url: str) -> bool:
        return article_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        target = article_of(url)
        if target is None:
            raise SiteUnavailable("not an article URL")
        language, title = target
        endpoint = self._api_url.replace("{lang}", language)
        title, html = rendered_article(await call_json(self._caller, with_query(endpoint, parse_query(title))), title)
        address = _address(language, title)
        markdown = await anyio.to_thread.run_sync(article_markdown, title, html, address)
        if looks_namespaced(title):
            # A category's page lists its members around its text; the parsed text alone has none of them.
            kind = namespace_of(await call_json(self._caller, with_query(endpoint, namespace_query(title))))
            if kind == CATEGORY_NAMESPACE:
                members = await call_json(self._caller, with_query(endpoint, members_query(title)))
                listed = members_markdown(members, lambda member: _address(language, member))
                markdown = (
                    (markdown.rstrip() + "\n\n" + listed + "\n") if markdown.strip() else f"# {title}\n\n{listed}\n"
                )
        if not markdown.strip():
            raise SiteUnavailable("the article has no text")
        return ResolvedPage(url=address, markdown=markdown, source=self.site)


def _address(language: str, title: str) -> str:
    # errors="replace": a title an API answer mangled (a lone surrogate) still makes an address.
    path = quote(title.replace(" ", "_"), safe=TITLE_SAFE, errors="replace")
    return f"https://{language}.wikipedia.org/wiki/{path}"
