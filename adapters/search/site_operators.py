"""Domain filters written into the query as ``site:`` operators, for providers without a domain parameter.

Google (through Serper), Brave, DuckDuckGo and the engines behind SearXNG all read ``site:example.com``
(only that site and its subdomains) and ``-site:example.com`` (not that site). Several included
sites are joined with ``OR``, which Google and Brave document; where an engine reads the operators
less strictly, the answer is still filtered afterwards (domain/domains.py), so no excluded site
reaches the caller either way.
"""

from __future__ import annotations

from domain.models import SearchRequest


def query_with_sites(request: SearchRequest) -> str:
    """The request's query with its include and exclude domains as operators after it."""
    parts = [request.query]
    if request.include_domains:
        parts.append(" OR ".join(f"site:{domain}" for domain in request.include_domains))
    parts += [f"-site:{domain}" for domain in request.exclude_domains]
    return " ".join(parts)
