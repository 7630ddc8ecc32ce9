"""OAuth 2.1 resource-server mode over real HTTP: RFC 9728 metadata, and JWT access tokens checked
against the JWKS an issuer on 127.0.0.1 serves (signature, issuer, audience, expiry)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Iterator

import httpx
import jwt
import pytest

from tests.support.fake_provider import FakeProvider, serper_reply
from tests.support.http_face import RunningFace, http_face, mcp_headers
from tests.support.jwks_issuer import Issuer, new_key

PUBLIC_URL = "https://search.example.org/mcp"


@pytest.fixture
def issuer() -> Iterator[Issuer]:
    running = Issuer().start()
    yield running
    running.stop()


def values(issuer: Issuer, serper: FakeProvider, **extra: str) -> dict[str, str]:
    return {"SERPER_API_KEY": "serper-oauth-key-1234", "SERPER_BASE_URL": serper.url,
            "SEARCHRELAY_OAUTH_ISSUER": issuer.url, "SEARCHRELAY_OAUTH_JWKS_URL": issuer.jwks_url,
            "SEARCHRELAY_HTTP_PUBLIC_URL": PUBLIC_URL, **extra}  # fmt: skip


def call(face: RunningFace, token: str | None) -> httpx.Response:
    arguments = {"query": "q", "return_full_pages": False}
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": {"name": "web_search", "arguments": arguments}})  # fmt: skip
    # The public URL's host is allowed (the server sits behind a proxy that keeps the Host header).
    return httpx.post(face.url, headers={**mcp_headers(token), "host": "search.example.org"}, content=body)


def test_the_protected_resource_metadata_names_the_resource_and_its_issuer(
    issuer: Issuer, fake_serper: FakeProvider
) -> None:
    with http_face(values(issuer, fake_serper, SEARCHRELAY_OAUTH_SCOPES="search")) as face:
        metadata = httpx.get(face.base + "/.well-known/oauth-protected-resource/mcp")
    assert metadata.status_code == 200
    body = metadata.json()
    assert body["resource"] == PUBLIC_URL
    assert body["authorization_servers"] == [issuer.url]
    assert body["scopes_supported"] == ["search"]
    assert body["bearer_methods_supported"] == ["header"]


def test_401_points_the_client_at_the_metadata(issuer: Issuer, fake_serper: FakeProvider) -> None:
    with http_face(values(issuer, fake_serper)) as face:
        reply = call(face, None)
    assert reply.status_code == 401
    challenge = reply.headers["www-authenticate"]
    assert challenge.startswith("Bearer ")
    assert 'resource_metadata="https://search.example.org/.well-known/oauth-protected-resource/mcp"' in challenge
    assert fake_serper.count == 0


def test_a_token_the_issuer_signed_for_this_server_is_served(issuer: Issuer, fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(1))
    with http_face(values(issuer, fake_serper)) as face:
        reply = call(face, issuer.token(PUBLIC_URL))
    assert reply.status_code == 200, reply.text
    assert reply.json()["result"]["structuredContent"]["provider"] == "serper"


def forged_none(issuer: Issuer) -> str:
    return jwt.encode({"iss": issuer.url, "aud": PUBLIC_URL, "sub": "x", "exp": 4102444800}, None, algorithm="none")


def forged_hmac(issuer: Issuer) -> str:
    # The classic confusion: the issuer's public key used as an HMAC secret (built by hand,
    # since PyJWT itself refuses to sign that way).
    public = jwt.algorithms.RSAAlgorithm.to_jwk(issuer.keys["k1"].public_key()).encode()
    claims = {"iss": issuer.url, "aud": PUBLIC_URL, "sub": "x", "exp": 4102444800}
    parts = [_b64(json.dumps(part).encode()) for part in ({"alg": "HS256", "kid": "k1"}, claims)]
    signature = hmac.new(public, ".".join(parts).encode(), hashlib.sha256).digest()
    return ".".join([*parts, _b64(signature)])


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


REFUSED = {
    "expired": lambda i: i.token(PUBLIC_URL, lifetime=-3600),
    "for another audience": lambda i: i.token("https://other.example/mcp"),
    "from another issuer": lambda i: i.token(PUBLIC_URL, iss="https://evil.example"),
    "signed by a key the issuer does not publish": lambda i: i.token(PUBLIC_URL, kid="unpublished"),
    "with alg none": forged_none,
    "HMAC-signed with the public key": forged_hmac,
    "without an expiry": lambda i: i.token(PUBLIC_URL, exp=None),
    "not a JWT": lambda i: "not-a-jwt-at-all-0123456789",
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_token_that_fails_a_check_gets_401_and_runs_nothing(
    issuer: Issuer, fake_serper: FakeProvider, case: str
) -> None:
    issuer.keys["unpublished"] = new_key()  # signs, but is not in the JWKS
    with http_face(values(issuer, fake_serper)) as face:
        token = REFUSED[case](issuer)
        reply = call(face, token)
    assert reply.status_code == 401, case
    assert fake_serper.count == 0


def test_static_tokens_and_oauth_work_side_by_side(issuer: Issuer, fake_serper: FakeProvider) -> None:
    fake_serper.answer(serper_reply(1))
    static = "static-" + "5" * 30
    with http_face(values(issuer, fake_serper, SEARCHRELAY_HTTP_TOKENS=static)) as face:
        assert call(face, static).status_code == 200
        assert call(face, issuer.token(PUBLIC_URL)).status_code == 200


def test_a_token_without_a_required_scope_gets_403_and_runs_nothing(issuer: Issuer, fake_serper: FakeProvider) -> None:
    with http_face(values(issuer, fake_serper, SEARCHRELAY_OAUTH_SCOPES="search,admin")) as face:
        reply = call(face, issuer.token(PUBLIC_URL, scope="search"))
    assert reply.status_code == 403
    assert 'error="insufficient_scope"' in reply.headers["www-authenticate"]
    assert fake_serper.count == 0
