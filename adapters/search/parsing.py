"""Turning one provider item (a JSON object of unknown quality) into a WebSearchResult."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any
from urllib.parse import urlsplit

from domain.models import WebSearchResult


def first_results(
    items: Iterable[Any],
    limit: int,
    keys: tuple[str, str, str],
    prepare: Callable[[Any], Any] = lambda item: item,
) -> list[WebSearchResult]:
    """The first ``limit`` usable results of ``items``; ``keys`` name the title, link and snippet fields.

    Stops at ``limit``: a provider that answers with more items than asked for costs no more
    than one that answers with exactly as many.
    """
    usable = (r for item in items if (r := result_from_item(prepare(item), *keys)))
    return list(islice(usable, max(limit, 0)))


def result_from_item(item: Any, title_key: str, link_key: str, snippet_key: str) -> WebSearchResult | None:
    """A result from one item, or ``None`` when it has no usable link.

    Providers send items without a snippet, with numbers or nulls in text fields, or with a
    link that is not a web address; a missing title or snippet is repaired, a missing link skips
    the item (a hit the agent cannot open is noise).
    """
    if not isinstance(item, dict):
        return None
    link = _text(item.get(link_key))
    if not _is_web_link(link):
        return None
    title = _text(item.get(title_key)) or link
    return WebSearchResult(title=title, link=link, snippet=_text(item.get(snippet_key)))


def _text(value: Any) -> str:
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


def _is_web_link(link: str) -> bool:
    parts = urlsplit(link)
    return parts.scheme in ("http", "https") and bool(parts.netloc)
