"""The words an agent reads for the form of an argument, straight from the listed schema."""

from __future__ import annotations

import re
from typing import Any

import pytest

from entrypoints.search_request import build_request
from entrypoints.tool_arguments import ArgumentProblems, describe, parse_arguments
from entrypoints.tool_fields import FORMS
from entrypoints.tool_schema import WebFetchArguments, WebSearchArguments, tool_definitions

SEARCH_SCHEMA = tool_definitions()[0].input_schema


@pytest.mark.parametrize(
    ("prop", "words"),
    [
        ({"type": "integer", "minimum": 1, "maximum": 20}, "a whole number from 1 to 20"),
        ({"type": "integer", "minimum": 0}, "a whole number of 0 or more"),
        ({"type": "integer"}, "a whole number"),
        ({"type": ["integer", "null"], "minimum": 1, "maximum": 5}, "a whole number from 1 to 5 or null"),
        ({"type": "boolean"}, "true or false"),
        ({"type": "string", "minLength": 1, "maxLength": 10}, "a string of 1 to 10 characters"),
        ({"type": ["string", "null"]}, "a string or null"),
    ],
)
def test_a_schema_property_is_described_in_plain_words(prop: dict[str, Any], words: str) -> None:
    assert describe(prop) == words


def test_valid_arguments_come_back_as_the_model_with_defaults_and_trimmed_text() -> None:
    parsed = parse_arguments("web_search", WebSearchArguments, SEARCH_SCHEMA, FORMS, {"query": "  mcp  "})
    assert parsed == WebSearchArguments(query="mcp", num_results=3, return_full_pages=True)


def test_problems_follow_the_schema_order_then_the_unknown_arguments() -> None:
    raw = {"zzz": 1, "language": 5, "query": 7, "aaa": 2}
    with pytest.raises(ArgumentProblems) as caught:
        parse_arguments("web_search", WebSearchArguments, SEARCH_SCHEMA, FORMS, raw)
    assert str(caught.value).splitlines() == [
        "Invalid arguments for web_search; nothing was done:",
        "query must be a string of 1 to 2000 characters after trimming spaces; got 7.",
        "language must be null or an ISO 639-1 code such as 'en'; got 5.",
        "Unknown arguments aaa, zzz; web_search accepts query, num_results, return_full_pages, freshness, country, "
        "language, topic, include_domains, exclude_domains, ui_lang, max_chars.",
    ]


@pytest.mark.parametrize(
    "value",
    [1.5, 3.0, "3", True, None, [3], {"n": 3}],
    ids=["a fraction", "a float", "a numeric string", "a boolean", "null", "a list", "an object"],
)
def test_only_a_json_integer_is_a_whole_number(value: Any) -> None:
    schema = tool_definitions()[1].input_schema
    with pytest.raises(ArgumentProblems, match="start_index must be a whole number of 0 or more"):
        parse_arguments("web_fetch", WebFetchArguments, schema, FORMS, {"url": "https://e", "start_index": value})


def test_no_library_words_reach_the_agent() -> None:
    raw = {"query": None, "num_results": "x" * 500, "freshness": [1], "extra": {}}
    with pytest.raises(ArgumentProblems) as caught:
        parse_arguments("web_search", WebSearchArguments, SEARCH_SCHEMA, FORMS, raw)
    text = str(caught.value)
    for library_word in ("pydantic", "errors.pydantic.dev", "type=", "input_value", "Input should", "Arguments"):
        assert library_word not in text
    assert re.search(r"\b(int|str|bool|dict|NoneType)\b", text) is None  # no type names
    assert max(len(line) for line in text.splitlines()) < 200  # a long value is cut, not echoed


def test_every_web_search_argument_is_a_build_request_parameter_of_the_same_name() -> None:
    # The MCP face passes the parsed arguments on as keywords: a renamed field must fail here.
    arguments = WebSearchArguments(query="q", num_results=4, return_full_pages=True, freshness="pw", language="de")
    request = build_request(**arguments.search_arguments())
    assert (request.num_results, request.return_full_pages, str(request.freshness), request.language) == (
        4,
        True,
        "pw",
        "de",
    )


def test_a_value_shown_back_is_cut_without_a_stray_quote_and_without_a_urls_credentials() -> None:
    schema = tool_definitions()[1].input_schema
    url = "https://alice:pw-9f2c@" + "a" * 9_000 + ".example/"
    with pytest.raises(ArgumentProblems) as caught:
        parse_arguments("web_fetch", WebFetchArguments, schema, FORMS, {"url": url})
    assert str(caught.value).endswith('; got "https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…".')  # no "alice:pw-9f2c@"
    with pytest.raises(ArgumentProblems) as caught:
        parse_arguments("web_search", WebSearchArguments, SEARCH_SCHEMA, FORMS, {"query": "q", "num_results": 10**60})
    assert str(caught.value).endswith("; got 100000000000000000000000000000000000000….")  # a number, not a string
