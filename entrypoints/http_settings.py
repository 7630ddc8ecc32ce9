"""The variables of ``searchrelay serve --http``: a part of ``Settings``, kept in its own module.

``Settings`` inherits these fields, so they are read, checked and reported exactly like the
others (one line per wrong variable, never its value); a blank value counts as unset, by
``Settings``' own validator (``HTTP_OPTIONAL_FIELDS``), and URLs are checked by its URL rule
(``HTTP_URL_FIELDS``). The bearer tokens are a secret: the redactor masks each of them, and
nothing prints them.
"""

from __future__ import annotations

import re

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings

# A host name or an IPv4/IPv6 address, nothing else (no scheme, port, path or spaces).
_HOST = re.compile(r"^(?:[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+)$")
# Characters a bearer token may hold (RFC 6750 b64token); a comma separates tokens.
_TOKEN = re.compile(r"^[A-Za-z0-9\-._~+/]+=*$")
MIN_TOKEN_LENGTH = 16
# URLs checked by ``Settings``' own http(s) URL rule.
HTTP_URL_FIELDS = ("http_public_url", "oauth_issuer", "oauth_jwks_url")
HTTP_OPTIONAL_FIELDS = (
    "http_tokens",
    "http_allowed_hosts",
    "http_allowed_origins",
    "http_public_url",
    "oauth_issuer",
    "oauth_jwks_url",
    "oauth_audience",
    "oauth_scopes",
)


class HttpSettings(BaseSettings):
    http_host: str = Field("127.0.0.1", validation_alias="SEARCHRELAY_HTTP_HOST")
    http_port: int = Field(8765, ge=0, le=65535, validation_alias="SEARCHRELAY_HTTP_PORT")
    # Comma-separated bearer tokens; unset = no static tokens (loopback only, unless OAuth is set).
    http_tokens: SecretStr | None = Field(None, validation_alias="SEARCHRELAY_HTTP_TOKENS")
    # Host and Origin values allowed besides loopback's (DNS-rebinding protection), comma-separated.
    http_allowed_hosts: str | None = Field(None, validation_alias="SEARCHRELAY_HTTP_ALLOWED_HOSTS")
    http_allowed_origins: str | None = Field(None, validation_alias="SEARCHRELAY_HTTP_ALLOWED_ORIGINS")
    http_max_body_bytes: int = Field(
        1_000_000, ge=1024, le=100_000_000, validation_alias="SEARCHRELAY_HTTP_MAX_BODY_BYTES"
    )
    http_rate_per_second: float = Field(10.0, gt=0, le=100_000, validation_alias="SEARCHRELAY_HTTP_RATE_PER_SECOND")
    http_rate_burst: int = Field(40, ge=1, le=1_000_000, validation_alias="SEARCHRELAY_HTTP_RATE_BURST")
    http_grace_seconds: float = Field(25.0, ge=0, le=600, validation_alias="SEARCHRELAY_HTTP_GRACE_SECONDS")
    # The URL clients reach the MCP endpoint at (behind a proxy it differs from host:port/path).
    http_public_url: str | None = Field(None, validation_alias="SEARCHRELAY_HTTP_PUBLIC_URL")

    # OAuth 2.1 resource server: JWT access tokens from this issuer, checked against its JWKS.
    oauth_issuer: str | None = Field(None, validation_alias="SEARCHRELAY_OAUTH_ISSUER")
    oauth_jwks_url: str | None = Field(None, validation_alias="SEARCHRELAY_OAUTH_JWKS_URL")
    oauth_audience: str | None = Field(None, validation_alias="SEARCHRELAY_OAUTH_AUDIENCE")
    oauth_scopes: str | None = Field(None, validation_alias="SEARCHRELAY_OAUTH_SCOPES")

    @field_validator("http_host")
    @classmethod
    def _a_host(cls, value: str) -> str:
        value = value.strip().removeprefix("[").removesuffix("]")
        if not _HOST.fullmatch(value):
            raise ValueError("not a host name or address")
        return value

    @field_validator("http_tokens")
    @classmethod
    def _tokens(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None:
            tokens = _split(value.get_secret_value())
            if not tokens or any(len(t) < MIN_TOKEN_LENGTH or not _TOKEN.fullmatch(t) for t in tokens):
                raise ValueError("bad token")
        return value

    def http_token_list(self) -> list[str]:
        return _split(self.http_tokens.get_secret_value()) if self.http_tokens else []

    @classmethod
    def http_expected_form(cls, field_name: str) -> str | None:
        """The form of the variables whose wording the generic rules would get wrong."""
        forms = {
            "http_host": "a host name or an IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0",
            "http_tokens": f"comma-separated bearer tokens of at least {MIN_TOKEN_LENGTH} characters each "
            "(letters, digits and - . _ ~ + /), e.g. made with: openssl rand -hex 32",
            "http_public_url": "the http:// or https:// URL clients use, e.g. https://search.example.org/mcp",
            "oauth_issuer": "the authorization server's http:// or https:// URL, e.g. https://auth.example.org",
            "oauth_jwks_url": "an http:// or https:// URL serving the issuer's JWKS",
        }
        return forms.get(field_name)


def split_list(value: str | None) -> list[str]:
    return _split(value) if value else []


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]
