"""Provider calls and page fetches over TLS trust what the machine is told to trust.

Both HTTP clients share one TLS context built at start (loading a CA bundle is most of what a
client costs to build). A private certificate authority named by ``SSL_CERT_FILE`` is trusted by
both; without it, a certificate it signed is refused with one plain line, not OpenSSL's words.
The server is real TLS on 127.0.0.1 with a certificate from a throwaway authority (trustme).
"""

from __future__ import annotations

import json
import ssl
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
import trustme
from mcp import Client

from entrypoints.container import running
from entrypoints.mcp_server import build_server
from tests.support.servers import SERPER_KEY, container_with
from tests.support.threaded_server import LocalServer, serve_in_background, shut_down

pytestmark = pytest.mark.anyio

ARTICLE = (
    "<html><head><title>Private notes</title></head><body><article><h1>Private notes</h1>"
    + "".join(f"<p>Paragraph {i} of the intranet page, served over TLS by a private authority.</p>" for i in range(12))
    + "</article></body></html>"
).encode()
SERPER_ANSWER = json.dumps({"organic": [{"title": "Over TLS", "link": "https://example.com/tls", "snippet": "s"}]})


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self._answer(ARTICLE, "text/html; charset=utf-8")

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._answer(SERPER_ANSWER.encode(), "application/json")

    def _answer(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def authority(tmp_path: Path) -> tuple[trustme.CA, Path]:
    ca = trustme.CA()
    pem = tmp_path / "private-ca.pem"
    ca.cert_pem.write_to_path(str(pem))
    return ca, pem


@pytest.fixture
def tls_server(authority: tuple[trustme.CA, Path]) -> Iterator[str]:
    ca, _ = authority
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    server = LocalServer(("127.0.0.1", 0), _Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    serve_in_background(server)
    try:
        yield f"https://127.0.0.1:{server.server_address[1]}"
    finally:
        shut_down(server)


@pytest.fixture
def no_trust_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SSL_CERT_FILE", "SSL_CERT_DIR"):
        monkeypatch.delenv(name, raising=False)


def env(base_url: str) -> dict[str, object]:
    return {
        "SERPER_API_KEY": SERPER_KEY,
        "SERPER_BASE_URL": base_url,
        "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "true",
        "SEARCHRELAY_PAGE_TIMEOUT_SECONDS": 5,
    }


async def test_both_clients_share_one_tls_context() -> None:
    container = container_with(env("https://127.0.0.1:1"))
    async with running(container):
        contexts = {id(pool._ssl_context) for pool in await _pools(container)}
    assert len(contexts) == 1


async def _pools(container: object) -> list[object]:
    clients = [await container.http_client(), await container.page_client()]  # type: ignore[attr-defined]
    return [client._transport._pool for client in clients]


async def test_a_private_authority_named_by_ssl_cert_file_is_trusted_for_pages_and_providers(
    tls_server: str, authority: tuple[trustme.CA, Path], monkeypatch: pytest.MonkeyPatch, no_trust_settings: None
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(authority[1]))
    async with Client(build_server(container_with(env(tls_server)))) as client:
        page = await client.call_tool("web_fetch", {"url": f"{tls_server}/notes"})
        search = await client.call_tool("web_search", {"query": "tls", "return_full_pages": False})
    assert not page.is_error, page.content
    assert "Paragraph 11 of the intranet page" in page.content[0].text  # type: ignore[union-attr]
    assert not search.is_error, search.content
    assert search.structured_content is not None
    assert [r["link"] for r in search.structured_content["results"]] == ["https://example.com/tls"]


async def test_without_it_the_page_is_refused_in_one_plain_line(tls_server: str, no_trust_settings: None) -> None:
    async with Client(build_server(container_with(env(tls_server)))) as client:
        page = await client.call_tool("web_fetch", {"url": f"{tls_server}/notes"})
    assert page.is_error
    text = page.content[0].text  # type: ignore[union-attr]
    assert "TLS certificate could not be verified" in text
    assert "SSL_CERT_FILE" in text
    assert "CERTIFICATE_VERIFY_FAILED" not in text and "Traceback" not in text
    assert len(text.strip().splitlines()) == 1, text
