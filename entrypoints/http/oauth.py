"""OAuth 2.1 resource-server mode (the MCP authorization spec): JWTs from one issuer.

The server publishes RFC 9728 metadata naming the issuer, so a client that gets a 401 (whose
``WWW-Authenticate`` points at that metadata) knows where to get a token. Tokens are JWTs the
issuer signed for this server (``aud`` = SEARCHRELAY_OAUTH_AUDIENCE, else the public URL); the
caller key the rate limiter counts by is a keyed hash of issuer and subject (or client).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import httpx
from mcp.server.auth.provider import AccessToken

from adapters.auth.jwt_tokens import JwtAccessTokens
from domain.ports import Clock
from entrypoints.http.auth import caller_key
from entrypoints.http_settings import split_list
from entrypoints.settings import Settings


@dataclass(frozen=True)
class OAuthMode:
    issuer: str
    jwks_url: str
    audience: str
    scopes: list[str]

    @classmethod
    def from_settings(cls, settings: Settings, public_url: str) -> OAuthMode | None:
        if not settings.oauth_issuer or not settings.oauth_jwks_url:
            return None
        return cls(
            issuer=settings.oauth_issuer,
            jwks_url=settings.oauth_jwks_url,
            audience=settings.oauth_audience or public_url,
            scopes=split_list(settings.oauth_scopes),
        )


class OAuthVerifier:
    """The SDK's ``TokenVerifier`` over ``JwtAccessTokens``."""

    def __init__(self, tokens: JwtAccessTokens, mode: OAuthMode) -> None:
        self._tokens = tokens
        self._secret = hashlib.sha256(f"searchrelay caller key\x00{mode.issuer}".encode()).digest()

    async def verify_token(self, token: str) -> AccessToken | None:
        verified = await self._tokens.verify(token)
        if verified is None:
            return None
        who = verified.subject or verified.client_id or ""
        return AccessToken(
            token=token,
            client_id="oauth-" + caller_key(self._secret, verified.issuer, who),
            scopes=list(verified.scopes),
            expires_at=verified.expires_at,
            subject=verified.subject,
        )


def oauth_verifier(mode: OAuthMode, client: httpx.AsyncClient, clock: Clock) -> OAuthVerifier:
    tokens = JwtAccessTokens(client, clock, jwks_url=mode.jwks_url, issuer=mode.issuer, audience=mode.audience)
    return OAuthVerifier(tokens, mode)
