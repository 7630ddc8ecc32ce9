"""Wikipedia, any language, through the MediaWiki action API: the article as its HTML renders it, chrome aside.

``action=parse`` gives the article's own HTML (the content area: no menus, footer or sidebars of
the site) with its tables, its infobox, its lists and its formulas, which the plain-text extract
this reader used before left out (an agent asking for a country's population or a list's rows got
none). What is not the article is taken out before the conversion: navigation boxes, series
sidebars, reference lists and the reference marks in the text, maintenance notices, hatnotes,
edit links. Links to other articles are read as their words (a Wikipedia paragraph links every
other term: each address would cost the agent more than the word); links out of Wikipedia stay.
Sections left with nothing in them (References) are dropped.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

import anyio

from adapters.json_fields import obj, text
from adapters.pages.html_fragments import fragment_markdown
from adapters.pages.html_markdown import Element, drop_tree, unwrap
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.markdown_lines import ATX_HEADING, lines_outside_code
from domain.pages import ResolvedPage

#: ``{lang}`` is the article's language (the host's first label: en, de, zh-yue...).
DEFAULT_API_URL = "https://{lang}.wikipedia.org/w/api.php"
_LANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")
# What the rendered article holds that is not the article, by the classes MediaWiki and the
# common templates give it.
_NOT_THE_ARTICLE = frozenset(
    {
        "navbox", "navbox-styles", "vertical-navbox", "sidebar", "portalbox", "sistersitebox", "side-box",
        "metadata", "ambox", "hatnote", "shortdescription", "mw-editsection", "reference", "mw-ref",
        "reflist", "references", "mw-references-wrap", "mw-cite-backlink", "noprint", "mw-empty-elt", "toc",
    }
)  # fmt: skip
# Links to other articles: Parsoid writes "./Title", the older parser "/wiki/Title".
_ARTICLE_LINK = re.compile(r"^(?:\./|/wiki/)")
_MISSING = frozenset({"missingtitle", "invalidtitle", "nosuchpageid"})
# What an article's address writes as it is (Wikipedia's own links do: "AC/DC", "Ender's_Game").
_TITLE_SAFE = "()_,:;!*@$/'~"


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
        params = {
            "action": "parse",
            "format": "json",
            "formatversion": "2",
            "page": title,
            "prop": "text",
            "redirects": "1",
            "disableeditsection": "1",
            "disabletoc": "1",
            "disablelimitreport": "1",
        }
        data = await call_json(self._caller, with_query(self._api_url.replace("{lang}", language), params))
        error = obj(data, "error")
        if error:
            code = text(error.get("code"))
            if code in _MISSING:
                raise SiteUnavailable("no such article")
            raise SiteUnavailable(f"the API said: {text(error.get('info')) or code or 'an error'}")
        parsed = obj(data, "parse")
        html = text(parsed.get("text"))
        if not html.strip():
            raise SiteUnavailable("the article has no text")
        title = text(parsed.get("title")) or title
        # errors="replace": a title an API answer mangled (a lone surrogate) still makes an address.
        path = quote(title.replace(" ", "_"), safe=_TITLE_SAFE, errors="replace")
        address = f"https://{language}.wikipedia.org/wiki/{path}"
        markdown = await anyio.to_thread.run_sync(article_markdown, title, html, address)
        if not markdown.strip():
            raise SiteUnavailable("the article has no text")
        return ResolvedPage(url=address, markdown=markdown, source=self.site)


def article_markdown(title: str, html: str, base_url: str) -> str:
    """The article's HTML as Markdown under its title: what is not the article out, links to other
    articles as their words, sections left empty dropped; "" when nothing is left."""
    body = fragment_markdown(html, base_url=base_url, prepare=_article_only)
    if not body.strip():
        return ""
    return _sections_with_text(f"# {title}\n\n{body}")


def _article_only(root: Element) -> None:
    doomed = [
        element
        for element in root.iter()
        if isinstance(element.tag, str) and _NOT_THE_ARTICLE.intersection((element.get("class") or "").split())
    ]
    for element in doomed:  # one inside another that went already goes with it, harmlessly
        drop_tree(element)
    unwrap(root, [link for link in root.iter("a") if _ARTICLE_LINK.match(link.get("href") or "")])


def _sections_with_text(markdown: str) -> str:
    """``markdown`` without the headings whose sections hold nothing, not even a deeper section with text."""
    lines = markdown.split("\n")
    outside = lines_outside_code(lines)
    levels = [
        len(h.group(1)) if o and (h := ATX_HEADING.fullmatch(line)) else 0
        for line, o in zip(lines, outside, strict=True)
    ]
    kept: list[str] = []
    for number, line in enumerate(lines):
        if levels[number] and not _holds_text(lines, levels, number):
            continue
        kept.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip() + "\n"


def _holds_text(lines: list[str], levels: list[int], number: int) -> bool:
    """Whether the section the heading on line ``number`` opens has a line of text before the next
    heading of its level or higher (a deeper heading's section counts)."""
    level = levels[number]
    for later in range(number + 1, len(lines)):
        if levels[later] and levels[later] <= level:
            return False
        if not levels[later] and lines[later].strip():
            return True
    return False
