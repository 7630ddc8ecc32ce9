"""The tools' contract with the model: descriptions, argument models with constraints, output models.

Argument models forbid unknown arguments and are strict: ``true`` is not ``1`` and ``"5"`` is not 5,
as the schema says (``additionalProperties: false``, ``"type": "integer"``). The schemas sent in
``tools/list`` are the models' own, written flat (entrypoints/flat_schema.py). Each argument's type,
constraints and description are in entrypoints/tool_fields.py.
"""

from __future__ import annotations

from typing import Any

from mcp.types import Tool, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field

from domain.models import SearchOutcome
from entrypoints.flat_schema import flat_schema
from entrypoints.tool_fields import (
    Country,
    ExcludeDomains,
    Focus,
    Freshness,
    FullPages,
    IncludeDomains,
    Language,
    MaxBytes,
    MaxChars,
    NumResults,
    Query,
    StartIndex,
    Topic,
    UiLang,
    Url,
)

INSTRUCTIONS = (
    "searchrelay searches the web through several providers and fails over between them "
    "automatically. Use web_search for current facts, documentation, news or anything you do not "
    "know; use web_fetch to read one page (or the rest of a long one) as clean Markdown."
)

WEB_SEARCH_DESCRIPTION = """Search the web: the top results (title, link, snippet), optionally with each page's content.

Use it for anything current or outside your knowledge: news, documentation, prices, people,
error messages, product details. Write the query as you would type it into a search engine:
specific keywords, names and quoted phrases work best; one topic per call.

Returns a numbered Markdown list of results and, last, which provider answered (searchrelay
fails over between providers automatically when one is down, rate-limited or out of credits).
By default every result also carries its page as clean Markdown (return_full_pages=false for
snippets only, faster; a page that cannot be read says why in one line). The whole answer fits
max_chars: pages share what the results leave, and a page that must be cut keeps the passages
that answer the query, in order, each gap marked […]; its note says which web_fetch call
(url and start_index) reads on. Fewer results than asked
for is normal for narrow queries; zero results means nothing matched - rephrase rather than
repeat the same query. topic="news" searches news articles (each with its publication date).
include_domains limits results to those sites (and their subdomains); exclude_domains keeps
those sites out, guaranteed. Filters (freshness, country, language, topic, domains) are never
dropped silently: a provider that cannot honour one is skipped, and if none can, the call fails
and says so."""

WEB_FETCH_DESCRIPTION = """Read one web page (or PDF, Word, Excel, PowerPoint, notebook, feed, JSON) as clean Markdown.

Use it to read a search result in full, or any http(s) URL the user gives. Navigation, ads,
footers and scripts are dropped; headings, lists, tables, code and links are kept. Long pages
come in windows of at most max_bytes (and 2000 lines, and max_chars of text in all): the end of a
cut window says how much there is and which start_index continues, so call again with that
start_index to read on. With focus (a question or keywords), a page that does not fit comes back
as the passages that answer it, in order, gaps marked […]. A URL whose #fragment names a section
(#installing-packages), an API entry (#json.dumps) or quotes its words (#:~:text=...) starts at
that part when the page does not fit one window.
Private and local network addresses are refused."""


class _Arguments(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class WebSearchArguments(_Arguments):
    query: Query
    num_results: NumResults = 3
    return_full_pages: FullPages = True
    freshness: Freshness = None
    country: Country = None
    language: Language = None
    topic: Topic = "general"
    include_domains: IncludeDomains = None
    exclude_domains: ExcludeDomains = None
    ui_lang: UiLang = None
    max_chars: MaxChars = None

    def search_arguments(self) -> dict[str, Any]:
        """build_request's keywords: every argument but max_chars, which shapes the answer, not the search."""
        return self.model_dump(exclude={"max_chars"})


class WebFetchArguments(_Arguments):
    url: Url
    max_bytes: MaxBytes = 51200
    start_index: StartIndex = 0
    max_chars: MaxChars = None
    focus: Focus = None


class PageFetchResult(BaseModel):
    url: str = Field(description="The final URL, after redirects.")
    content_type: str
    content: str = Field(
        description="This window of the page as Markdown (with focus: the best passages, gaps marked)."
    )
    start_index: int
    end_index: int
    total_chars: int
    truncated: bool = Field(description="More text follows this window (with focus: some of the page was left out).")
    next_start_index: int | None = Field(description="Pass this as start_index to continue; null at the end.")
    focused: bool = Field(default=False, description="content holds the passages that best match focus.")
    source_note: str | None = Field(
        default=None,
        description="Where the text came from when a site's API read it (StackExchange, GitHub, GitLab, "
        "Wikipedia, arXiv, Hacker News, Reddit, Discourse forums, Mastodon), or why that API could not be used "
        "and the page was read as fetched.",
    )
    title: str | None = Field(
        default=None,
        description="The title the page gives itself (its og:title, twitter:title or <title>; for a page read "
        "through a site's API, its first heading), on one line; null when it has none (PDFs and office documents).",
    )


READ_ONLY: dict[str, Any] = {
    "read_only_hint": True,
    "open_world_hint": True,
    "destructive_hint": False,
    "idempotent_hint": True,
}


def tool_definitions() -> list[Tool]:
    """What ``tools/list`` answers, built once at start-up."""
    return [
        _tool("web_search", "Web search", WEB_SEARCH_DESCRIPTION, WebSearchArguments, SearchOutcome),
        _tool("web_fetch", "Read a web page", WEB_FETCH_DESCRIPTION, WebFetchArguments, PageFetchResult),
    ]


def _tool(name: str, title: str, description: str, arguments: type[BaseModel], output: type[BaseModel]) -> Tool:
    input_schema = flat_schema(arguments.model_json_schema())
    input_schema.pop("title", None)  # the model's class name says nothing to a client
    return Tool(
        name=name,
        title=title,
        description=description,
        input_schema=input_schema,
        output_schema=flat_schema(output.model_json_schema(mode="serialization")),
        annotations=ToolAnnotations(title=title, **READ_ONLY),
    )
