"""Turning a face's raw search arguments into a validated SearchRequest (shared by MCP and the terminal)."""

from __future__ import annotations

from pydantic import ValidationError

from domain.arguments import clean_query
from domain.errors import InvalidRequestError
from domain.filters import Freshness
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
) -> SearchRequest:
    """Raises ``InvalidRequestError`` with a message that shows the accepted forms."""
    query = clean_query(query)
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
        )
    except ValidationError as error:
        # Unreachable with the checks above; if the model gains a rule, name the argument, not pydantic's words.
        names = ", ".join(sorted({str(e["loc"][0]) for e in error.errors() if e["loc"]}))
        raise InvalidRequestError(f"invalid search argument(s): {names}.") from None
