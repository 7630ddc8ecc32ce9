"""Search filters as validated value objects, and the names adapters use to declare support."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Literal

from domain.errors import InvalidRequestError

Period = Literal["pd", "pw", "pm", "py"]
_PERIODS: tuple[Period, ...] = ("pd", "pw", "pm", "py")
_RANGE = re.compile(r"^(\d{4}-\d{2}-\d{2})to(\d{4}-\d{2}-\d{2})$")
FRESHNESS_FORMS = "pd (past day), pw (past week), pm (past month), py (past year) or YYYY-MM-DDtoYYYY-MM-DD"


class Filter(StrEnum):
    """A filter a request can carry; adapters declare the set they honour (their capabilities)."""

    FRESHNESS = "freshness"  # a period back from now: pd, pw, pm, py
    FRESHNESS_RANGE = "freshness date range"  # YYYY-MM-DDtoYYYY-MM-DD
    COUNTRY = "country"
    LANGUAGE = "language"
    NEWS = "news topic"  # topic "news": a news index, with publication dates
    INCLUDE_DOMAINS = "include_domains"
    EXCLUDE_DOMAINS = "exclude_domains"


class Topic(StrEnum):
    """Which index to search: the general web, or news (recent articles, with their dates)."""

    GENERAL = "general"
    NEWS = "news"


@dataclass(frozen=True)
class Freshness:
    """Either a period back from now or an inclusive date range - never both."""

    period: Period | None = None
    start: date | None = None
    end: date | None = None

    @classmethod
    def parse(cls, text: str) -> Freshness:
        value = text.strip().lower()
        if value in _PERIODS:
            return cls(period=value)
        match = _RANGE.match(value)
        if match is None:
            raise InvalidRequestError(f"freshness {text!r} is not valid; use {FRESHNESS_FORMS}.")
        try:
            start, end = date.fromisoformat(match[1]), date.fromisoformat(match[2])
        except ValueError:
            raise InvalidRequestError(f"freshness {text!r} holds an impossible date; use {FRESHNESS_FORMS}.") from None
        if start > end:
            raise InvalidRequestError(f"freshness {text!r} starts after it ends; put the earlier date first.")
        return cls(start=start, end=end)

    def __str__(self) -> str:
        if self.period is not None:
            return self.period
        return f"{self.start}to{self.end}"
