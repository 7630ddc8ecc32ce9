"""Who is calling: static bearer tokens, checked in constant time, and the caller key they map to.

A verifier answers the SDK's ``TokenVerifier`` protocol, so the SDK's bearer middleware does the
rest (401 with ``WWW-Authenticate``, scopes). The ``client_id`` it hands out is the caller key
the rate limiter counts by: a keyed hash of the token, never the token, the same on every replica
that has the same tokens (so a shared limiter agrees), and useless to whoever reads the limiter's
store without the tokens.
"""

from __future__ import annotations

import hashlib
import hmac

from mcp.server.auth.provider import AccessToken

CALLER_KEY_BYTES = 16


def caller_key(secret: bytes, *identity: str) -> str:
    digest = hmac.new(secret, "\x00".join(identity).encode(), hashlib.sha256).hexdigest()
    return digest[: CALLER_KEY_BYTES * 2]


class StaticTokenVerifier:
    """``TokenVerifier`` for ``SEARCHRELAY_HTTP_TOKENS``."""

    def __init__(self, tokens: list[str]) -> None:
        # Compared as SHA-256 digests: equal lengths, so compare_digest's time says nothing about
        # a token's length either; and every configured token is compared, match or not.
        self._digests = [hashlib.sha256(token.encode()).digest() for token in tokens]
        self._secret = hashlib.sha256(b"searchrelay caller key\x00" + b"\x00".join(sorted(self._digests))).digest()

    async def verify_token(self, token: str) -> AccessToken | None:
        offered = hashlib.sha256(token.encode(errors="surrogateescape")).digest()
        matched = False
        for digest in self._digests:
            matched |= hmac.compare_digest(offered, digest)
        if not matched:
            return None
        return AccessToken(token=token, client_id="token-" + caller_key(self._secret, token), scopes=[])
