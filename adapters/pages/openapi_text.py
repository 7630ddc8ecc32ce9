"""An OpenAPI (3.x) or Swagger (2.0) description of an HTTP API as a reference an agent reads.

An agent asked to call an API is often handed its description: the JSON or YAML document itself,
or the Swagger UI or Redoc page drawn from it (``adapters/sites/api_explorers.py`` finds the
document behind those). As JSON it read as megabytes of nesting, every schema inlined by
reference; written here it is what the API's reference page shows: the API's title, servers and
authentication, then each operation under its tag (method and path, summary, description,
parameters, request body, responses, each schema named rather than inlined), then the schemas
with their properties.

Untrusted like any page and bounded: only the document's own ``$ref``s are followed (``#/...``),
one level, never a file or address; every list is read up to a bound (operations, parameters,
properties, enum values), so a YAML document whose aliases make a list of millions costs no more
than its bounds; a schema's type is described to a fixed depth.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from adapters.json_fields import obj, objs, strings, text

MAX_OPERATIONS = 1_000
MAX_SCHEMAS = 500
MAX_PROPERTIES = 100
MAX_PARAMETERS = 100
MAX_RESPONSES = 30
_MAX_ENUM = 12
_MAX_NAMED = 8  # properties named in an inline object's one-line description
_MAX_DESCRIPTION = 4_000
_TYPE_DEPTH = 3
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_WHITESPACE = re.compile(r"\s+")
_REFERENCE_LINE = re.compile(r"\*An? (?:OpenAPI|Swagger) \S{0,40} description: ")


#: Types YAML is served as; an OpenAPI document in YAML is read as one, any other YAML as its text.
YAML_TYPES = frozenset(
    {"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "application/vnd.oai.openapi"}
)
# What an OpenAPI document in YAML opens with (its first key, at the start of a line, in its first 4 KB).
_YAML_MARK = re.compile(r"^(?:openapi|swagger)\s*:", re.MULTILINE)


def named_yaml(url: str) -> bool:
    """A YAML file by its name (raw-file hosts serve them as plain text)."""
    return urlsplit(url).path.lower().endswith((".yaml", ".yml"))


def yaml_text(said: str) -> str:
    """An OpenAPI document in YAML as its reference; any other YAML (or one that does not parse) as it came."""
    if not _YAML_MARK.search(said[:4096]):
        return said
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when the wheel has it
    try:
        parsed = yaml.load(said, Loader=loader)  # noqa: S506 - a safe loader: plain data, no objects
    except (yaml.YAMLError, RecursionError, ValueError):
        return said
    return openapi_markdown(parsed) if is_openapi(parsed) else said


def is_openapi(data: Any) -> bool:
    """Pure: ``data`` (parsed JSON or YAML) is an OpenAPI 3 or Swagger 2 document with paths."""
    if not isinstance(data, dict) or not isinstance(data.get("paths"), dict):
        return False
    version = data.get("openapi", data.get("swagger"))
    return isinstance(version, str) and version.startswith(("3.", "2.0"))


def openapi_markdown(spec: dict[str, Any]) -> str:
    return _Writer(spec).markdown()


def is_reference(markdown: str) -> bool:
    """Pure: ``markdown`` is what ``openapi_markdown`` wrote (its third line says what it describes)."""
    lines = markdown.split("\n", 3)
    return len(lines) > 2 and _REFERENCE_LINE.match(lines[2]) is not None


class _Writer:
    def __init__(self, spec: dict[str, Any]) -> None:
        self._spec = spec
        self._swagger = isinstance(spec.get("swagger"), str)

    def markdown(self) -> str:
        info = obj(self._spec, "info")
        title = _line(info.get("title")) or "An HTTP API"
        version = _line(info.get("version"))
        operations = self._operations()
        schemas = self._schemas()
        kind = (
            f"Swagger {_line(self._spec.get('swagger'))}"
            if self._swagger
            else f"OpenAPI {_line(self._spec.get('openapi'))}"
        )
        lines = [f"# {title}" + (f" (version {version})" if version else ""), ""]
        counted = f"{len(operations):,} operation{'s' if len(operations) != 1 else ''}"
        lines += [f"*{'A' if self._swagger else 'An'} {kind} description: {counted}, {len(schemas):,} schemas.*", ""]
        if about := _block(info.get("description")):
            lines += [about, ""]
        lines += self._servers() + self._security()
        by_tag: dict[str, list[str]] = {}
        for tag, written in operations:
            by_tag.setdefault(tag, []).append(written)
        described = {_line(tag.get("name")): _block(tag.get("description")) for tag in objs(self._spec.get("tags"))}
        for tag in sorted(
            by_tag, key=lambda name: list(described).index(name) if name in described else len(described)
        ):
            lines += [f"## {tag or 'Operations'}", ""]
            if described.get(tag):
                lines += [described[tag], ""]
            lines += by_tag[tag]
        if schemas:
            lines += ["## Schemas", "", *schemas]
        return "\n".join(lines).strip() + "\n"

    def _servers(self) -> list[str]:
        if self._swagger:
            host = _line(self._spec.get("host"))
            schemes = strings(self._spec.get("schemes")) or ["https"]
            base = _line(self._spec.get("basePath"))
            return [f"Server: {schemes[0]}://{host}{base}", ""] if host else []
        servers = [
            f"- {_line(server.get('url'))}"
            + (f": {_line(server.get('description'))}" if server.get("description") else "")
            for server in objs(self._spec.get("servers"))[:20]
            if _line(server.get("url"))
        ]
        return ["Servers:", "", *servers, ""] if servers else []

    def _security(self) -> list[str]:
        schemes = (
            obj(self._spec, "securityDefinitions")
            if self._swagger
            else obj(self._spec, "components", "securitySchemes")
        )
        said = [
            f"- `{name}`: {_scheme(scheme)}" for name, scheme in list(schemes.items())[:20] if isinstance(scheme, dict)
        ]
        return ["Authentication:", "", *said, ""] if said else []

    def _operations(self) -> list[tuple[str, str]]:
        written: list[tuple[str, str]] = []
        for path, item in list(obj(self._spec, "paths").items())[:MAX_OPERATIONS]:
            item = self._resolved(item)
            shared = objs(item.get("parameters"))
            for method in _METHODS:
                operation = item.get(method)
                if isinstance(operation, dict) and len(written) < MAX_OPERATIONS:
                    tags = strings(operation.get("tags"))
                    written.append(
                        (_line(tags[0]) if tags else "", self._operation(method, str(path), operation, shared))
                    )
        return written

    def _operation(self, method: str, path: str, operation: dict[str, Any], shared: list[dict[str, Any]]) -> str:
        summary = _line(operation.get("summary"))
        heading = f"### `{method.upper()} {path}`" + (f": {summary}" if summary else "")
        lines = [heading + (" (deprecated)" if operation.get("deprecated") is True else ""), ""]
        if about := _block(operation.get("description")):
            lines += [about, ""]
        parameters = [self._resolved(p) for p in (shared + objs(operation.get("parameters")))[:MAX_PARAMETERS]]
        body = next((p for p in parameters if p.get("in") == "body"), None)
        listed = [self._parameter(p) for p in parameters if p.get("in") not in ("body", None)]
        if listed:
            lines += ["Parameters:", "", *listed, ""]
        if request := self._request(operation, body):
            lines += [request, ""]
        responses = [self._response(str(code), self._resolved(answer), operation)
                     for code, answer in list(obj(operation, "responses").items())[:MAX_RESPONSES]]  # fmt: skip
        if responses:
            lines += ["Responses:", "", *responses, ""]
        return "\n".join(lines)

    def _parameter(self, parameter: dict[str, Any]) -> str:
        schema = obj(parameter, "schema") if "schema" in parameter else parameter
        marks = [_line(parameter.get("in")), "required" if parameter.get("required") is True else ""]
        described = _line(parameter.get("description"))
        return (f"- `{_line(parameter.get('name'))}` ({', '.join(m for m in marks if m)}): {self._type(schema)}"
                + (f". {described}" if described else ""))  # fmt: skip

    def _request(self, operation: dict[str, Any], body: dict[str, Any] | None) -> str:
        if self._swagger:
            if body is None:
                return ""
            kinds = strings(operation.get("consumes")) or strings(self._spec.get("consumes")) or ["application/json"]
            required, schema, about = body.get("required") is True, obj(body, "schema"), _line(body.get("description"))
        else:
            request = self._resolved(operation.get("requestBody"))
            content = obj(request, "content")
            if not content:
                return ""
            kinds = list(content)[:5]
            required, about = request.get("required") is True, _line(request.get("description"))
            schema = obj(content, kinds[0], "schema")
        head = f"Request body ({', '.join(kinds)}{', required' if required else ''}): {self._type(schema)}"
        return head + (f". {about}" if about else "")

    def _response(self, code: str, answer: dict[str, Any], operation: dict[str, Any]) -> str:
        about = _line(answer.get("description"))
        if self._swagger:
            schema = obj(answer, "schema")
            kinds = strings(operation.get("produces")) or strings(self._spec.get("produces"))
            shape = f" ({kinds[0] if kinds else 'body'}): {self._type(schema)}" if schema else ""
        else:
            content = obj(answer, "content")
            kind = next(iter(content), "")
            shape = f" ({kind}): {self._type(obj(content, kind, 'schema'))}" if kind else ""
        if not shape:
            return f"- `{code}`" + (f": {about}" if about else "")
        return f"- `{code}`{shape}" + (f". {about}" if about else "")

    def _schemas(self) -> list[str]:
        found = obj(self._spec, "definitions") if self._swagger else obj(self._spec, "components", "schemas")
        written = []
        for name, schema in list(found.items())[:MAX_SCHEMAS]:
            if not isinstance(schema, dict):
                continue
            lines = [f"### {_line(name)}", ""]
            if about := _block(schema.get("description")):
                lines += [about, ""]
            properties = obj(schema, "properties")
            required = set(strings(schema.get("required")))
            if properties:
                for key, value in list(properties.items())[:MAX_PROPERTIES]:
                    value = value if isinstance(value, dict) else {}
                    marks = ", required" if key in required else ""
                    described = _line(value.get("description"))
                    lines.append(
                        f"- `{_line(key)}` ({self._type(value)}{marks})" + (f": {described}" if described else "")
                    )
                if len(properties) > MAX_PROPERTIES:
                    lines.append(f"- ... {len(properties) - MAX_PROPERTIES:,} more properties")
            else:
                lines.append(self._type(schema))
            written.append("\n".join(lines) + "\n")
        return written

    def _type(self, schema: Any, depth: int = 0) -> str:
        """A schema in a few words: "`Pet`", "array of `Pet`", "string (date-time)", "one of: `Cat`, `Dog`"."""
        if not isinstance(schema, dict) or not schema:
            return "any"
        reference = schema.get("$ref")
        if isinstance(reference, str):
            return f"`{_line(reference.rsplit('/', 1)[-1])}`"
        if depth >= _TYPE_DEPTH:
            return "..."
        for key, word in (("oneOf", "one of"), ("anyOf", "any of"), ("allOf", "all of")):
            if isinstance(schema.get(key), list):
                return f"{word}: " + ", ".join(self._type(part, depth + 1) for part in schema[key][:_MAX_ENUM])
        kinds = schema.get("type")
        kind = " or ".join(strings(kinds)) if isinstance(kinds, list) else _line(kinds)
        if kind == "array" or ("items" in schema and not kind):
            return f"array of {self._type(schema.get('items'), depth + 1)}"
        said = kind or ("object" if "properties" in schema else "any")
        if fmt := _line(schema.get("format")):
            said += f" ({fmt})"
        if isinstance(schema.get("enum"), list):
            # Scalars only: an alias can make a value a structure of millions, which str() would write out.
            values = [
                _line(value) or "null" for value in schema["enum"][:_MAX_ENUM] if not isinstance(value, (list, dict))
            ]
            said += ", one of: " + ", ".join(values) + (", ..." if len(schema["enum"]) > _MAX_ENUM else "")
        if said.startswith("object") and isinstance(schema.get("properties"), dict):
            names = [f"`{_line(name)}`" for name in list(schema["properties"])[:_MAX_NAMED]]
            said += " with " + ", ".join(names) + (", ..." if len(schema["properties"]) > _MAX_NAMED else "")
        elif isinstance(schema.get("additionalProperties"), dict):
            said = f"map of {self._type(schema['additionalProperties'], depth + 1)}"
        if schema.get("nullable") is True:
            said += " or null"
        return said

    def _resolved(self, value: Any) -> dict[str, Any]:
        """An object, or the one its ``$ref`` names in this document (one step: a reference to a reference stays)."""
        if not isinstance(value, dict):
            return {}
        reference = value.get("$ref")
        if not isinstance(reference, str) or not reference.startswith("#/"):
            return value
        target: Any = self._spec
        for part in reference[2:].split("/")[:10]:
            target = target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        return target if isinstance(target, dict) else value


def _scheme(scheme: dict[str, Any]) -> str:
    kind = _line(scheme.get("type"))
    if kind == "apiKey":
        return f"an API key in the {_line(scheme.get('in'))} `{_line(scheme.get('name'))}`"
    if kind == "http":
        bearer = _line(scheme.get("bearerFormat"))
        return f"HTTP {_line(scheme.get('scheme'))}" + (f" ({bearer})" if bearer else "")
    if kind == "oauth2":
        flows = list(obj(scheme, "flows")) or [_line(scheme.get("flow"))]
        return "OAuth 2 (" + ", ".join(flow for flow in flows if flow) + ")"
    if kind == "openIdConnect":
        return f"OpenID Connect ({_line(scheme.get('openIdConnectUrl'))})"
    return kind or "unknown"


def _line(value: Any) -> str:
    """A short value on one line: strings as they are, numbers as written, anything else empty."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, (int, float, str)):
        return _WHITESPACE.sub(" ", str(value)).strip()[:_MAX_DESCRIPTION]
    return ""


def _scalar(value: Any) -> str:
    """An enum value as JSON writes it: true, false, null, a number, a string."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return _line(value)


def _block(value: Any) -> str:
    """A description (CommonMark, the format says) as written, bounded."""
    said = text(value).strip()
    return said[:_MAX_DESCRIPTION] + (" ..." if len(said) > _MAX_DESCRIPTION else "")
