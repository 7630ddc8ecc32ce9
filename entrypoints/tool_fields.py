"""The tools' arguments one by one: type, constraints and the description the model reads.

``FORMS`` says, for the arguments whose schema type alone does not, what form a value takes; the
error sentences of entrypoints/tool_arguments.py use it. The argument models themselves are in
entrypoints/tool_schema.py.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from domain.budget import DEFAULT_MAX_CHARS, MAX_MAX_CHARS, MIN_MAX_CHARS
from domain.domains import MAX_DOMAINS
from domain.filters import FRESHNESS_FORMS
from entrypoints.search_request import MAX_QUERY_CHARACTERS, MAX_RESULTS

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
