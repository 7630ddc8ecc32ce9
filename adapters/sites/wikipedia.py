"""Wikipedia, any language, through the MediaWiki action API: the article's plain text with its sections.

TextExtracts (``prop=extracts&explaintext``) gives the article without the HTML chrome -
infoboxes, navigation boxes, references and edit links are not in it - and marks sections as
``== Heading ==``, which become Markdown headings here. Sections left empty by the plain-text
view (references, external links) are dropped.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import anyio

from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.fields import obj, objs, text
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

#: ``{lang}`` is the article's language (the host's first label: en, de, zh-yue...).
DEFAULT_API_URL = "https://{lang}.wikipedia.org/w/api.php"
_LANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")
_HEADING = re.compile(r"^(={2,6})\s*(.*?)\s*\1\s*$")


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
            "action": "query",
            "format": "json",
            "formatversion": "2",
            "prop": "extracts|info",
            "inprop": "url",
            "explaintext": "1",
            "exsectionformat": "wiki",
            "redirects": "1",
            "titles": title,
        }
        data = await call_json(self._caller, with_query(self._api_url.replace("{lang}", language), params))
        pages = objs(obj(data, "query").get("pages"))
        if not pages:
            raise SiteUnavailable("its answer had no page")
        page = pages[0]
        if page.get("missing") is True or page.get("invalid") is True:
            raise SiteUnavailable("no such article")
        extract = text(page.get("extract"))
        if not extract.strip():
            raise SiteUnavailable("the article has no text")
        markdown = await anyio.to_thread.run_sync(article_markdown, text(page.get("title")) or title, extract)
        link = text(page.get("fullurl"))
        return ResolvedPage(url=link if link.startswith("https://") else url, markdown=markdown, source=self.site)


def article_markdown(title: str, extract: str) -> str:
    """The plain-text extract with its ``== Heading ==`` lines as Markdown headings, empty sections dropped."""
    blocks: list[tuple[int, str, list[str]]] = [(1, title, [])]
    for line in extract.splitlines():
        heading = _HEADING.match(line)
        if heading:
            blocks.append((len(heading.group(1)), heading.group(2), []))
        else:
            blocks[-1][2].append(line.rstrip())
    kept: list[str] = []
    for index, (level, name, body) in enumerate(blocks):
        if index and not _has_text(body) and not _opens_subsections(blocks, index):
            continue
        kept += [f"{'#' * level} {name}", "", "\n".join(body).strip(), ""]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip() + "\n"


def _has_text(lines: list[str]) -> bool:
    return any(line.strip() for line in lines)


def _opens_subsections(blocks: list[tuple[int, str, list[str]]], index: int) -> bool:
    """A heading whose own body is empty stays when a deeper section under it has text."""
    level = blocks[index][0]
    for deeper, _, body in blocks[index + 1 :]:
        if deeper <= level:
            return False
        if _has_text(body):
            return True
    return False
