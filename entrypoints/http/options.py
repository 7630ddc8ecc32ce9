"""What ``serve --http`` listens on and who may call it, decided before anything starts.

Without bearer tokens or OAuth the server answers anyone who can reach it, so it listens only on
a loopback address unless ``--insecure-no-auth`` says that is meant. Host and Origin headers are
always checked (DNS rebinding): loopback names, the listening address, the public URL's host and
whatever ``SEARCHRELAY_HTTP_ALLOWED_HOSTS`` / ``_ORIGINS`` add.
"""

from __future__ import annotations

import argparse
import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from mcp.server.transport_security import TransportSecuritySettings

from entrypoints.http_settings import split_list
from entrypoints.settings import Settings

LOOPBACK_HOSTS = ("127.0.0.1:*", "localhost:*", "[::1]:*")
LOOPBACK_ORIGINS = ("http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*")
ANY_ADDRESS = ("0.0.0.0", "::")


class StartRefused(Exception):
    """``serve --http`` must not start; the message is the one line to show."""


@dataclass(frozen=True)
class HttpOptions:
    host: str
    port: int
    path: str
    insecure_no_auth: bool

    def public_url(self, settings: Settings, port: int) -> str:
        """The URL clients use: SEARCHRELAY_HTTP_PUBLIC_URL, else the address actually listened on."""
        if settings.http_public_url:
            return settings.http_public_url
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{port}{self.path}"


def http_options(settings: Settings, args: argparse.Namespace) -> HttpOptions:
    """Raises ``StartRefused`` for an exposed address without authentication."""
    host = (args.host or settings.http_host).strip().removeprefix("[").removesuffix("]")
    try:
        Settings.from_values({"SEARCHRELAY_HTTP_HOST": host})
    except ValueError:
        raise StartRefused(f"--host must be {Settings.expected_form('http_host')}.") from None
    options = HttpOptions(
        host=host,
        port=settings.http_port if args.port is None else args.port,
        path=args.path,
        insecure_no_auth=args.insecure_no_auth,
    )
    if settings.oauth_issuer and not settings.oauth_jwks_url:
        raise StartRefused("SEARCHRELAY_OAUTH_ISSUER needs SEARCHRELAY_OAUTH_JWKS_URL (the issuer's signing keys).")
    authenticated = bool(settings.http_token_list() or settings.oauth_issuer)
    if not authenticated and not is_loopback(host) and not options.insecure_no_auth:
        raise StartRefused(
            f"refusing to serve {host} without authentication: set SEARCHRELAY_HTTP_TOKENS (or "
            "SEARCHRELAY_OAUTH_ISSUER), listen on 127.0.0.1, or pass --insecure-no-auth."
        )
    return options


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def transport_security(settings: Settings, options: HttpOptions) -> TransportSecuritySettings:
    hosts = [*LOOPBACK_HOSTS, *split_list(settings.http_allowed_hosts)]
    origins = [*LOOPBACK_ORIGINS, *split_list(settings.http_allowed_origins)]
    if options.host not in ANY_ADDRESS and not is_loopback(options.host):
        hosts.append(f"[{options.host}]:*" if ":" in options.host else f"{options.host}:*")
    if settings.http_public_url:
        public = urlsplit(settings.http_public_url)
        hosts.append(public.netloc.rpartition("@")[2])  # what a client sends as Host: host[:port]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)
