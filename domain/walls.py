"""Answers that are not the page asked for: a bot check in its place, or a sign-in page the site sent the reader to.

Pure, standard library only. The fetcher asks about every page it reads (``SafePageFetcher``).
A refused answer (4xx, 5xx) is named for what it is, so the agent hears "Cloudflare's bot check
answered instead of the page" rather than a bare "HTTP 403"; and a 2xx answer that is a check
(Anubis serves its proof-of-work page with 200, AWS WAF its challenge with 202) or a sign-in
page is not handed to extraction as if it were the page. The checks are not solved: they are
there to keep automated readers out. The reader says so, and turns to a public archive's copy
(application/read_pages.py).

Two kinds of marks. Some are only ever on a check's page (Cloudflare's ``_cf_chl_opt``, Anubis'
``anubis_challenge`` script, a ``cf-mitigated: challenge`` header) and count at any status, on
small pages. Others show only that a bot manager guards the site (DataDome's header, PerimeterX's
app id, a CAPTCHA widget): normal pages carry them too, so they count on a refusal only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import SplitResult, parse_qsl, urlsplit

#: Bot checks are small pages: only this much of an answer's start is looked at.
HEAD_BYTES = 65_536
#: A 2xx answer larger than this is a page, whatever it quotes (an article about Anubis).
SMALL_PAGE_BYTES = 65_536
# Refusals a bot manager answers with; a 404 behind Cloudflare is the site's own "not found".
_REFUSALS = frozenset({401, 403, 405, 429, 503})


@dataclass(frozen=True)
class _Guard:
    name: str  # as the reason says it: "Cloudflare's bot check"
    sure: tuple[str, ...] = ()  # marks only a check's page has; "header:" ones name a response header
    refusing: tuple[str, ...] = ()  # marks of a guarded site, which count on a refusal only


# Lowercase; a "header:name: value" mark is met when the header holds the value ("" = any value).
_GUARDS = (
    _Guard(
        "Cloudflare's bot check",
        sure=("header:cf-mitigated: challenge", "_cf_chl_opt", "__cf_chl_", "cf-browser-verification"),
        refusing=("cf-error-details", "attention required! | cloudflare", "/cdn-cgi/challenge-platform/"),
    ),
    _Guard("Anubis' bot check", sure=('id="anubis_challenge"', "/.within.website/x/cmd/anubis/")),
    _Guard("go-away's bot check", sure=("/go-away/cmd/go-away/assets/",)),
    _Guard("DataDome's bot check", sure=("captcha-delivery.com",), refusing=("header:x-datadome:", "header:x-dd-b:")),
    _Guard(
        "HUMAN's (PerimeterX) bot check",
        sure=("captcha.px-cdn.net", "captcha.px-cloud.net"),
        refusing=("px-captcha", "_pxappid", "perimeterx"),
    ),
    _Guard("Akamai's bot manager", refusing=("errors.edgesuite.net", "header:server: akamaighost")),
    _Guard(
        "Imperva's bot check",
        sure=("incapsula incident id",),
        refusing=("_incapsula_resource", "header:x-iinfo:", "header:x-cdn: imperva", "header:x-cdn: incapsula"),
    ),
    _Guard(
        "AWS WAF's bot check",
        sure=("header:x-amzn-waf-action:", "window.gokuprops"),
        refusing=("awswafcookiedomainlist", "awswafintegration"),
    ),
    _Guard("Vercel's bot check", sure=("header:x-vercel-mitigated: challenge", "vercel security checkpoint")),
    _Guard("DDoS-Guard's bot check", sure=("/.well-known/ddos-guard/",), refusing=("header:server: ddos-guard",)),
    _Guard(
        "Sucuri's firewall",
        sure=("<title>sucuri website firewall",),
        refusing=("header:x-sucuri-id:", "header:x-sucuri-block:", "header:server: sucuri"),
    ),
    _Guard("Kasada's bot check", refusing=("header:x-kpsdk-ct:", "header:x-kpsdk-cd:")),
    _Guard(
        "a CAPTCHA",
        refusing=("g-recaptcha", "h-captcha", "hcaptcha.com/1/api.js", "cf-turnstile", "recaptcha/api.js"),
    ),
)

# Where a site sends a reader it wants signed in: a path segment, or a host of its own.
_SIGN_IN_SEGMENT = re.compile(
    r"(?:^|/)(?:log-?in|sign-?in|sign_in|signon|authwall|servicelogin|users/sign_in|session/new|special:userlogin"
    r"|oauth2?/authorize|openid-connect/auth)(?:[/.;]|$)",
    re.IGNORECASE,
)
_SIGN_IN_HOST = re.compile(
    r"^(?:accounts\.google\.com|login\.microsoftonline\.com|login\.live\.com|signin\.aws\.amazon\.com"
    r"|(?:login|signin|auth|sso|accounts?|idp)\.[^.]+\..+)$",
    re.IGNORECASE,
)
# A site's consent page in the page's place (Yahoo, Google's services in Europe).
_CONSENT_HOST = re.compile(r"^(?:consent|guce)\.", re.IGNORECASE)
# Query keys that carry a secret: an address holding one is never handed to a third party.
_SECRET_KEY = re.compile(
    r"(?:^|[_.-])(?:token|key|apikey|sig|signature|secret|password|passwd|pwd|auth|session|sid|code|credential"
    r"|jwt|otp|ticket)(?:[_.-]|$)",
    re.IGNORECASE,
)


def bot_check(status: int, headers: Mapping[str, str], head: bytes, *, whole: bool = True) -> str | None:
    """Whose bot check answered instead of the page ("Cloudflare's bot check"); None when the answer is no check.

    ``headers`` with lowercase names; ``head`` the start of the body (``HEAD_BYTES`` are looked at),
    ``whole`` when it is all of it. A guarded site's marks in the body count on a small refusal
    only: a site's own error page, as large as its other pages, may hold a newsletter's CAPTCHA.
    """
    body = head[:HEAD_BYTES].lower()
    refused = status in _REFUSALS
    for guard in _GUARDS:
        if any(_met(mark, headers, body) for mark in guard.sure):
            return guard.name
        if refused and any(_met(mark, headers, body if whole else b"") for mark in guard.refusing):
            return guard.name
    return None


def refusal_reason(status: int, headers: Mapping[str, str], head: bytes, *, whole: bool = True) -> str:
    """One line for an answer that is not a 2xx: "HTTP 403", or what answered in the page's place."""
    guard = bot_check(status, headers, head, whole=whole)
    return f"HTTP {status}" if guard is None else f"HTTP {status}: {in_place_reason(guard)}"


