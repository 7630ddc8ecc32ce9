"""JWT access tokens against a JWKS served by httpx.MockTransport, with time moved by hand."""

from __future__ import annotations

import json
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from adapters.auth.jwt_tokens import MAX_JWKS_BYTES, JwtAccessTokens
from tests.support.jwks_issuer import new_key
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio
ISSUER = "https://auth.example"
AUDIENCE = "https://search.example.org/mcp"


class Jwks:
    def __init__(self) -> None:
        self.keys: dict[str, rsa.RSAPrivateKey] = {"k1": new_key()}
        self.fetches = 0
        self.down = False
        self.padding = 0

    def handler(self, request: httpx.Request) -> httpx.Response:
        self.fetches += 1
        if self.down:
            return httpx.Response(503)
        keys = [{**json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key())), "kid": kid}
                for kid, key in self.keys.items()]  # fmt: skip
        return httpx.Response(200, json={"keys": keys, "padding": "x" * self.padding})


def token(jwks: Jwks, clock: FakeClock, *, kid: str = "k1", **claims: Any) -> str:
    now = clock.now().timestamp()
    payload = {"iss": ISSUER, "aud": AUDIENCE, "sub": "agent", "exp": now + 300, "scope": "a b", **claims}
    return jwt.encode(payload, jwks.keys[kid], algorithm="RS256", headers={"kid": kid})


def verifier(jwks: Jwks, clock: FakeClock) -> JwtAccessTokens:
    client = httpx.AsyncClient(transport=httpx.MockTransport(jwks.handler))
    return JwtAccessTokens(client, clock, jwks_url="https://auth.example/jwks", issuer=ISSUER, audience=AUDIENCE)


async def test_a_good_token_gives_its_subject_scopes_and_expiry() -> None:
    jwks, clock = Jwks(), FakeClock()
    verified = await verifier(jwks, clock).verify(token(jwks, clock, client_id="app-1"))
    assert verified is not None
    assert (verified.subject, verified.client_id, verified.scopes) == ("agent", "app-1", ("a", "b"))
    assert verified.expires_at == int(clock.now().timestamp() + 300)


async def test_expiry_and_not_before_follow_the_clock_with_a_little_leeway() -> None:
    jwks, clock = Jwks(), FakeClock()
    tokens = verifier(jwks, clock)
    expiring = token(jwks, clock)
    early = token(jwks, clock, nbf=clock.now().timestamp() + 60)
    assert await tokens.verify(early) is None
    clock.advance(300 + 29)  # inside the 30 s leeway
    assert await tokens.verify(expiring) is not None
    assert await tokens.verify(early) is not None
    clock.advance(2)
    assert await tokens.verify(expiring) is None


async def test_the_jwks_is_fetched_once_and_a_new_key_is_fetched_when_a_token_names_it() -> None:
    jwks, clock = Jwks(), FakeClock()
    tokens = verifier(jwks, clock)
    for _ in range(3):
        assert await tokens.verify(token(jwks, clock)) is not None
    assert jwks.fetches == 1
    jwks.keys["k2"] = new_key()
    clock.advance(61)
    assert await tokens.verify(token(jwks, clock, kid="k2")) is not None
    assert jwks.fetches == 2


async def test_unknown_key_ids_cannot_make_it_hammer_the_issuer() -> None:
    jwks, clock = Jwks(), FakeClock()
    tokens = verifier(jwks, clock)
    jwks.keys["rogue"] = new_key()
    rogue = token(jwks, clock, kid="rogue")
    del jwks.keys["rogue"]
    for _ in range(5):
        assert await tokens.verify(rogue) is None
    assert jwks.fetches == 1


async def test_an_issuer_that_is_down_keeps_the_keys_already_known() -> None:
    jwks, clock = Jwks(), FakeClock()
    tokens = verifier(jwks, clock)
    assert await tokens.verify(token(jwks, clock)) is not None
    jwks.down = True
    jwks.keys["k2"] = new_key()
    clock.advance(61)
    assert await tokens.verify(token(jwks, clock, kid="k2")) is None
    assert await tokens.verify(token(jwks, clock)) is not None


async def test_a_jwks_larger_than_the_cap_is_not_read() -> None:
    jwks, clock = Jwks(), FakeClock()
    jwks.padding = MAX_JWKS_BYTES
    assert await verifier(jwks, clock).verify(token(jwks, clock)) is None
