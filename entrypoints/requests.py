"""Turning the faces' raw arguments into a validated SearchRequest (shared by MCP and CLI)."""

from __future__ import annotations

from pydantic import ValidationError

from domain.arguments import clean_query
from domain.errors import InvalidRequestError
from domain.filters import Freshness
from domain.iso_codes import validate_country, validate_language
from domain.models import SearchRequest


def build_request(
    query: str,
    num_results: int = 3,
    *,
    return_full_pages: bool = False,
    freshness: str | None = None,
    country: str | None = None,
    language: str | None = None,
) -> SearchRequest:
    """Raises ``InvalidRequestError`` with a message that shows the accepted forms."""
    query = clean_query(query)
    if not 1 <= len(query) <= 2000:
        raise InvalidRequestError("query must be 1 to 2000 characters after trimming spaces.")
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
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
        raise InvalidRequestError(problems) from None
