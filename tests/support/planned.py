"""Driving one adapter as the chain does: plan the request, then send the planned call."""

from __future__ import annotations

from domain.models import ProviderAnswer, SearchRequest
from domain.planning import Refusal, WireRequest
from domain.ports import SearchPort


def wire_of(port: SearchPort, request: SearchRequest) -> WireRequest:
    """The planned call; fails the test when the adapter refuses the request."""
    planned = port.plan(request)
    assert isinstance(planned, WireRequest), planned
    return planned


def refusal_of(port: SearchPort, request: SearchRequest) -> Refusal:
    """The refusal; fails the test when the adapter would send the request."""
    planned = port.plan(request)
    assert isinstance(planned, Refusal), planned
    return planned


async def search(port: SearchPort, request: SearchRequest) -> ProviderAnswer:
    return await port.send(wire_of(port, request))
