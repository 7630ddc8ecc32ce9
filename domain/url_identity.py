"""When two links are the same page: the normalised form results are merged on.

Providers spell one page differently: ``HTTPS://WWW.Example.com/a/`` and ``https://example.com/a``,
a ``#section`` fragment, a ``utm_source`` someone's campaign left in the link. The normal form
lower-cases the scheme and host, drops a leading ``www.`` and a default port, a trailing slash,
the fragment and the tracking parameters, and sorts what parameters remain. Everything else
(the path's case, the other parameters, http vs https) can name a different page, so it stays.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

#: Parameters that say who sent the visitor, never which page it is.
TRACKING_PARAMETERS = frozenset(
    {"gclid", "dclid", "fbclid", "msclkid", "yclid", "igshid", "mc_cid", "mc_eid", "_hsenc", "_hsmi", "srsltid"}
)
_DEFAULT_PORTS = {"http": 80, "https": 443}


def normalised_url(link: str) -> str:
    """The form under which two links count as one page; a link that does not parse is only trimmed."""
    text = link.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if host.startswith("www."):
        host = host[4:]
    netloc = host if port is None or _DEFAULT_PORTS.get(scheme) == port else f"{host}:{port}"
    path = parts.path.rstrip("/")
    query = urlencode(sorted((k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _tracking(k)))
    return urlunsplit((scheme, netloc, path, query, ""))


def _tracking(name: str) -> bool:
    lowered = name.lower()
    return lowered.startswith("utm_") or lowered in TRACKING_PARAMETERS
