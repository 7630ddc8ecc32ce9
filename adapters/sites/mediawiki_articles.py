"""A MediaWiki article as its ``action=parse`` HTML renders it, written as Markdown, chrome aside.

Shared by the Wikipedia reader and the reader of any other MediaWiki (``mediawiki.py``). What is
not the article is taken out before the conversion: navigation boxes, series sidebars, reference
lists and the reference marks in the text, maintenance notices, hatnotes, edit links. Links to
other articles are read as their words (a wiki paragraph links every other term: each address
would cost the agent more than the word); links out of the wiki stay. Sections left with nothing
in them (References) are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from adapters.json_fields import obj, objs, text
from adapters.pages.html_fragments import fragment_markdown
from adapters.pages.html_markdown import Element, drop_tree, unwrap
from domain.errors import SiteUnavailable
from domain.markdown_lines import ATX_HEADING, lines_outside_code

# What the rendered article holds that is not the article, by the classes MediaWiki and the
# common templates give it.
_NOT_THE_ARTICLE = frozenset(
    {
        "navbox", "navbox-styles", "vertical-navbox", "sidebar", "portalbox", "sistersitebox", "side-box",
        "metadata", "ambox", "hatnote", "shortdescription", "mw-editsection", "reference", "mw-ref",
        "reflist", "references", "mw-references-wrap", "mw-cite-backlink", "noprint", "mw-empty-elt", "toc",
    }
)  # fmt: skip
_MISSING = frozenset({"missingtitle", "invalidtitle", "nosuchpageid"})
#: What an article's address writes as it is (MediaWiki's own links do: "AC/DC", "Ender's_Game").
TITLE_SAFE = "()_,:;!*@$/'~"
#: The namespace of categories, whose pages list their members; members listed at most (the API's
#: largest page for a reader without an account).
CATEGORY_NAMESPACE = 14
MAX_MEMBERS = 500


def parse_query(title: str) -> dict[str, str]:
    """The ``action=parse`` query for an article's rendered HTML, its redirects followed."""
    return {
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


def namespace_query(title: str) -> dict[str, str]:
    """The query for a page's namespace (``pages[0].ns``), its redirect followed."""
    return {
        "action": "query",
        "format": "json",
        "formatversion": "2",
        "titles": title,
        "prop": "info",
        "redirects": "1",
    }


def namespace_of(data: Any) -> int | None:
    """The namespace a ``namespace_query`` answer gives, or None."""
    pages = objs(obj(data, "query").get("pages"))
    ns = pages[0].get("ns") if pages else None
    return ns if isinstance(ns, int) and not isinstance(ns, bool) else None


def members_query(title: str) -> dict[str, str]:
    """The query for a category's members: subcategories, pages and files, the first ``MAX_MEMBERS``."""
    return {
        "action": "query",
        "format": "json",
        "formatversion": "2",
        "list": "categorymembers",
        "cmtitle": title,
        "cmlimit": str(MAX_MEMBERS),
        "cmprop": "title|type",
    }


def members_markdown(data: Any, address_of: Callable[[str], str]) -> str:
    """A category's members as lists of links (subcategories, pages, files): what its page composes
    around its text, which ``action=parse`` does not give."""
    members = objs(obj(data, "query").get("categorymembers"))[:MAX_MEMBERS]
    parts = []
    for kind, heading in (("subcat", "Subcategories"), ("page", "Pages in this category"), ("file", "Files")):
        titles = [" ".join(text(member.get("title")).split()) for member in members if member.get("type") == kind]
        if titles := [title for title in titles if title]:
            parts.append(f"## {heading}\n\n" + "\n".join(f"- [{title}]({address_of(title)})" for title in titles))
    if obj(data, "continue") and parts:
        parts.append(f"[The category's first {len(members):,} members are listed; it has more.]")
    return "\n\n".join(parts)


def looks_namespaced(title: str) -> bool:
    """Pure: the title may be in a namespace other than articles ("Category:X", "Kategorie:X"), as opposed
    to an article whose title holds a colon ("Star Wars: Episode IV")."""
    prefix, colon, rest = title.partition(":")
    return bool(colon) and 0 < len(prefix) <= 40 and " " not in prefix.strip() and not rest.startswith(" ")


def rendered_article(data: Any, title: str) -> tuple[str, str]:
    """(title, HTML) from an ``action=parse`` answer; raises ``SiteUnavailable`` for an error or no text."""
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
    return text(parsed.get("title")) or title, html


def article_markdown(title: str, html: str, base_url: str, article_path: str = "/wiki/") -> str:
    """The article's HTML as Markdown under its title: what is not the article out, links to other
    articles (Parsoid's "./Title", or the wiki's ``article_path`` with the title after it) as their
    words, sections left empty dropped; "" when nothing is left."""
    # Parsoid writes "./Title", the older parser the wiki's article path ("/wiki/Title").
    article_link = re.compile(r"^(?:\./|" + re.escape(article_path) + ")")
    body = fragment_markdown(html, base_url=base_url, prepare=lambda root: _article_only(root, article_link))
    if not body.strip():
        return ""
    return _sections_with_text(f"# {title}\n\n{body}")


def _article_only(root: Element, article_link: re.Pattern[str]) -> None:
    doomed = [
        element
        for element in root.iter()
        if isinstance(element.tag, str) and _NOT_THE_ARTICLE.intersection((element.get("class") or "").split())
    ]
    for element in doomed:  # one inside another that went already goes with it, harmlessly
        drop_tree(element)
    unwrap(root, [link for link in root.iter("a") if article_link.match(link.get("href") or "")])


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
