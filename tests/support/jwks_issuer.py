"""A stand-in OAuth issuer on 127.0.0.1: RSA keys, a JWKS served over HTTP, tokens it signs."""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.support.threaded_server import LocalServer, serve_in_background, shut_down


class Issuer:
    def __init__(self) -> None:
        self.keys: dict[str, rsa.RSAPrivateKey] = {"k1": new_key()}
        self.published: list[str] = ["k1"]
        self.fetches = 0
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def jwks_url(self) -> str:
        return self.url + "/jwks.json"

    def jwks(self) -> dict[str, Any]:
        keys = []
        for kid in self.published:
            key = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.keys[kid].public_key()))
            keys.append({**key, "kid": kid, "use": "sig", "alg": "RS256"})
        return {"keys": keys}

    def rotate(self, kid: str) -> None:
        self.keys[kid] = new_key()
        self.published.append(kid)

    def token(self, audience: str, *, kid: str = "k1", lifetime: float = 300, **claims: Any) -> str:
        now = time.time()
        payload = {"iss": self.url, "aud": audience, "sub": "agent-7", "iat": int(now), "exp": int(now + lifetime),
                   "scope": "search", **claims}  # fmt: skip
        return jwt.encode(payload, self.keys[kid], algorithm="RS256", headers={"kid": kid})

    def start(self) -> Issuer:
        issuer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                issuer.fetches += 1
                body = json.dumps(issuer.jwks()).encode()
                self.send_response(200 if self.path == "/jwks.json" else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = serve_in_background(LocalServer(("127.0.0.1", 0), Handler))
        return self

    def stop(self) -> None:
        shut_down(self._server)


def new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)
