"""Reading fields of an API's JSON without trusting its shape: a wrong type reads as missing."""

from __future__ import annotations

import html
import math
import re
from datetime import UTC, datetime
from typing import Any

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def obj(value: Any, *path: str) -> dict[str, Any]:
    """The object at ``path`` under ``value``, or an empty one."""
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, dict) else {}


def objs(value: Any) -> list[dict[str, Any]]:
    """The objects in a list (anything else in it is skipped); [] for a non-list."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def strings(value: Any) -> list[str]:
    """The strings in a list (anything else in it is skipped); [] for a non-list."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def one_line(value: Any) -> str:
    """A string field on one line ("" for anything else): an answer's newlines would start a heading,
    a list or a section of their own in the Markdown it is written into."""
    return " ".join(text(value).split())


def number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def unescaped(value: Any) -> str:
    """A plain-text field an API sends HTML-escaped (StackExchange titles and names)."""
    return html.unescape(text(value)).strip()


def day_from_unix(value: Any) -> str:
    """A Unix time as a day; whole seconds (StackExchange) or fractional ones (Reddit)."""
    if isinstance(value, float) and math.isfinite(value) and abs(value) < 2**37:
        value = int(value)
    seconds = number(value)
    if seconds is None or not 0 <= seconds < 2**37:
        return ""
    return datetime.fromtimestamp(seconds, tz=UTC).strftime("%Y-%m-%d")


def day_from_iso(value: Any) -> str:
    match = _ISO_DATE.match(text(value))
    return match.group(0) if match else ""


def account_name(handle: str, display_name: str) -> str:
    """ "Ada (@ada.example.com)" for a social account, or what of it is known."""
    name = " ".join(display_name.split())
    if handle and name and name != handle:
        return f"{name} (@{handle})"
    return f"@{handle}" if handle else (name or "an unknown account")


def byline(author: str, day: str, *, verb: str = "by") -> str:
    """ "by alice on 2024-01-02", leaving out what is unknown."""
    parts = [f"{verb} {author or 'an unknown user'}"]
    if day:
        parts.append(f"on {day}")
    return " ".join(parts)


def size_text(value: Any) -> str:
    """A file's size in bytes as a reader writes it ("512 B", "1.2 kB", "3.4 MB", "1.5 GB"); "" when
    ``value`` is not a size (any integer an answer holds, 10**400 included, is not one)."""
    size = number(value)
    if size is None or not 0 <= size < 10**15:
        return ""
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"
