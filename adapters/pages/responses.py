"""Reading what an HTTP response says about itself, and saying in a few words what went wrong."""

from __future__ import annotations

import ssl

import httpx

_TEXT_LIKE_SUFFIXES = ("+xml", "+json", "/xml", "/json", "/javascript")


def parse_content_type(header: str | None) -> tuple[str, str | None]:
    """Split a Content-Type header into (lower-case media type, charset or None)."""
    if not header:
        return "application/octet-stream", None
    media_type, *params = header.split(";")
    charset = None
    for param in params:
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip("\"'"):
            charset = value.strip().strip("\"'").lower()
    return media_type.strip().lower() or "application/octet-stream", charset


def is_text_like(media_type: str) -> bool:
    """Whether the beginning of such a body is still worth reading when the rest is cut off."""
    return media_type.startswith("text/") or media_type.endswith(_TEXT_LIKE_SUFFIXES)


def describe_invalid_url(exc: httpx.InvalidURL) -> str:
    """Why a URL could not be parsed, in our words rather than the parser's."""
    message = str(exc).lower()
    for clue, reason in _INVALID_URL_REASONS:
        if clue in message:
            return f"invalid URL: {reason}"
    return "invalid URL"


_INVALID_URL_REASONS = (
    ("idna", "the host is not a valid domain name"),
    ("port", "the port is not a number from 0 to 65535"),
    ("ipv6", "the IPv6 address in brackets is malformed"),
    ("ipv4", "the IPv4 address is malformed"),
    ("too long", "it is too long"),
    ("non-printable", "it contains a control character"),
)


def describe_transport_error(exc: httpx.HTTPError) -> str:
    """One short line for an agent; never the URL, which the caller's exception already holds."""
    if isinstance(exc, httpx.ConnectTimeout):
        return "timed out connecting"
    if isinstance(exc, httpx.TimeoutException):
        return "timed out waiting for the server"
    if isinstance(exc, httpx.ConnectError) and (tls := _tls_failure(exc)):
        return tls
    if isinstance(exc, httpx.ConnectError):
        detail = str(exc).splitlines()[0][:160] if str(exc) else "connection failed"
        return f"could not connect ({detail})"
    if isinstance(exc, httpx.RemoteProtocolError):
        return "the server closed the connection or broke the HTTP protocol"
    if isinstance(exc, httpx.DecodingError):
        return "the response body could not be decoded"
    return f"network error ({type(exc).__name__})"


def _tls_failure(exc: BaseException) -> str:
    """A plain line for a failed TLS handshake (OpenSSL's own words are not for the agent), or ""."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            return (
                "the site's TLS certificate could not be verified (not from a trusted authority, expired, "
                "or for another name); a private authority can be trusted with SSL_CERT_FILE"
            )
        if isinstance(seen, ssl.SSLError):
            return "the TLS handshake with the site failed"
        seen = seen.__cause__ or seen.__context__
    return ""
