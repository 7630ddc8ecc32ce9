"""Turning one provider item (a JSON object of unknown quality) into a WebSearchResult."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from domain.models import WebSearchResult

# A date or a site name longer than this is not one: keep the result, drop the field.
_PUBLISHED_CHARS = 64
_SITE_NAME_CHARS = 120


class ItemKeys(NamedTuple):
    """Where one provider's item keeps each field; ``published`` and ``site_name`` only where it has them."""

    title: str
    link: str
    snippet: str
    published: str | None = None
    site_name: str | None = None


def first_results(
    items: Iterable[Any],
    limit: int,
    keys: ItemKeys,
    prepare: Callable[[Any], Any] = lambda item: item,
) -> list[WebSearchResult]:
    """The first ``limit`` usable results of ``items``, their fields found under ``keys``.

    Stops at ``limit``: a provider that answers with more items than asked for costs no more
    than one that answers with exactly as many.
    """
    usable = (r for item in items if (r := result_from_item(prepare(item), keys)))
    return list(islice(usable, max(limit, 0)))


def result_from_item(item: Any, keys: ItemKeys) -> WebSearchResult | None:
    """A result from one item, or ``None`` when it has no usable link.

    Providers send items without a snippet, with numbers or nulls in text fields, or with a
    link that is not a web address; a missing title or snippet is repaired, a missing link skips
    the item (a hit the agent cannot open is noise). A missing or odd date or site name is left out.
    """
    if not isinstance(item, dict):
        return None
    link = _text(item.get(keys.link))
    if not _is_web_link(link):
        return None
    title = _text(item.get(keys.title)) or link
    return WebSearchResult(
        title=title,
        link=link,
        snippet=_text(item.get(keys.snippet)),
        published=_short(item, keys.published, _PUBLISHED_CHARS),
        site_name=_short(item, keys.site_name, _SITE_NAME_CHARS),
    )


def _short(item: dict[str, Any], key: str | None, most: int) -> str | None:
    if key is None:
        return None
    value = item.get(key)
    text = " ".join(value.split()) if isinstance(value, str) else ""
    return text if 0 < len(text) <= most else None


def _text(value: Any) -> str:
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


def _is_web_link(link: str) -> bool:
    parts = urlsplit(link)
    return parts.scheme in ("http", "https") and bool(parts.netloc)
