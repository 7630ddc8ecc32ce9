"""API reference pages (Swagger UI, Redoc, RapiDoc, Elements, Scalar) read from the OpenAPI document they draw."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from adapters.sites.api_explorers import ApiExplorerResolver, document_address, draws_api_reference
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import InProcessExtraction, SiteRouter, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "api.relay.example"
PAGE = f"https://{HOST}/docs/"
SPEC = (Path(__file__).parents[3] / "support" / "pages" / "relay_openapi.json").read_bytes()
SWAGGER = (Path(__file__).parents[3] / "support" / "pages" / "relay_swagger.yaml").read_bytes()


def _shell(body: bytes, url: str = PAGE) -> FetchedPage:
    return FetchedPage(url, 200, "text/html", "utf-8", b"<!DOCTYPE html><html><head><title>API</title>" + body)


def _file(body: bytes, content_type: str = "application/json") -> httpx.Response:
    return httpx.Response(200, content=body, headers={"content-type": content_type})


SWAGGER_UI = b"""<link rel="stylesheet" href="./swagger-ui.css"></head><body><div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js"></script><script>window.ui = SwaggerUIBundle({
  dom_id: '#swagger-ui', url: "../openapi.json", deepLinking: true });</script></body></html>"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (SWAGGER_UI, ("document", "../openapi.json")),
        (b"SwaggerUIBundle({ urls: [{url: '/v1/spec.yaml', name: 'v1'}, {url: '/v2'}], dom_id: '#x' })",
         ("document", "/v1/spec.yaml")),
        (b'<redoc spec-url="https://specs.example/relay.yaml" hide-download-button></redoc>',
         ("document", "https://specs.example/relay.yaml")),
        (b"<script>Redoc.init('/openapi.json', {}, document.getElementById('r'))</script>",
         ("document", "/openapi.json")),
        (b'<rapi-doc spec-url = "x"></rapi-doc><rapi-doc spec-url="spec.json"></rapi-doc>', ("document", "spec.json")),
        (b'<elements-api apiDescriptionUrl="/openapi.yaml" router="hash" />', ("document", "/openapi.yaml")),
        (b'<script id="api-reference" data-url="/reference/openapi.json"></script>',
         ("document", "/reference/openapi.json")),
        (b'window.ui = SwaggerUIBundle({ configUrl: "/v3/api-docs/swagger-config", dom_id: "#swagger-ui" })',
         ("config", "/v3/api-docs/swagger-config")),
        (b"<div id='swagger-ui'></div>", None),
    ],
)  # fmt: skip
def test_the_documents_address_is_found_as_each_renderer_writes_it(
    body: bytes, expected: tuple[str, str] | None
) -> None:
    assert document_address(body) == expected


@pytest.mark.parametrize(
    ("body", "drawn"),
    [
        (SWAGGER_UI, True),
        (b"<body><redoc spec-url='a'></redoc>", True),
        (b"<body><rapi-doc spec-url='a'>", True),
        (b"<body><elements-api apiDescriptionUrl='a'>", True),
        (b"<body><script id='api-reference' data-url='a'></script>", True),
        (b"<body><p>Our API uses swagger for its docs.</p>", False),
    ],
)
def test_a_reference_page_is_known_by_its_renderer(body: bytes, drawn: bool) -> None:
    assert draws_api_reference(_shell(body)) is drawn


async def test_a_swagger_ui_page_reads_as_the_document_it_draws() -> None:
    router = SiteRouter().add(HOST, "/openapi.json", _file(SPEC))
    page = await ApiExplorerResolver(routed_fetcher(router), InProcessExtraction()).read_page(_shell(SWAGGER_UI))
    assert page.markdown.startswith("# Relay API (version 2.4.0)\n\n*An OpenAPI 3.1.0 description: 3 operations")
    assert (page.url, page.source) == (PAGE, "the API description the page draws")
    assert router.paths() == ["/openapi.json"]


async def test_swagger_uis_own_distribution_is_read_through_its_initializer_and_config() -> None:
    shell = _shell(b'<div id="swagger-ui"></div><script src="./swagger-initializer.js" charset="UTF-8"></script>')
    initializer = (
        b'window.onload = function() { window.ui = SwaggerUIBundle({ configUrl: "/v3/api-docs/swagger-config" }) }'
    )
    router = (
        SiteRouter()
        .add(HOST, "/docs/swagger-initializer.js", _file(initializer, "text/javascript"))
        .add(
            HOST, "/v3/api-docs/swagger-config", json_answer({"urls": [{"url": "/v3/api-docs/relay", "name": "relay"}]})
        )
        .add(HOST, "/v3/api-docs/relay", _file(SWAGGER, "application/yaml"))
    )
    page = await ApiExplorerResolver(routed_fetcher(router), InProcessExtraction()).read_page(shell)
    assert page.markdown.startswith("# Relay API (version 1.9)\n\n*A Swagger 2.0 description: 2 operations")
    assert router.paths() == ["/docs/swagger-initializer.js", "/v3/api-docs/swagger-config", "/v3/api-docs/relay"]


async def test_a_named_document_that_is_not_a_description_is_refused() -> None:
    router = SiteRouter().add(HOST, "/openapi.json", _file(b'{"status": "ok"}'))
    with pytest.raises(SiteUnavailable, match="not an OpenAPI or Swagger description"):
        await ApiExplorerResolver(routed_fetcher(router), InProcessExtraction()).read_page(_shell(SWAGGER_UI))


async def test_a_page_that_names_no_document_is_refused() -> None:
    with pytest.raises(SiteUnavailable, match="the page names no API description"):
        await ApiExplorerResolver(routed_fetcher(SiteRouter()), InProcessExtraction()).read_page(
            _shell(b"<div id='swagger-ui'></div>")
        )


async def test_a_document_that_cannot_be_fetched_is_refused_with_the_reason() -> None:
    with pytest.raises(SiteUnavailable, match=r"HTTP 404, not found"):
        await ApiExplorerResolver(routed_fetcher(SiteRouter()), InProcessExtraction()).read_page(_shell(SWAGGER_UI))


async def test_a_document_address_that_is_not_on_the_web_is_refused() -> None:
    shell = _shell(b"<redoc spec-url='file:///etc/passwd'></redoc>")
    with pytest.raises(SiteUnavailable, match="not at a web address"):
        await ApiExplorerResolver(routed_fetcher(SiteRouter()), InProcessExtraction()).read_page(shell)


async def test_a_document_past_the_download_cap_is_refused_in_plain_words() -> None:
    router = SiteRouter().add(HOST, "/openapi.json", _file(SPEC))
    fetcher = routed_fetcher(router, max_body_bytes=1_000)
    with pytest.raises(SiteUnavailable, match="larger than the download cap"):
        await ApiExplorerResolver(fetcher, InProcessExtraction()).read_page(_shell(SWAGGER_UI))


async def test_a_config_naming_an_address_no_request_can_carry_is_refused_in_plain_words() -> None:
    shell = _shell(b'<div id="swagger-ui"></div><script>SwaggerUIBundle({ configUrl: "/config" })</script>')
    config = httpx.Response(200, content=b'{"url": "/spec\\ud800.json"}', headers={"content-type": "application/json"})
    router = SiteRouter().add(HOST, "/config", config)
    with pytest.raises(SiteUnavailable, match="the address of its API description is not valid"):
        await ApiExplorerResolver(routed_fetcher(router), InProcessExtraction()).read_page(shell)
