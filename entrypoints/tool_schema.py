"""The tools' contract with the model: descriptions, argument models with constraints, output models.

Argument models forbid unknown arguments and are strict: ``true`` is not ``1`` and ``"5"`` is not 5,
as the schema says (``additionalProperties: false``, ``"type": "integer"``). The schemas sent in
``tools/list`` are the models' own, written flat (entrypoints/flat_schema.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.types import Tool, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from domain.budget import DEFAULT_MAX_CHARS, MAX_MAX_CHARS, MIN_MAX_CHARS
from domain.domains import MAX_DOMAINS
from domain.filters import FRESHNESS_FORMS
from domain.models import SearchOutcome
from entrypoints.flat_schema import flat_schema
from entrypoints.search_request import MAX_QUERY_CHARACTERS, MAX_RESULTS

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

WEB_FETCH_DESCRIPTION = """Read one web page (or PDF, plain text, Markdown, JSON) as clean Markdown.

Use it to read a search result in full, or any http(s) URL the user gives. Navigation, ads,
footers and scripts are dropped; headings, lists, tables, code and links are kept. Long pages
come in windows of at most max_bytes (and 2000 lines, and max_chars of text in all): the end of a
cut window says how much there is and which start_index continues, so call again with that
start_index to read on. With focus (a question or keywords), a page that does not fit comes back
as the passages that answer it, in order, gaps marked […].
Private and local network addresses are refused."""

Query = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_QUERY_CHARACTERS),
    Field(description="What to search for, 1-2000 characters, e.g. 'httpx AsyncClient timeout example'."),
]
NumResults = Annotated[int, Field(ge=1, le=MAX_RESULTS, description="How many results to return, 1-20 (default 3).")]
FullPages = Annotated[
    bool,
    Field(
        description="Also fetch every result's page and return it as Markdown, cut to fit max_chars with the "
        "passages that answer the query kept (default true; false for titles, links and snippets only, faster)."
    ),
]
MaxChars = Annotated[
    int | None,
    Field(
        ge=MIN_MAX_CHARS,
        le=MAX_MAX_CHARS,
        description=f"Most characters of text in the answer, {MIN_MAX_CHARS}-{MAX_MAX_CHARS} (default: the server's "
        f"SEARCHRELAY_MAX_CHARS, {DEFAULT_MAX_CHARS} unless set; about 4 characters a token).",
    ),
]
Focus = Annotated[
    str | None,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_QUERY_CHARACTERS),
    Field(
        description="A question or keywords: when the page does not fit, return the passages that answer it "
        "(in order, gaps marked [\u2026]) instead of the next stretch of the page."
    ),
]
Freshness = Annotated[str | None, Field(description=f"Only results from this time: {FRESHNESS_FORMS}.")]
Country = Annotated[
    str | None,
    Field(description="Results for this country: ISO 3166-1 alpha-2 code such as 'us', 'de', 'gb'."),
]
Language = Annotated[
    str | None,
    Field(description="Results in this language: ISO 639-1 code such as 'en', 'de', 'fr'."),
]
Topic = Annotated[
    Literal["general", "news"],
    Field(description="'general' (the default) for the web, 'news' for news articles with their dates."),
]
UiLang = Annotated[
    str | None,
    Field(
        description="Locale for the wording of the answer's own text, such as result ages ('en-US', 'de-DE', "
        "'fr-FR'); only Brave uses it, other providers ignore it."
    ),
]
IncludeDomains = Annotated[
    list[str] | None,
    Field(
        max_length=MAX_DOMAINS,
        description=f"Only results from these sites (and their subdomains): at most {MAX_DOMAINS} host names "
        "such as 'python.org'.",
    ),
]
ExcludeDomains = Annotated[
    list[str] | None,
    Field(
        max_length=MAX_DOMAINS,
        description=f"Never results from these sites (or their subdomains): at most {MAX_DOMAINS} host names "
        "such as 'pinterest.com'.",
    ),
]
Url = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=8192),
    Field(description="The http:// or https:// address of the page."),
]
MaxBytes = Annotated[
    int,
    Field(
        ge=1024, le=102400, description="Most bytes of Markdown to return in this window, 1024-102400 (default 51200)."
    ),
]
StartIndex = Annotated[
    int,
    Field(ge=0, description="Character offset to start from; use the value a cut window's note gives (default 0)."),
]

#: The accepted form of the arguments whose schema type alone does not say it.
FORMS = {
    "query": f"a string of 1 to {MAX_QUERY_CHARACTERS} characters after trimming spaces",
    "freshness": f"null or one of {FRESHNESS_FORMS}",
    "country": "null or an ISO 3166-1 alpha-2 code such as 'us'",
    "language": "null or an ISO 639-1 code such as 'en'",
    "url": "an http:// or https:// address of at most 8192 characters",
    "focus": f"null or a string of 1 to {MAX_QUERY_CHARACTERS} characters after trimming spaces",
    "topic": "'general' or 'news'",
    "ui_lang": "null or a locale such as 'en-US' or 'de-DE'",
    "include_domains": f"null or a list of at most {MAX_DOMAINS} host names such as 'python.org'",
    "exclude_domains": f"null or a list of at most {MAX_DOMAINS} host names such as 'pinterest.com'",
}


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
