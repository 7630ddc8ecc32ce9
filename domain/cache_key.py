"""The cache key of a search request: equal for requests that must share an answer, distinct otherwise.

Everything that changes the answer is in the key (the normalized query, the number of results,
every filter, the topic, the domain lists and Brave's interface locale); nothing else is. Whether
full pages were asked for is not: pages are cached apart, by URL, so the same answer serves a
call with pages and one without. Queries that differ only in case, surrounding or repeated
whitespace, or Unicode composition are the same search. The key is a sha256 over a canonical
JSON form, so it is stable across processes (no ``hash()`` randomization), fixed in length for
shared stores, and free of the query text itself.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata

from domain.models import SearchRequest

#: Bump when the key's ingredients change, so old entries in a shared store are never misread.
CACHE_KEY_VERSION = "v3"
# Made once: ``json.dumps`` with these options builds a new encoder on every call (a third of its cost).
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def normalize_query(query: str) -> str:
    """The query as the cache sees it: NFC, whitespace collapsed and trimmed, case-folded."""
    return " ".join(unicodedata.normalize("NFC", query).split()).casefold()


def cache_key(request: SearchRequest) -> str:
    material = {
        "query": normalize_query(request.query),
        "num_results": request.num_results,
        "freshness": None if request.freshness is None else str(request.freshness),
        "country": _normalize_code(request.country),
        "language": _normalize_code(request.language),
        "topic": request.topic.value,
        "ui_lang": _normalize_code(request.ui_lang),
        # Order does not change the answer, so it does not change the key.
        "include_domains": sorted(request.include_domains),
        "exclude_domains": sorted(request.exclude_domains),
    }
    canonical = _CANONICAL.encode(material)
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return f"search:{CACHE_KEY_VERSION}:{digest}"


def _normalize_code(code: str | None) -> str | None:
    return None if code is None else code.strip().casefold()
