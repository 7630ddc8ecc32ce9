"""Answers that are not the page: whose bot check answered, a sign-in page the reader was sent to, and
which addresses may be named to a public archive. Each check's page here is written for the test
from the marks its vendor documents or serves, not copied from a site."""

from __future__ import annotations

import pytest

from domain.walls import (
    SMALL_PAGE_BYTES,
    archivable,
    bot_check,
    check_in_place,
    refusal_reason,
    sign_in_in_place,
)

CLOUDFLARE_CHALLENGE = (
    b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
    b"<noscript>Enable JavaScript and cookies to continue</noscript>"
    b"<script>(function(){window._cf_chl_opt={cvId: '3'};})();</script></body></html>"
)
CLOUDFLARE_BLOCK = (
    b"<html><head><title>Attention Required! | Cloudflare</title></head><body>"
    b"<div id='cf-error-details'><h1>Sorry, you have been blocked</h1></div></body></html>"
)
ANUBIS = (
    b"<!doctype html><html><head><title>Making sure you&#39;re not a bot!</title>"
    b'<script id="anubis_challenge" type="application/json">{"rules":{"difficulty":4}}</script></head>'
    b"<body><h1>Making sure you're not a bot!</h1><p>Loading...</p>"
    b'<img src="/.within.website/x/cmd/anubis/static/img/pensive.webp"></body></html>'
)
DATADOME = b"<html><body><script src='https://ct.captcha-delivery.com/c.js'></script></body></html>"
PERIMETERX = b"<html><body><div id='px-captcha'></div><p>Press &amp; Hold to confirm you are a human</p></body></html>"
AKAMAI = (
    b"<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY>You don't have permission to access this server."
    b"<P>Reference #18.1 https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18.1</P>"
    b"https://errors.edgesuite.net/18.1</BODY></HTML>"
)
IMPERVA = b"<html><body>Request unsuccessful. Incapsula incident ID: 1-2-3</body></html>"
AWS_WAF = b"<html><head><script>window.gokuProps = {'key':'x'};</script></head><body></body></html>"
CAPTCHA_FORM = b"<html><body><form><div class='g-recaptcha' data-sitekey='x'></div></form></body></html>"
ORDINARY_404 = b"<html><head><title>Not found</title></head><body><h1>This page does not exist</h1></body></html>"
# What Cloudflare, DataDome and PerimeterX put in every page they guard, served normally.
GUARDED_PAGE = (
    b"<html><head><title>Release notes</title>"
    b"<script src='/cdn-cgi/challenge-platform/scripts/jsd/main.js'></script>"
    b"<script>window._pxAppId='PX1';</script><script src='https://js.datadome.co/tags.js'></script></head>"
    b"<body><article><h1>Release notes</h1><p>Version 2 reads pages faster.</p></article></body></html>"
)


@pytest.mark.parametrize(
    ("status", "headers", "body", "reason"),
    [
        (403, {"cf-mitigated": "challenge", "server": "cloudflare"}, b"",
         "HTTP 403: Cloudflare's bot check answered instead of the page"),
        (503, {"server": "cloudflare"}, CLOUDFLARE_CHALLENGE,
         "HTTP 503: Cloudflare's bot check answered instead of the page"),
        (403, {"server": "cloudflare"}, CLOUDFLARE_BLOCK,
         "HTTP 403: Cloudflare's bot check answered instead of the page"),
        (403, {}, ANUBIS, "HTTP 403: Anubis' bot check answered instead of the page"),
        (403, {"x-datadome": "protected"}, b"", "HTTP 403: DataDome's bot check answered instead of the page"),
        (403, {}, DATADOME, "HTTP 403: DataDome's bot check answered instead of the page"),
        (403, {}, PERIMETERX, "HTTP 403: HUMAN's (PerimeterX) bot check answered instead of the page"),
        (403, {"server": "AkamaiGHost"}, AKAMAI, "HTTP 403: Akamai's bot manager answered instead of the page"),
        (403, {}, IMPERVA, "HTTP 403: Imperva's bot check answered instead of the page"),
        (405, {"x-amzn-waf-action": "captcha"}, b"", "HTTP 405: AWS WAF's bot check answered instead of the page"),
        (429, {"x-vercel-mitigated": "challenge"}, b"",
         "HTTP 429: Vercel's bot check answered instead of the page"),
        (403, {"server": "ddos-guard"}, b"", "HTTP 403: DDoS-Guard's bot check answered instead of the page"),
        (403, {"x-sucuri-id": "1"}, b"", "HTTP 403: Sucuri's firewall answered instead of the page"),
        (429, {"x-kpsdk-ct": "t"}, b"", "HTTP 429: Kasada's bot check answered instead of the page"),
        (403, {}, CAPTCHA_FORM, "HTTP 403: a CAPTCHA answered instead of the page"),
        # The site's own answers, behind the same guards, are said as they are.
        (404, {"server": "cloudflare", "cf-ray": "8a"}, ORDINARY_404, "HTTP 404"),
        (404, {"x-datadome": "protected"}, GUARDED_PAGE, "HTTP 404"),
        (500, {}, CAPTCHA_FORM, "HTTP 500"),
        (403, {}, ORDINARY_404, "HTTP 403"),
        (410, {}, b"", "HTTP 410"),
        # An origin that is down behind Akamai, a sign-in asked for behind Imperva: the site's own answers.
        (503, {"server": "AkamaiGHost"}, b"<html><body>Zero size object</body></html>", "HTTP 503"),
        (401, {"x-iinfo": "12-345"}, b"<h1>Sign in required</h1>", "HTTP 401"),
    ],
)  # fmt: skip
def test_a_refusal_names_the_bot_check_that_answered(
    status: int, headers: dict[str, str], body: bytes, reason: str
) -> None:
    assert refusal_reason(status, headers, body) == reason


