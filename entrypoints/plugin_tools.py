"""The plugin face's tools: seed 002's web preset over the MCP tools' own argument models.

Seed 002 names the result count ``max_results`` (default 10, at most 20) where the MCP tool says
``num_results`` (default 3). The plugin's search model is the MCP model with that one field
swapped, so every other argument keeps its constraint, description and error sentence, and the
call is handed to the same body as an MCP ``WebSearchArguments``. ``web_fetch`` is the MCP
tool unchanged: its ``url`` and ``max_bytes`` (default 51,200, at most 102,400) are the preset's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, Field, create_model

from entrypoints.flat_schema import flat_schema
from entrypoints.search_request import MAX_RESULTS
from entrypoints.tool_arguments import parse_arguments
from entrypoints.tool_fields import FORMS
from entrypoints.tool_schema import (
    WEB_FETCH_DESCRIPTION,
    WEB_SEARCH_DESCRIPTION,
    WebFetchArguments,
    WebSearchArguments,
)

DEFAULT_MAX_RESULTS = 10

MaxResults = Annotated[
    int,
    Field(ge=1, le=MAX_RESULTS, description=f"How many results to return, 1-{MAX_RESULTS} (default 10)."),
]


def _search_model() -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for name, info in WebSearchArguments.model_fields.items():
        if name == "num_results":
            fields["max_results"] = (MaxResults, DEFAULT_MAX_RESULTS)
        else:
            fields[name] = (info.annotation, info)
    return create_model("PluginSearchArguments", __base__=_Strict, **fields)


class _Strict(BaseModel):
    model_config = WebSearchArguments.model_config


@dataclass(frozen=True)
class PluginTool:
    name: str
    description: str
    model: type[BaseModel]
    parameters: dict[str, Any]

    def listed(self) -> dict[str, Any]:
        """The tool as an ``init`` answer lists it."""
        return {"name": self.name, "description": self.description, "parameters": self.parameters}

    def arguments(self, raw: Mapping[str, Any]) -> WebSearchArguments | WebFetchArguments:
        """The call's params as the MCP tool's arguments; raises ``ArgumentProblems`` in the plugin's terms."""
        checked = parse_arguments(self.name, self.model, self.parameters, FORMS, raw)
        if isinstance(checked, WebFetchArguments):
            return checked
        values = checked.model_dump()
        values["num_results"] = values.pop("max_results")
        return WebSearchArguments.model_validate(values)


def plugin_tools() -> dict[str, PluginTool]:
    """The preset's tools by name, built once when the plugin starts."""
    search = _search_model()
    return {
        "web_search": PluginTool(
            "web_search", WEB_SEARCH_DESCRIPTION.replace("num_results", "max_results"), search, _schema(search)
        ),
        "web_fetch": PluginTool("web_fetch", WEB_FETCH_DESCRIPTION, WebFetchArguments, _schema(WebFetchArguments)),
    }


def _schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = flat_schema(model.model_json_schema())
    schema.pop("title", None)  # the model's class name says nothing to a runtime
    return schema
