"""Turning a face's raw search arguments into a validated SearchRequest (shared by MCP and the terminal)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from domain.arguments import clean_query
from domain.domains import check_disjoint, parse_domains
from domain.errors import InvalidRequestError
from domain.filters import Freshness, Topic
from domain.iso_codes import validate_country, validate_language
from domain.models import SearchRequest

MAX_QUERY_CHARACTERS = 2000
MAX_RESULTS = 20


def build_request(
    query: str,
    num_results: int = 3,
    *,
    return_full_pages: bool = True,
    freshness: str | None = None,
    country: str | None = None,
    language: str | None = None,
    topic: str = "general",
    ui_lang: str | None = None,
    include_domains: Sequence[str] | None = None,
    exclude_domains: Sequence[str] | None = None,
) -> SearchRequest:
    """Raises ``InvalidRequestError`` with a message that shows the accepted forms."""
    query = clean_query(query)
    include = parse_domains("include_domains", include_domains or ())
    exclude = parse_domains("exclude_domains", exclude_domains or ())
    check_disjoint(include, exclude)
    if not 1 <= len(query) <= MAX_QUERY_CHARACTERS:
        raise InvalidRequestError(f"query must be 1 to {MAX_QUERY_CHARACTERS} characters after trimming spaces.")
    if isinstance(num_results, bool) or not 1 <= num_results <= MAX_RESULTS:
        raise InvalidRequestError(f"num_results must be a whole number from 1 to {MAX_RESULTS}.")
    try:
        return SearchRequest(
            query=query,
            num_results=num_results,
            return_full_pages=return_full_pages,
            freshness=Freshness.parse(freshness) if freshness and freshness.strip() else None,
            country=validate_country(country.strip()) if country and country.strip() else None,
            language=validate_language(language.strip()) if language and language.strip() else None,
            topic=_topic(topic),
            ui_lang=validate_ui_lang(ui_lang) if ui_lang and ui_lang.strip() else None,
            include_domains=include,
            exclude_domains=exclude,
        )
    except ValidationError as error:
        # Unreachable with the checks above; if the model gains a rule, name the argument, not pydantic's words.
        names = ", ".join(sorted({str(e["loc"][0]) for e in error.errors() if e["loc"]}))
        raise InvalidRequestError(f"invalid search argument(s): {names}.") from None


def validate_ui_lang(code: str) -> str:
    """Brave's spelling of a ``ui_lang`` locale (``en-US``); raises ``InvalidRequestError`` naming the choices.

    Only Brave has an interface locale, so its documented list is the one the value is checked against.
    """
    # Imported here: a server whose chain has no Brave does not load Brave's adapter to start.
    from adapters.search.brave import BRAVE_UI_LANGS

    language, _, country = code.strip().replace("_", "-").partition("-")
    canonical = f"{language.lower()}-{country.upper()}"
    if canonical in BRAVE_UI_LANGS:
        return canonical
    raise InvalidRequestError(
        f"ui_lang {code!r} is not one of Brave's interface locales ({', '.join(sorted(BRAVE_UI_LANGS))})."
    )


def _topic(topic: str) -> Topic:
    try:
        return Topic(topic.strip().lower())
    except ValueError:
        raise InvalidRequestError(f"topic {topic!r} is not valid; use 'general' or 'news'.") from None
