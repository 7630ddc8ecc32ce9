"""JWT access tokens from one OAuth issuer, checked against its JWKS (PyJWT does the cryptography).

A token passes when its signature verifies with a key the issuer publishes (found by ``kid``),
its algorithm is an asymmetric one we allow (never ``none``, never HMAC: a public key must not be
usable as a shared secret), its ``iss`` is the issuer, its ``aud`` names this server, and it has
not expired (``exp`` required, ``nbf`` honoured; both by the injected clock, with a little leeway
for clock skew). The JWKS is fetched with a bounded body and kept; an unknown ``kid`` fetches it
again (keys rotate), at most once per ``refetch_seconds`` so random ``kid``s cannot make us
hammer the issuer. Nothing here logs a token.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import anyio
import httpx
import jwt

from adapters.bounded_body import BodyRefused, read_body
from domain.ports import Clock

logger = logging.getLogger(__name__)

ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")
MAX_JWKS_BYTES = 256_000
JWKS_TIMEOUT_SECONDS = 5.0


@dataclass(frozen=True)
class VerifiedToken:
    issuer: str
    subject: str | None
    client_id: str | None  # ``client_id`` or ``azp``, when the issuer puts one in
    scopes: tuple[str, ...]
    expires_at: int


class JwtAccessTokens:
    def __init__(self, client: httpx.AsyncClient, clock: Clock, *, jwks_url: str, issuer: str, audience: str,
                 leeway_seconds: float = 30.0, refetch_seconds: float = 60.0) -> None:  # fmt: skip
        self._client = client
        self._clock = clock
        self._jwks_url = jwks_url
        self._issuer = issuer
        self._audience = audience
        self._leeway = leeway_seconds
        self._refetch = refetch_seconds
        self._keys: dict[str | None, jwt.PyJWK] = {}
        self._fetched_at: float | None = None
        self._lock = anyio.Lock()

    async def verify(self, token: str) -> VerifiedToken | None:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            return None
        algorithm = header.get("alg")
        if algorithm not in ALGORITHMS:
            return None
        key = await self._key(header.get("kid"))
        if key is None:
            return None
        try:
            claims: dict[str, Any] = jwt.decode(
                token, key, algorithms=[algorithm], audience=self._audience, issuer=self._issuer,
                options={"require": ["exp", "iss", "aud"], "verify_exp": False, "verify_nbf": False},
            )  # fmt: skip
        except jwt.PyJWTError as refused:
            logger.info("an access token was refused: %s", type(refused).__name__)
            return None
        return self._in_time(claims)

    def _in_time(self, claims: dict[str, Any]) -> VerifiedToken | None:
        now = self._clock.now().timestamp()
        expires, not_before = claims.get("exp"), claims.get("nbf", 0)
        if not isinstance(expires, int | float) or not isinstance(not_before, int | float):
            return None
        if expires + self._leeway <= now or not_before - self._leeway > now:
            return None
        scope = claims.get("scope", claims.get("scp", ""))
        scopes = tuple(scope.split() if isinstance(scope, str) else (s for s in scope if isinstance(s, str)))
        subject, client = claims.get("sub"), claims.get("client_id", claims.get("azp"))
        return VerifiedToken(
            issuer=self._issuer,
            subject=subject if isinstance(subject, str) else None,
            client_id=client if isinstance(client, str) else None,
            scopes=scopes,
            expires_at=int(expires),
        )

    async def _key(self, kid: str | None) -> jwt.PyJWK | None:
        if (key := self._find(kid)) is not None:
            return key
        async with self._lock:
            due = self._fetched_at is None or self._clock.monotonic() - self._fetched_at >= self._refetch
            if (key := self._find(kid)) is None and due:
                await self._fetch()
                key = self._find(kid)
        return key

    def _find(self, kid: str | None) -> jwt.PyJWK | None:
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))  # an issuer with one key may leave kid out
        return self._keys.get(kid)

    async def _fetch(self) -> None:
        self._fetched_at = self._clock.monotonic()
        try:
            with anyio.fail_after(JWKS_TIMEOUT_SECONDS):
                async with self._client.stream("GET", self._jwks_url, headers={"accept": "application/json"}) as reply:
                    if reply.status_code != httpx.codes.OK:
                        raise BodyRefused(f"HTTP {reply.status_code}")
                    body = await read_body(reply, max_bytes=MAX_JWKS_BYTES, cut_plain=False)
            keys = jwt.PyJWKSet.from_json(body.data.decode("utf-8", errors="replace")).keys
        except (TimeoutError, httpx.HTTPError, BodyRefused, jwt.PyJWTError, ValueError) as failure:
            # Keep the keys we had: an issuer that is briefly down must not lock every caller out.
            logger.warning("could not read the issuer's JWKS (%s); keeping %d known keys",
                           _reason(failure), len(self._keys))  # fmt: skip
            return
        self._keys = {key.key_id: key for key in keys}


def _reason(failure: Exception) -> str:
    if isinstance(failure, BodyRefused):
        return failure.reason
    if isinstance(failure, TimeoutError):
        return f"no answer within {JWKS_TIMEOUT_SECONDS:g} s"
    return type(failure).__name__
