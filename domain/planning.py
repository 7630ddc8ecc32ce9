"""Deciding before the call: what a provider is sent for a request, or why it is not asked at all.

Every search adapter has a pure ``plan(request) -> WireRequest | Refusal``. A ``WireRequest`` is
the provider call as plain data (method, URL, query string, body), so a test can read exactly how
each filter maps to the wire without any HTTP. A ``Refusal`` says why the provider cannot honour
the request as asked; the chain skips that provider and records why, instead of sending a request
that would come back as a 4xx and stop the chain. Filters are never dropped silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from domain.filters import Filter
from domain.models import SearchRequest


@dataclass(frozen=True)
class WireRequest:
    """One provider call as data. Holds no secret: the adapter adds its key when it sends."""

    method: Literal["GET", "POST"]
    url: str
    params: Mapping[str, str] = field(default_factory=dict)  # the query string
    json: Mapping[str, Any] | None = None  # a JSON body
    form: Mapping[str, str] | None = None  # a form-encoded body
    headers: Mapping[str, str] = field(default_factory=dict)
    limit: int = 20  # how many results to keep from the answer


@dataclass(frozen=True)
class Refusal:
    """Why a provider is not asked. ``unsupported`` names the filters it lacks altogether.

    A refusal of one filter *value* (a country the provider has no index for, a date range it
    cannot express) leaves ``unsupported`` empty: the provider does know the filter.
    """

    reason: str
    unsupported: frozenset[Filter] = frozenset()


def refuse_missing(request: SearchRequest, honoured: frozenset[Filter]) -> Refusal | None:
    """A refusal naming every requested filter outside ``honoured``, or None when all are honoured."""
    missing = request.requested_filters() - honoured
    if not missing:
        return None
    return Refusal(f"does not support {', '.join(sorted(missing))}", frozenset(missing))
