"""Checking a tool call's arguments, and saying what is wrong in the agent's terms.

pydantic checks the arguments against the tool's strict argument model; what reaches the agent is
ours alone: one sentence per problem, naming the argument and the form it takes (read from the
same schema the client was given), never pydantic's wording, links or type names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from domain.redaction import without_userinfo

Arguments = TypeVar("Arguments", bound=BaseModel)
_SHOWN_CHARACTERS = 40


class ArgumentProblems(Exception):
    """The arguments cannot be used; ``str()`` is the message for the agent."""

    def __init__(self, tool: str, sentences: list[str]) -> None:
        super().__init__(f"Invalid arguments for {tool}; nothing was done:\n" + "\n".join(sentences))
        #: The same message on one line, for a protocol whose error results are one line.
        self.one_line = f"Invalid arguments for {tool}; nothing was done: " + " ".join(sentences)


def parse_arguments(
    tool: str, model: type[Arguments], schema: Mapping[str, Any], forms: Mapping[str, str], raw: Mapping[str, Any]
) -> Arguments:
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise ArgumentProblems(tool, _sentences(tool, schema, forms, raw, error)) from None


def _sentences(
    tool: str, schema: Mapping[str, Any], forms: Mapping[str, str], raw: Mapping[str, Any], error: ValidationError
) -> list[str]:
    properties: Mapping[str, Any] = schema["properties"]
    unknown = sorted({str(e["loc"][0]) for e in error.errors() if e["type"] == "extra_forbidden" and e["loc"]})
    sentences = []
    wrong = {str(e["loc"][0]) for e in error.errors() if e["loc"]}
    for name in [name for name in properties if name in wrong]:
        form = forms.get(name) or describe(properties[name])
        if name in raw:
            sentences.append(f"{name} must be {form}; got {_shown(raw[name])}.")
        else:
            sentences.append(f"{name} is required: {form}.")
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        sentences.append(f"Unknown argument{plural} {', '.join(unknown)}; {tool} accepts {', '.join(properties)}.")
    return sentences


def describe(prop: Mapping[str, Any]) -> str:
    """The accepted form of one schema property, in words."""
    kinds = prop["type"] if isinstance(prop.get("type"), list) else [prop.get("type")]
    nullable = " or null" if "null" in kinds else ""
    if "integer" in kinds:
        low, high = prop.get("minimum"), prop.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}{nullable}"
        return f"a whole number of {low} or more{nullable}" if low is not None else f"a whole number{nullable}"
    if "boolean" in kinds:
        return f"true or false{nullable}"
    if "string" in kinds:
        shortest, longest = prop.get("minLength", 0), prop.get("maxLength")
        length = f" of {shortest} to {longest} characters" if longest is not None else ""
        return f"a string{length}{nullable}"
    return "a value of the form the tool's schema gives"


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):  # a URL's credentials are never shown, here neither (an over-long url)
        value = without_userinfo(value)
    text = json.dumps(value, ensure_ascii=False)
    if len(text) <= _SHOWN_CHARACTERS:
        return text
    return text[: _SHOWN_CHARACTERS - 1] + ('…"' if isinstance(value, str) else "…")