def check_in_place(body: bytes) -> str | None:
    """Whose bot check a 2xx answer is (Anubis serves its page with 200), else None: small pages only."""
    return None if len(body) > SMALL_PAGE_BYTES else bot_check(200, {}, body)


def in_place_reason(guard: str) -> str:
    return f"{guard} answered instead of the page"


def sign_in_in_place(asked: str, landed: str) -> str | None:
    """The reason a redirect's end is not the page: the site sent the reader to sign in or to consent.

    Only when the address asked for is not itself such a page (asking for a login page gets one).
    """
    to, start = _split(landed), _split(asked)
    if asked == landed or to is None or start is None:
        return None
    host = (to.hostname or "").lower()
    shown = f"{host}{to.path}" if to.path not in ("", "/") else host
    if _CONSENT_HOST.match(host) and not _CONSENT_HOST.match(start.hostname or ""):
        return f"the site sent the reader to its consent page ({shown})"
    if _is_sign_in(to) and not _is_sign_in(start):
        return f"the site sent the reader to its sign-in page ({shown})"
    return None


def archivable(url: str) -> bool:
    """Whether ``url`` may be named to a public archive: no credentials, no secret in its query."""
    parts = _split(url)
    if parts is None or parts.username is not None or parts.password is not None:
        return False
    if parts.scheme not in ("http", "https"):
        return False
    return not any(_SECRET_KEY.search(key) for key, _ in parse_qsl(parts.query, keep_blank_values=True))


def _split(url: str) -> SplitResult | None:
    try:
        return urlsplit(url)
    except ValueError:  # "Invalid IPv6 URL": a bracket out of place
        return None


def _is_sign_in(parts: SplitResult) -> bool:
    return bool(_SIGN_IN_HOST.match(parts.hostname or "")) or bool(_SIGN_IN_SEGMENT.search(parts.path))


def _met(mark: str, headers: Mapping[str, str], body: bytes) -> bool:
    if not mark.startswith("header:"):
        return mark.encode("ascii") in body
    name, _, value = mark[len("header:") :].partition(": ")
    name = name.rstrip(":")
    held = headers.get(name)
    return held is not None and value in held.lower()
