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

from domain.not_found import names_not_found, not_found_title
from domain.page_titles import HEAD_CHARS
from domain.parked_domains import parked
from domain.script_shell import readable_text
from domain.server_placeholders import placeholder

#: Bot checks are small pages: only this much of an answer's start is looked at.
HEAD_BYTES = 65_536
#: A 2xx answer larger than this is a page, whatever it quotes (an article about Anubis).
SMALL_PAGE_BYTES = 65_536
#: A 2xx answer with more readable text than this is a page: a check's page says a few sentences.
MAX_CHECK_TEXT_CHARS = 2_000
# Refusals a bot manager answers with; a 404 behind Cloudflare is the site's own "not found", and a
# 503 from Akamai an origin that is down.
_REFUSALS = frozenset({403, 429})


@dataclass(frozen=True)
class _Guard:
    name: str  # as the reason says it: "Cloudflare's bot check"
    sure: tuple[str, ...] = ()  # marks only a check's page has; "header:" ones name a response header
    refusing: tuple[str, ...] = ()  # marks of a guarded site, which count on a refusal only


# Lowercase; a "header:name: value" mark is met when the header holds the value ("" = any value).
# A sure mark in the body is one of the check's own script or markup, never words a page would
# print: a page that quotes one (an article about bot checks) is told apart by its text's length.
_GUARDS = (
    _Guard(
        "Cloudflare's bot check",
        sure=("header:cf-mitigated: challenge", "window._cf_chl_opt", "cf-browser-verification"),
        refusing=("cf-error-details", "attention required! | cloudflare", "/cdn-cgi/challenge-platform/"),
    ),
    _Guard("Anubis' bot check", sure=('<script id="anubis_challenge"', "/.within.website/x/cmd/anubis/static/")),
    _Guard("go-away's bot check", sure=("/go-away/cmd/go-away/assets/",)),
    _Guard(
        "DataDome's bot check",
        refusing=("header:x-datadome:", "header:x-dd-b:", "//geo.captcha-delivery.com", "//ct.captcha-delivery.com"),
    ),
    _Guard(
        "HUMAN's (PerimeterX) bot check",
        refusing=("px-captcha", "_pxappid", "perimeterx", "captcha.px-cdn.net", "captcha.px-cloud.net"),
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
    _Guard(
        "Vercel's bot check",
        sure=("header:x-vercel-mitigated: challenge",),
        refusing=("<title>vercel security checkpoint",),
    ),
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

# Where a site sends a reader it wants signed in. A path segment alone is weak evidence (a docs page
# called "login", a repository called "login"), so it counts with a parameter naming where to come
# back to, or on a sign-in host; a few paths are only ever sign-in pages.
_SIGN_IN_ONLY = re.compile(r"(?:^|/)(?:authwall|users/sign_in|servicelogin|special:userlogin)(?:[/.;]|$)", re.I)
_SIGN_IN_SEGMENT = re.compile(
    r"(?:^|/)(?:log-?in|sign-?in|sign_in|signon|session/new|oauth2?/authorize|openid-connect/auth|saml2?/\w+)"
    r"(?:[/.;]|$)",
    re.IGNORECASE,
)
_SIGN_IN_HOST = re.compile(
    r"^(?:accounts\.google\.com|login\.microsoftonline\.com|login\.live\.com|signin\.aws\.amazon\.com"
    r"|(?:login|signin|auth|sso|accounts?|idp)\.[^.]+\..+)$",
    re.IGNORECASE,
)
_RETURN_KEYS = frozenset(
    {"next", "return_to", "returnto", "returnurl", "return_url", "returnpath", "redirect", "redirect_uri",
     "redirect_url", "redirecturl", "continue", "service", "goto", "from", "came_from", "destination",
     "callbackurl", "callback", "backurl", "back_url", "target", "url", "ref", "dest", "done", "rurl"}
)  # fmt: skip
# A site's consent page in the page's place (Yahoo, Google's services in Europe).
_CONSENT_HOST = re.compile(r"^(?:consent|guce)\.", re.IGNORECASE)
# Words inside a query parameter's name that mean it may carry a secret ("accessToken", "PHPSESSID",
# "X-Amz-Signature", "api_key"): such an address is never handed to a third party. Found inside the
# name, so a harmless name that holds one ("keyword") only costs the archive's copy.
_SECRET_WORDS = ("token", "secret", "pass", "pwd", "sess", "auth", "sig", "key", "cred", "jwt", "otp",
                 "ticket", "code", "sid", "nonce", "hash", "state", "private", "access")  # fmt: skip
# A path segment's piece of 16 characters or more mixing letters and digits: a capability's token
# (a webhook's secret, a shared file's id) rather than words.
_TOKEN_PIECE = re.compile(
    r"(?=[A-Za-z0-9]*[0-9][A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{16,}"
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


def answered_instead(asked: str, html: bytes, markdown: str) -> str | None:
    """Why a 2xx HTML answer, read as ``markdown``, is not the page asked for: a bot check's page, a
    parking or expiry page in place of the site (``parked_domains``), a web server's default page
    or a host's suspension notice (``server_placeholders``), or the site's page-not-found page (a
    soft 404); None for a page. Only an answer with little text is
    judged: a check or a not-found page says a few sentences, an article quoting one says more."""
    if len(readable_text(markdown)) >= MAX_CHECK_TEXT_CHARS:
        return None
    if (guard := check_in_place(html)) is not None:
        return in_place_reason(guard)
    if len(html) <= SMALL_PAGE_BYTES and (gone := parked(asked, html, markdown) or placeholder(asked, html, markdown)):
        return gone
    if names_not_found(asked) or not_found_title(html[:HEAD_CHARS].decode("utf-8", errors="replace")) is None:
        return None
    # The page's own title is not quoted: a reason is the reader's words, never the page's.
    return "the site answered with its page-not-found page (with status 200)"


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
    if _is_sign_in(to, start) and not _is_sign_in(start, start):
        return f"the site sent the reader to its sign-in page ({shown})"
    return None


def archivable(url: str) -> bool:
    """Whether ``url`` may be named to a public archive: http(s), no credentials, no parameters after
    ``;``, no query parameter whose name holds a secret's word, no piece of the path or of a query
    value that looks like a token.
    The fragment is never named (``without_fragment``), whatever it holds."""
    parts = _split(url)
    if parts is None or parts.username is not None or parts.password is not None:
        return False
    if parts.scheme not in ("http", "https") or ";" in parts.path or ";" in parts.query:
        return False
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    if any(_holds_token(value) for value in (parts.path, *(value for _, value in pairs))):
        return False
    return not any(word in name.lower() for name, _ in pairs for word in _SECRET_WORDS)


def _holds_token(value: str) -> bool:
    """Whether a path or a query value holds a piece that looks like a token: pieces are what runs of
    letters and digits a URL's punctuation ("/", ".", "-", "=", "%2F"...) leaves."""
    return any(_TOKEN_PIECE.fullmatch(piece) for piece in re.split(r"(?:%[0-9A-Fa-f]{2}|[^A-Za-z0-9])+", value))


def without_fragment(url: str) -> str:
    """``url`` without its ``#fragment``: a page's address as a third party may hear it (an access
    token, a paste's key, travel in fragments)."""
    return url.split("#", 1)[0]


def _split(url: str) -> SplitResult | None:
    try:
        return urlsplit(url)
    except ValueError:  # "Invalid IPv6 URL": a bracket out of place
        return None


def _is_sign_in(parts: SplitResult, asked: SplitResult) -> bool:
    if _SIGN_IN_ONLY.search(parts.path):
        return True
    returns = any(name.lower() in _RETURN_KEYS for name, _ in parse_qsl(parts.query, keep_blank_values=True))
    elsewhere = (parts.hostname or "").lower() != (asked.hostname or "").lower()
    sign_in_host = elsewhere and bool(_SIGN_IN_HOST.match(parts.hostname or ""))
    if _SIGN_IN_SEGMENT.search(parts.path):
        return returns or sign_in_host
    return sign_in_host and (returns or parts.path in ("", "/"))


def _met(mark: str, headers: Mapping[str, str], body: bytes) -> bool:
    if not mark.startswith("header:"):
        return mark.encode("ascii") in body
    name, _, value = mark[len("header:") :].partition(": ")
    name = name.rstrip(":")
    held = headers.get(name)
    return held is not None and value in held.lower()