def test_a_2xx_bot_check_is_found_in_a_small_page_only() -> None:
    assert check_in_place(ANUBIS) == "Anubis' bot check"
    assert check_in_place(AWS_WAF) == "AWS WAF's bot check"
    assert check_in_place(CLOUDFLARE_CHALLENGE) == "Cloudflare's bot check"
    # An article about Anubis quoting its page is a page, not a check.
    article = b"<html><body><article>" + b"<p>How Anubis weighs a request.</p>" * 3000 + ANUBIS + b"</article>"
    assert len(article) > SMALL_PAGE_BYTES
    assert check_in_place(article) is None


def test_a_guarded_page_served_normally_is_the_page() -> None:
    assert check_in_place(GUARDED_PAGE) is None
    assert check_in_place(CAPTCHA_FORM) is None  # a contact form with its CAPTCHA is a page
    assert bot_check(200, {"x-datadome": "protected"}, GUARDED_PAGE) is None


def test_marks_are_looked_for_in_any_case() -> None:
    assert bot_check(403, {"x-amzn-waf-action": "CHALLENGE"}, b"") == "AWS WAF's bot check"
    assert bot_check(403, {}, b"<DIV ID='PX-CAPTCHA'></DIV>") == "HUMAN's (PerimeterX) bot check"


