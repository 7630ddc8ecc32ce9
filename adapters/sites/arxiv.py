"""arXiv: an ``abs/``, ``pdf/`` or ``html/`` URL read as title, authors, abstract and the paper's text.

The metadata comes from the arXiv API (an Atom feed). The paper's text is its HTML version when
arXiv has one, extracted like any page; otherwise the PDF, through the same PDF path as a PDF
link. Both go through the page fetcher and the extraction workers, so caps and deadlines hold.
When neither can be read, the abstract is still worth having, and the page says the text is missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import anyio

from adapters.pages.xml_text import XmlUnreadable, parse_xml
from adapters.sites.api_calls import API_HEADERS, GuardedCaller, status_reason, with_query
from adapters.sites.urls import on_hosts
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import PageExtractionPort

DEFAULT_API_URL = "https://export.arxiv.org/api/query"
DEFAULT_SITE_URL = "https://arxiv.org"
_HOSTS = frozenset({"arxiv.org", "www.arxiv.org", "export.arxiv.org"})
_ID = r"(?:\d{4}\.\d{4,5}|[a-z][a-z.-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"
_PATH = re.compile(rf"^/(?:abs|pdf|html)/({_ID})(?:\.pdf)?/?$")
#: An arXiv identifier, new style (``1706.03762``) or old (``hep-th/9901001``), a version or not.
ARXIV_ID = re.compile(_ID)
_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"


def paper_of(url: str) -> str | None:
    """Pure: the arXiv identifier (with its version, if given) of an abs/pdf/html URL, else None."""
    parsed = on_hosts(url, _HOSTS.__contains__)
    match = _PATH.match(parsed.path) if parsed is not None else None
    return match.group(1) if match else None


@dataclass(frozen=True)
class Paper:
    title: str
    authors: list[str]
    abstract: str
    published: str
    category: str
    comment: str


class ArxivResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the arXiv API"

    def __init__(
        self,
        caller: GuardedCaller,
        extraction: PageExtractionPort,
        *,
        api_url: str = DEFAULT_API_URL,
        site_url: str = DEFAULT_SITE_URL,
    ) -> None:
        self._caller = caller
        self._extraction = extraction
        self._api_url = api_url
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return paper_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        paper_id = paper_of(url)
        if paper_id is None:
            raise SiteUnavailable("not a paper URL")
        try:
            query = with_query(self._api_url, {"id_list": paper_id, "max_results": "1"})
            feed = await self._caller.call(query, headers={**API_HEADERS, "Accept": "application/atom+xml"})
        except PageUnavailable as failed:
            raise SiteUnavailable(failed.reason) from None
        if not 200 <= feed.status < 300:
            raise SiteUnavailable(status_reason(feed.status, None))
        paper = await anyio.to_thread.run_sync(parse_paper, feed.body)
        body, source, truncated = await self._paper_text(paper_id)
        markdown = paper_markdown(paper_id, paper, body, source)
        return ResolvedPage(f"{self._site_url}/abs/{paper_id}", markdown, self.site, truncated)

    async def _paper_text(self, paper_id: str) -> tuple[str, str, bool]:
        """(text, where it came from, cut short?); the text is "" and the source says why when unreadable."""
        reasons = []
        for kind, label in (("html", "arXiv's HTML version"), ("pdf", "the PDF")):
            try:
                page = await self._caller.fetch(f"{self._site_url}/{kind}/{paper_id}")
                text = await self._extraction.extract(page)
            except PageUnavailable as failed:
                reasons.append(f"{label}: {failed.reason}")
                continue
            if text.strip():
                return text, f"from {label}", page.truncated
            reasons.append(f"{label}: no text")
        return "", "; ".join(reasons), False


def parse_paper(body: bytes) -> Paper:
    """The first entry of an arXiv API feed; raises ``SiteUnavailable`` for an error entry or none."""
    try:
        root = parse_xml(body)
    except XmlUnreadable:
        raise SiteUnavailable("its answer was not valid XML") from None
    entry = root.find(f"{_ATOM}entry")
    if entry is None:
        raise SiteUnavailable("no such paper")
    if "/api/errors" in _text(entry, f"{_ATOM}id"):
        raise SiteUnavailable(f"it refused the identifier ({_text(entry, f'{_ATOM}summary')[:120]})")
    title = _text(entry, f"{_ATOM}title")
    if not title:
        raise SiteUnavailable("no such paper")
    category = entry.find(f"{_ARXIV}primary_category")
    return Paper(
        title=title,
        authors=[name for a in entry.iterfind(f"{_ATOM}author") if (name := _text(a, f"{_ATOM}name"))],
        abstract=_text(entry, f"{_ATOM}summary"),
        published=_text(entry, f"{_ATOM}published")[:10],
        category=(category.get("term") or "") if category is not None else "",
        comment=_text(entry, f"{_ARXIV}comment"),
    )


def paper_markdown(paper_id: str, paper: Paper, body: str, source: str) -> str:
    facts = [f"arXiv:{paper_id}", paper.category, f"published {paper.published}" if paper.published else ""]
    lines = [f"# {paper.title}", "", " · ".join(f for f in facts if f)]
    lines += ["", "Authors: " + (", ".join(paper.authors) or "not listed")]
    if paper.comment:
        lines += ["", f"Comment: {paper.comment}"]
    lines += ["", "## Abstract", "", paper.abstract or "(no abstract)", ""]
    if body.strip():
        lines += [f"## Paper text ({source})", "", body.strip()]
    else:
        lines += [f"[The paper's text could not be read ({source}); the abstract above is all there is.]"]
    return "\n".join(lines).strip() + "\n"


def _text(element: Any, tag: str) -> str:
    found = element.find(tag)
    return " ".join("".join(found.itertext()).split()) if found is not None else ""
