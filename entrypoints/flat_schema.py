"""JSON Schemas without indirection, so that clients check arguments and results quickly.

pydantic writes a nested model as a ``$ref`` into ``$defs`` and ``X | None`` as
``anyOf: [X, {"type": "null"}]``. Both are valid, but a validator resolves every ``$ref`` and tries
every ``anyOf`` branch on every check, and MCP clients check ``structuredContent`` against the
output schema on every call. Here every reference is written out in place (our models are not
recursive) and a nullable scalar becomes ``"type": [X, "null"]``: the same set of documents,
about four times faster to check (bench/overhead.py prints both).
"""

from __future__ import annotations

from typing import Any

_REF_PREFIX = "#/$defs/"


def flat_schema(schema: dict[str, Any]) -> dict[str, Any]:
    definitions: dict[str, Any] = schema.get("$defs", {})
    flat: dict[str, Any] = _flatten(schema, definitions, ())
    return flat


def _flatten(node: Any, definitions: dict[str, Any], seen: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_flatten(item, definitions, seen) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].removeprefix(_REF_PREFIX)
        if name in seen:
            raise ValueError(f"recursive schema through {name}; flat schemas need acyclic models")
        target = _flatten(definitions[name], definitions, (*seen, name))
        rest = {key: _flatten(value, definitions, seen) for key, value in node.items() if key != "$ref"}
        return {**target, **rest}
    flat = {key: _flatten(value, definitions, seen) for key, value in node.items() if key != "$defs"}
    if "anyOf" in flat:
        return _nullable(flat)
    return flat


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    """``anyOf: [{type: X, ...}, {type: null}]`` -> ``type: [X, "null"]``; any other anyOf stays."""
    options = node["anyOf"]
    others = [option for option in options if option != {"type": "null"}]
    if len(options) != 2 or len(others) != 1 or not isinstance(others[0].get("type"), str):
        return node
    (option,) = others
    merged = {key: value for key, value in node.items() if key != "anyOf"}
    merged.update({key: value for key, value in option.items() if key not in merged})
    merged["type"] = [option["type"], "null"]
    if "enum" in merged and None not in merged["enum"]:
        merged["enum"] = [*merged["enum"], None]
    return merged
