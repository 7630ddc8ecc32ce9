"""The domain a host name was registered under, by the Public Suffix List's ICANN section.

Asked only of a host that does not resolve: when the public DNS has no such registered domain
either, the site is gone (a lapsed registration, the commonest dead link) rather than an
intranet's name, and a public archive may hold its pages (``resolver.SystemResolver.lapsed``).
"""

from __future__ import annotations

from functools import cache

from publicsuffixlist import PublicSuffixList

# Special-use names (RFC 6761, RFC 7686, RFC 8375) the list knows but no registry hands out:
# reverse lookups and home networks under .arpa, Tor's onion services.
_SPECIAL_USE = frozenset({"arpa", "onion"})


@cache
def _suffixes() -> PublicSuffixList:
    # The list the package ships (never fetched: nothing here goes to the network). Unknown TLDs
    # (.corp, .lan, .internal, .local, a single label) have no registered domain; the private
    # section's suffixes (github.io, blogspot.com) are the hosting company's own registration.
    return PublicSuffixList(accept_unknown=False, only_icann=True)


def registered_domain(host: str) -> str | None:
    """``host``'s registered domain (``blog.example.co.uk`` -> ``example.co.uk``), or None when it
    has none a registry hands out: an IP address, an unknown or special-use top-level domain, a
    public suffix itself. ``host`` is IDNA-encoded and lower case, as it goes on the wire."""
    name = host.rstrip(".")
    if not name or name.rsplit(".", 1)[-1] in _SPECIAL_USE:
        return None
    found = _suffixes().privatesuffix(name)
    return found if isinstance(found, str) else None
