"""OpenAPI and Swagger descriptions read as an API reference, as JSON or YAML, bounded; other YAML as its text."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages import openapi_text
from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.openapi_text import is_openapi, is_reference, openapi_markdown, yaml_text
from domain.pages import FetchedPage

PAGES = Path(__file__).parents[3] / "support" / "pages"
SPEC = json.loads((PAGES / "relay_openapi.json").read_text("utf-8"))


def extract(body: bytes, content_type: str, url: str = "https://api.relay.example/openapi") -> str:
    return TrafilaturaExtractor().extract(FetchedPage(url, 200, content_type, "utf-8", body))


def test_a_json_description_reads_as_its_reference() -> None:
    markdown = extract((PAGES / "relay_openapi.json").read_bytes(), "application/json")
    assert markdown.startswith(
        "# Relay API (version 2.4.0)\n\n*An OpenAPI 3.1.0 description: 3 operations, 4 schemas.*\n\n"
        "Search the web through **several** providers.\n\nServers:\n\n- https://api.relay.example/v2: Production\n\n"
        "Authentication:\n\n- `bearer`: HTTP bearer (JWT)\n- `key`: an API key in the header `X-API-Key`\n\n"
        "## search\n\nWeb search.\n\n### `POST /search`: Search the web\n\n"
        "Runs the query on the first provider that answers.\n\n"
        # A parameter and a response by reference are read from the document's components.
        "Parameters:\n\n- `X-Trace` (header): string. A trace id.\n\n"
        "Request body (application/json, required): `Query`\n\n"
        "Responses:\n\n- `200` (application/json): array of `Result`. The results.\n"
        "- `429` (application/json): `Error`. Rate limit reached.\n\n## pages\n\n"
    )
    # The path's own parameters come with each of its operations; a deprecated one says so.
    assert "### `DELETE /pages/{id}`: Forget a page (deprecated)\n\nParameters:\n\n- `id` (path, required)" in markdown
    assert markdown.endswith(
        "## Schemas\n\n### Query\n\n- `q` (string, required): What to search for.\n"
        "- `providers` (array of string, one of: serper, tavily, brave)\n- `since` (string or null (date))\n\n"
        "### Result\n\n- `url` (string (uri))\n- `title` (string)\n- `page` (`Page`)\n\n"
        "### Page\n\nA page as read.\n\nall of: `Result`, object with `markdown`\n\n"
        "### Error\n\n- `message` (string)\n- `details` (map of string)\n"
    )
    assert is_reference(markdown)


@pytest.mark.parametrize(
    ("content_type", "url"),
    [
        ("application/yaml", "https://api.relay.example/openapi"),
        ("application/x-yaml", "https://api.relay.example/openapi"),
        ("text/plain", "https://raw.example/relay/swagger.yaml"),
    ],
)
def test_a_yaml_swagger_description_reads_as_its_reference(content_type: str, url: str) -> None:
    markdown = extract((PAGES / "relay_swagger.yaml").read_bytes(), content_type, url)
    assert markdown.startswith(
        "# Relay API (version 1.9)\n\n*A Swagger 2.0 description: 2 operations, 2 schemas.*\n\n"
        "Server: https://api.relay.example/v1\n\nAuthentication:\n\n- `key`: an API key in the query `api_key`\n"
        "- `oauth`: OAuth 2 (accessCode)\n\n## Operations\n\n### `GET /search`: Search the web\n\n"
        "Parameters:\n\n- `q` (query, required): string. What to search for.\n- `count` (query): integer (int32)\n\n"
        "Responses:\n\n- `200` (application/json): array of `Result`. The results.\n\n"
        "### `POST /search`: Search with options\n\nRequest body (application/json, required): `Query`\n\n"
    )


@pytest.mark.parametrize(
    "said",
    [
        "name: relay\nreplicas: 3\n",  # YAML, not an API description
        "openapi: 3.0.0\ninfo: [unclosed\n",  # does not parse
        "openapi: 3.0.0\ninfo: {title: x}\n",  # no paths
    ],
)
def test_other_yaml_reads_as_it_came(said: str) -> None:
    assert yaml_text(said) == said
    assert extract(said.encode(), "application/yaml") == said


def test_yaml_aliases_that_unfold_into_millions_cost_no_more_than_the_bounds() -> None:
    laughs = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    laughs += [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]" for i in range(7)]
    bomb = "openapi: 3.0.0\ninfo: {title: Laughs, version: '1'}\n" + "\n".join(laughs) + "\n"
    bomb += "paths:\n  /x:\n    get:\n      parameters: *h\n      responses: {'200': {description: ok}}\n"
    bomb += "components:\n  schemas:\n    Big: {type: object, enum: *h, properties: {p: {type: string, enum: *h}}}\n"
    markdown = yaml_text(bomb)  # ten million list items by alias, never walked or written out
    assert "### `GET /x`" in markdown and len(markdown) < 5_000


def test_every_list_is_read_up_to_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(openapi_text, "MAX_OPERATIONS", 2)
    monkeypatch.setattr(openapi_text, "MAX_PROPERTIES", 1)
    markdown = openapi_markdown(SPEC)
    assert markdown.count("\n### `") == 2
    assert "- `q` (string, required)" in markdown and "- ... 2 more properties" in markdown


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (SPEC, True),
        ({"swagger": "2.0", "paths": {}}, True),
        ({"openapi": "4.0", "paths": {}}, False),
        ({"openapi": 3.1, "paths": {}}, False),
        ({"openapi": "3.0.3"}, False),
        ([], False),
    ],
)
def test_a_description_is_known_by_its_version_and_paths(data: Any, expected: bool) -> None:
    assert is_openapi(data) is expected


_ODD: list[Any] = [None, 0, -1, True, "", "x", [], {}, "#/components/schemas/Missing", {"$ref": "#/x/y"},
                   {"$ref": 5}, "a" * 5_000, [{"$ref": "#/paths"}], 1e308]  # fmt: skip


def _mangled(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict):
        return {key: rng.choice(_ODD) if rng.random() < 0.15 else _mangled(item, rng) for key, item in value.items()}
    if isinstance(value, list):
        return [rng.choice(_ODD) if rng.random() < 0.15 else _mangled(item, rng) for item in value]
    return value


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mangled_description_is_written_or_left_as_json_never_a_crash(seed: int) -> None:
    mangled = _mangled(SPEC, random.Random(seed))
    markdown = extract(json.dumps(mangled).encode(), "application/json")
    assert is_reference(markdown) or markdown.startswith("```json")
