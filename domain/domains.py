"""Domain filters: host names an agent names, and whether a result's link falls under one of them.

A filter is a host name; it covers itself and every subdomain (``example.com`` covers
``docs.example.com``), and a leading ``www.`` means nothing on either side. Names are compared as
lower-case ASCII (IDNA): ``bücher.de`` and ``xn--bcher-kva.de`` are one domain. The standard
library's IDNA codec (IDNA 2003) is used for both the filters and the links, so the two always
agree; it maps the few characters IDNA 2008 treats differently (``ß``, final sigma) the 2003 way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from domain.errors import InvalidRequestError

#: At most this many domains in each of include_domains and exclude_domains.
MAX_DOMAINS = 20
_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_EXAMPLE = "such as 'example.com'"


def parse_domains(argument: str, values: Iterable[str]) -> tuple[str, ...]:
    """The host names in ``values``, normalised and without repeats; raises ``InvalidRequestError``."""
    domains: list[str] = []
    given = list(values)
    if len(given) > MAX_DOMAINS:
        raise InvalidRequestError(f"{argument} holds {len(given)} domains; name at most {MAX_DOMAINS}.")
    for value in given:
        domain = _parse_domain(argument, value)
        if domain not in domains:
            domains.append(domain)
    return tuple(domains)


def check_disjoint(include: tuple[str, ...], exclude: tuple[str, ...]) -> None:
    """A domain both wanted and refused is a contradiction: say which (a subdomain of an included one is fine)."""
    both = [domain for domain in include if domain in exclude]
    if both:
        raise InvalidRequestError(
            f"{both[0]!r} is in both include_domains and exclude_domains; keep it in one of them."
        )


def link_allowed(link: str, include: tuple[str, ...], exclude: tuple[str, ...]) -> bool:
    """Whether a result's link passes the filters: under an included domain (if any), under no excluded one."""
    if not include and not exclude:
        return True
    host = _link_host(link)
    if host is None:
        return not include  # no host to match: it cannot be shown to be outside an include list
    if any(_covers(domain, host) for domain in exclude):
        return False
    return not include or any(_covers(domain, host) for domain in include)


def _parse_domain(argument: str, value: str) -> str:
    text = value.strip().lower().rstrip(".")
    shown = value if len(value) <= 60 else value[:59] + "…"
    if not text:
        raise InvalidRequestError(f"{argument} holds an empty domain; name host names {_EXAMPLE}.")
    if "://" in text or "/" in text or "?" in text or "@" in text or ":" in text:
        raise InvalidRequestError(
            f"{argument} entry {shown!r} is not a host name; pass the host alone, {_EXAMPLE} (no scheme, path or port)."
        )
    if text.startswith("*."):
        raise InvalidRequestError(
            f"{argument} entry {shown!r} has a wildcard; name the domain alone ({text[2:]!r}): "
            "its subdomains count too."
        )
    ascii_name = _ascii(text)
    labels = ascii_name.split(".") if ascii_name is not None else []
    if ascii_name is None or len(ascii_name) > 253 or not all(_LABEL.match(label) for label in labels):
        raise InvalidRequestError(f"{argument} entry {shown!r} is not a valid host name; use one {_EXAMPLE}.")
    return _without_www(ascii_name)


def _link_host(link: str) -> str | None:
    try:
        host = urlsplit(link).hostname
    except ValueError:
        return None
    if not host:
        return None
    host = host.rstrip(".")
    return _without_www(_ascii(host) or host)


def _ascii(name: str) -> str | None:
    if name.isascii():
        return name
    try:
        return name.encode("idna").decode("ascii").lower()
    except UnicodeError:
        return None


def _without_www(host: str) -> str:
    return host[4:] if host.startswith("www.") and host.count(".") >= 2 else host


def _covers(domain: str, host: str) -> bool:
    return host == domain or host.endswith("." + domain)
