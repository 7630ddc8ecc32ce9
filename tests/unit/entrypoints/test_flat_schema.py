"""Flat schemas: the same documents as pydantic's, without $ref, $defs or nullable anyOf."""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import BaseModel

from domain.models import Attempt, SearchOutcome, WebSearchResult
from entrypoints.flat_schema import flat_schema
from entrypoints.tool_schema import PageFetchResult, tool_definitions


def indirections(schema: Any) -> list[str]:
    text = json.dumps(schema)
    return [word for word in ('"$ref"', '"$defs"', '"anyOf"', '"oneOf"', '"allOf"') if word in text]


@pytest.mark.parametrize("tool", tool_definitions(), ids=lambda t: t.name)
def test_every_listed_schema_is_flat_and_arguments_are_closed(tool: Any) -> None:
    assert indirections(tool.input_schema) == [] and indirections(tool.output_schema) == []
    assert tool.input_schema["additionalProperties"] is False
    Draft202012Validator.check_schema(tool.input_schema)
    Draft202012Validator.check_schema(tool.output_schema)


def outcome(**changes: Any) -> dict[str, Any]:
    result = WebSearchResult(title="t", link="https://e/1", snippet="s", page_content="# Page", page_note="cut")
    base = SearchOutcome(
        query="q",
        provider="serper",
        results=[result, WebSearchResult(title="u", link="https://e/2", snippet="")],
        attempts=[Attempt(provider="tavily", outcome="timeout", detail="x"), Attempt(provider="serper", outcome="ok")],
        took_ms=3.5,
        answer="An answer.",
    )
    return {**base.model_dump(mode="json"), **changes}


@pytest.mark.parametrize(
    "instance",
    [outcome(), outcome(answer=None), outcome(results=[]), outcome(cached=True)],
    ids=["full", "no answer", "no results", "cached"],
)
def test_real_search_outcomes_validate_against_the_flat_schema(instance: dict[str, Any]) -> None:
    schema = flat_schema(SearchOutcome.model_json_schema(mode="serialization"))
    assert list(Draft202012Validator(schema).iter_errors(instance)) == []


@pytest.mark.parametrize(
    "instance",
    [
        outcome(answer=3),
        outcome(took_ms="fast"),
        outcome(results=[{"title": "t", "link": "l"}]),
        outcome(results=[{"title": "t", "link": "l", "snippet": "s", "page_content": 1}]),
    ],
    ids=["answer a number", "took_ms a string", "a result without snippet", "page_content a number"],
)
def test_wrong_outcomes_still_fail_the_flat_schema(instance: dict[str, Any]) -> None:
    schema = flat_schema(SearchOutcome.model_json_schema(mode="serialization"))
    assert list(Draft202012Validator(schema).iter_errors(instance)) != []


def test_a_page_window_validates_at_the_end_and_in_the_middle() -> None:
    schema = flat_schema(PageFetchResult.model_json_schema(mode="serialization"))
    window = {"url": "https://e", "content_type": "text/html", "content": "x", "start_index": 0, "end_index": 1,
              "total_chars": 9, "truncated": True, "next_start_index": 1}  # fmt: skip
    assert list(Draft202012Validator(schema).iter_errors(window)) == []
    assert list(Draft202012Validator(schema).iter_errors({**window, "next_start_index": None})) == []


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


class Inner(BaseModel):
    size: int


class Shapes(BaseModel):
    colour: Colour | None
    inner: Inner | None
    either: int | str


def test_nullable_references_and_enums_become_type_lists_and_other_unions_stay() -> None:
    schema = flat_schema(Shapes.model_json_schema())
    properties = schema["properties"]
    assert properties["colour"]["type"] == ["string", "null"]
    assert properties["colour"]["enum"] == ["red", "blue", None]
    assert properties["inner"]["type"] == ["object", "null"] and properties["inner"]["required"] == ["size"]
    assert properties["either"]["anyOf"] == [{"type": "integer"}, {"type": "string"}]
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"colour": None, "inner": None, "either": 1})
    assert validator.is_valid({"colour": "red", "inner": {"size": 2}, "either": "x"})
    assert not validator.is_valid({"colour": "green", "inner": None, "either": 1})


class Node(BaseModel):
    children: list[Node]


def test_a_recursive_model_cannot_be_flattened() -> None:
    with pytest.raises(ValueError, match="recursive schema through Node"):
        flat_schema(Node.model_json_schema())
