"""Links wrapped by a redirector: a search engine's, a social network's or a mail scanner's address
that only sends its reader on to another (``google.com/url?q=...``, Outlook's Safe Links, Facebook's
``l.php``).

Pure, standard library only. Agents are handed such links in pasted text, mail and search pages.
Fetched, many answer with an interstitial instead of the target ("Redirect Notice: the page you
were on is trying to send you to...", "Leaving Facebook"), and each one tells the redirector's
owner which page was read. The target is in the address itself: it is read directly, and the
reader says so. Only the wrappers listed here, by host and path, and only a target that is an
http(s) address; anything else is fetched as written (and vetted as any page is).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

# Parameters an AMP viewer or cache adds to the page's address for itself.
_AMP_OWN = ("amp_", "usqp=", "amp=", "outputType=")
# The longest target taken from a link (the practical bound on an address browsers and sitemaps keep).
MAX_TARGET_CHARS = 2_048
# Wrappers inside wrappers (a Safe Link around a Google redirect) are unwrapped this many times.
MAX_UNWRAPS = 3
_MAX_URL_CHARS = 8_192


@dataclass(frozen=True)
class _Wrapper:
    name: str  # as the note says it: "Google's redirect"
    host: re.Pattern[str]
    path: re.Pattern[str]
    parameters: tuple[str, ...]  # the target's parameter, the first one present
    base64: bool = False  # Bing's: "a1" and the target in URL-safe base64


# Google's hosts, whatever the country.
_GOOGLE = re.compile(r"(?:www\.)?google\.(?:com|co\.[a-z]{2}|com\.[a-z]{2}|[a-z]{2})")

_WRAPPERS = (
    _Wrapper(
        "Google's redirect",
        _GOOGLE,
        re.compile(r"/url"),
        ("q", "url"),
    ),
    _Wrapper("DuckDuckGo's redirect", re.compile(r"(?:html\.|lite\.)?duckduckgo\.com"), re.compile(r"/l/?"), ("uddg",)),
    _Wrapper("Bing's redirect", re.compile(r"(?:www\.)?bing\.com"), re.compile(r"/ck/a"), ("u",), base64=True),
    _Wrapper("Facebook's redirect", re.compile(r"l[m]?\.facebook\.com"), re.compile(r"/l\.php"), ("u",)),
    _Wrapper("Instagram's redirect", re.compile(r"l\.instagram\.com"), re.compile(r"/?"), ("u",)),
    _Wrapper("YouTube's redirect", re.compile(r"(?:www\.|m\.)?youtube\.com"), re.compile(r"/redirect"), ("q",)),
    _Wrapper("Reddit's redirect", re.compile(r"out\.reddit\.com"), re.compile(r"/.*"), ("url",)),
    _Wrapper("LinkedIn's redirect", re.compile(r"(?:www\.)?linkedin\.com"), re.compile(r"/safety/go/?"), ("url",)),
    _Wrapper(
        "Outlook's Safe Links",
        re.compile(r"[a-z0-9-]+\.safelinks\.protection\.outlook\.com"),
        re.compile(r"/?"),
        ("url",),
    ),
    _Wrapper("Steam's link filter", re.compile(r"steamcommunity\.com"), re.compile(r"/linkfilter/?"), ("url", "u")),
    _Wrapper("VK's redirect", re.compile(r"(?:m\.)?vk\.com"), re.compile(r"/away\.php"), ("to",)),
    _Wrapper("Slack's redirect", re.compile(r"slack-redir\.net"), re.compile(r"/link"), ("url",)),
    _Wrapper("Tumblr's redirect", re.compile(r"t\.umblr\.com"), re.compile(r"/redirect"), ("z",)),
)


@dataclass(frozen=True)
class _PathWrapper:
    """A wrapper that writes its target into its path: the page's host and path after a marker,
    ``s/`` before them for https (AMP's viewers and caches), or the whole address percent-encoded
    (Yahoo's ``/RU=.../RK=``)."""

    name: str
    host: re.Pattern[str]
    path: re.Pattern[str]  # a "page" group (host and path, "secure" when https), or an "encoded" one


_PATH_WRAPPERS = (
    _PathWrapper(
        "Google's AMP viewer",
        _GOOGLE,
        re.compile(r"/amp/(?P<secure>s/)?(?P<page>[^/?#]+\.[^/?#]+/.*)"),
    ),
    _PathWrapper(
        "the AMP cache",
        re.compile(r"[a-z0-9-]+\.cdn\.ampproject\.org"),
        re.compile(r"/(?:c|v|i|r|wp)/(?P<secure>s/)?(?P<page>[^/?#]+\.[^/?#]+/.*)"),
    ),
    _PathWrapper(
        "Yahoo's redirect",
        re.compile(r"r\.search\.yahoo\.com"),
        re.compile(r"/(?:.*?/)?RU=(?P<encoded>[^/]+)/.*"),
    ),
)


@dataclass(frozen=True)
class Unwrapped:
    target: str
    wrappers: tuple[str, ...]  # whose redirects were taken off, outermost first


def unwrapped(url: str) -> Unwrapped | None:
    """The address ``url`` only sends its reader on to, and whose redirects it went through; None
    when ``url`` is no listed wrapper around an http(s) address."""
    names: list[str] = []
    current = url
    for _ in range(MAX_UNWRAPS):
        found = _unwrap_once(current)
        if found is None:
            break
        name, current = found
        names.append(name)
    return Unwrapped(current, tuple(names)) if names else None


def _unwrap_once(url: str) -> tuple[str, str] | None:
    if len(url) > _MAX_URL_CHARS:
        return None
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".")
    except ValueError:
        return None
    if parts.scheme not in ("http", "https"):
        return None
    for by_path in _PATH_WRAPPERS:
        if by_path.host.fullmatch(host) and (found := by_path.path.fullmatch(parts.path)) is not None:
            target = _from_path(found, parts.query)
            # A viewer's or a cache's link never carries a user and password: one that does is
            # made to send them where the link does not seem to go ("google.com@evil.example").
            if target is None or not _is_web_address(target) or "@" in urlsplit(target).netloc:
                return None
            return by_path.name, target.strip()
    for wrapper in _WRAPPERS:
        if not (wrapper.host.fullmatch(host) and wrapper.path.fullmatch(parts.path or "/")):
            continue
        try:
            query = parse_qs(parts.query)  # the address's length is bounded above
        except ValueError:
            return None
        value = next((query[name][0] for name in wrapper.parameters if query.get(name)), None)
        target = _from_base64(value) if wrapper.base64 and value else value
        if target is not None and _is_web_address(target):
            return wrapper.name, target.strip()
    return None


def _from_path(found: re.Match[str], query: str) -> str | None:
    """The target a path wrapper wrote into its path (``query``: the wrapper's own, the page's)."""
    groups = found.groupdict()
    if groups.get("encoded") is not None:
        return unquote(groups["encoded"])
    scheme = "https" if groups.get("secure") else "http"
    # The page's own parameters stay; those the AMP viewer or cache adds for itself go.
    kept = [pair for pair in query.split("&") if pair and not pair.startswith(_AMP_OWN)]
    return f"{scheme}://{groups['page']}" + (f"?{'&'.join(kept)}" if kept else "")


def _from_base64(value: str) -> str | None:
    """Bing's target: "a1", then the address in URL-safe base64 without padding."""
    if not value.startswith("a1"):
        return None
    encoded = value[2:]
    try:
        return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def _is_web_address(target: str) -> bool:
    # The target is named in messages outside the untrusted-content fence (a failure's "Could not
    # read ..."), decoded from the link: no control, format or separator character (a line or
    # paragraph separator, a bidi override), no space, and no longer than a link should be.
    # urlsplit drops some of those quietly.
    trimmed = target.strip()
    if len(trimmed) > MAX_TARGET_CHARS or not trimmed.isprintable() or " " in trimmed:
        return False
    try:
        parts = urlsplit(trimmed)
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        return False