@pytest.mark.parametrize(
    ("asked", "landed", "reason"),
    [
        ("https://www.linkedin.com/in/someone", "https://www.linkedin.com/authwall?trk=x",
         "the site sent the reader to its sign-in page (www.linkedin.com/authwall)"),
        ("https://github.com/org/private/issues/1", "https://github.com/login?return_to=%2Forg",
         "the site sent the reader to its sign-in page (github.com/login)"),
        ("https://docs.google.com/document/d/1/edit", "https://accounts.google.com/v3/signin/identifier?x=1",
         "the site sent the reader to its sign-in page (accounts.google.com/v3/signin/identifier)"),
        ("https://wiki.example.org/Team", "https://wiki.example.org/index.php/Special:UserLogin",
         "the site sent the reader to its sign-in page (wiki.example.org/index.php/Special:UserLogin)"),
        ("https://intranet.example.com/a", "https://sso.example.com/",
         "the site sent the reader to its sign-in page (sso.example.com)"),
        ("https://intranet.example.com/a", "https://login.example.com/",
         "the site sent the reader to its sign-in page (login.example.com)"),
        ("https://wikipedia.org/wiki/Relay", "https://id.wikipedia.org/wiki/Relay", None),
        ("https://gitlab.example.com/g/p", "https://gitlab.example.com/users/sign_in",
         "the site sent the reader to its sign-in page (gitlab.example.com/users/sign_in)"),
        ("https://news.yahoo.com/story", "https://consent.yahoo.com/v2/collectConsent?sessionId=1",
         "the site sent the reader to its consent page (consent.yahoo.com/v2/collectConsent)"),
        # Asking for a sign-in page gets one; a redirect that is not to one is a move.
        ("https://github.com/login", "https://github.com/login?x=1", None),
        ("https://example.com/docs/authentication", "https://example.com/docs/auth/", None),
        ("https://example.com/docs", "https://example.com/docs/", None),
        ("https://example.com/blog/signing-in-guide", "https://example.com/blog/signing-in-guide/", None),
        ("https://example.com/a", "https://example.com/a", None),
        # A sign-in-like path alone is a page about signing in, or a repository, or a wiki article.
        ("https://bit.ly/3xYz", "https://clerk.com/docs/components/authentication/sign-in", None),
        ("https://t.co/abc", "https://github.com/someone/login", None),
        ("https://en.wikipedia.org/wiki/Special:Random", "https://en.wikipedia.org/wiki/Login", None),
        ("https://example.com/docs/guide", "https://example.com/docs/guide/login.html", None),
        ("https://example.com/x", "https://auth.example.com/docs/", None),
        ("https://news.example/story", "https://news.example/login?next=/story",
         "the site sent the reader to its sign-in page (news.example/login)"),
    ],
)  # fmt: skip
def test_a_redirect_to_a_sign_in_page_is_not_the_page(asked: str, landed: str, reason: str | None) -> None:
    assert sign_in_in_place(asked, landed) == reason


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://example.com/article?id=4&page=2&q=relay", True),
        ("http://example.com/", True),
        ("https://medium.com/@ada/failover-you-can-prove-6f1e2d3c4b5a", True),  # a post's id is not a secret
        ("https://news.example/2025/03/01/relay-story.html", True),
        # A harmless name holding a secret's word costs the archive's copy, never the other way round.
        ("https://example.com/article?keyword=relay", False),
        ("https://example.com/cb?accessToken=abc", False),
        ("https://example.com/?PHPSESSID=abc", False),
        ("https://example.com/x?pass=hunter2", False),
        ("https://example.com/page;jsessionid=ABC123", False),
        ("https://example.com/?a=1;token=x", False),
        ("https://hooks.example.com/services/T0123456/B0123456/Zq8xW2kLm9Pr4Tv7Yb3Nc6Hd", False),
        ("https://drive.example.com/file/d/1a2B3c4D5e6F7g8H9i0JkLmN/view", False),
        ("https://example.com/reset/MTIzNDU2Nzg5MGFiY2RlZg==", False),  # a token with base64's padding
        ("https://example.com/open?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc", False),  # a JWT
        ("https://example.com/search?q=python3.11+failover&page=2", True),
        ("https://example.com/files%2Freport2024final", True),  # the escape splits, "2F" is not the token's
        ("https://example.com/a%2FAbCdEf0123456789xyz", False),
        ("https://user:secret@example.com/", False),
        ("https://example.com/file?token=abc", False),
        ("https://bucket.example.com/f?X-Amz-Signature=abc&X-Amz-Credential=k", False),
        ("https://example.com/?api_key=abc", False),
        ("https://example.com/reset?code=123", False),
        ("https://example.com/?session_id=1", False),
        ("ftp://example.com/file", False),
    ],
)
def test_only_addresses_without_secrets_may_be_named_to_an_archive(url: str, allowed: bool) -> None:
    assert archivable(url) is allowed


def test_addresses_no_parser_can_split_are_neither_sign_in_pages_nor_archivable() -> None:
    assert sign_in_in_place("https://example.com/a", "http://[::1/login") is None
    assert sign_in_in_place("http://a]b/", "https://example.com/login") is None
    assert archivable("http://[::1/x") is False


def test_any_bytes_and_headers_get_an_answer() -> None:
    import random

    chance = random.Random(58)
    marks = [b"_cf_chl_opt", b"px-captcha", b"anubis", b"\xff\xfe", b"<title>", b"captcha-delivery.com"]
    for _ in range(2_000):
        body = b"".join(chance.choice(marks) for _ in range(chance.randrange(6)))
        body += bytes(chance.randrange(256) for _ in range(chance.randrange(64)))
        headers = {"server": chance.choice(["cloudflare", "", "\u00e9"]), "x-datadome": "\x00"}
        reason = refusal_reason(chance.choice([200, 403, 404, 503]), headers, body, whole=chance.random() < 0.5)
        assert reason.startswith("HTTP ")
        check_in_place(body)


def test_a_fragment_is_never_named_to_an_archive() -> None:
    from domain.walls import without_fragment

    assert without_fragment("https://news.example/cb#access_token=SECRET") == "https://news.example/cb"
    assert without_fragment("https://news.example/story") == "https://news.example/story"


def test_a_short_page_about_bot_checks_is_not_one() -> None:
    from domain.walls import answered_instead

    post = (
        b"<html><head><title>Our launch</title>"
        b'<meta http-equiv="Content-Security-Policy" content="frame-src https://geo.captcha-delivery.com">'
        b"</head><body><p>We moved behind the Vercel Security Checkpoint last week.</p></body></html>"
    )
    assert (
        answered_instead("https://blog.example/launch", post, "We moved behind the Vercel Security Checkpoint.") is None
    )
    # A check's page says a few sentences; one quoting a check's script with a page's worth of text is a page.
    long_text = "The relay reads pages for agents. " * 80
    assert answered_instead("https://blog.example/anubis", ANUBIS, long_text) is None
    assert answered_instead("https://blog.example/anubis", ANUBIS, "Making sure you're not a bot!") == (
        "Anubis' bot check answered instead of the page"
    )
