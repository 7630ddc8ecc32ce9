"""A page its site withheld (a bot check, a sign-in page, an error status in its place) is never
handed over as the page: the reader says what answered, and reads the Wayback Machine's latest copy
instead when the address may be named to it. Assembled from the real fetcher (over a faked
network), PageReader and the archive's adapter."""

from __future__ import annotations

import anyio
import httpx
import pytest

from adapters.sites.wayback_copies import WaybackCopies
from application.read_pages import PageReader
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage
from domain.ports import ArchivedCopyPort
from tests.support.site_apis import InProcessExtraction, SiteRouter, TableResolver, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
ARCHIVE = "web.archive.org"
SITE = "news.example"
URL = "https://news.example/story"
HTML = {"content-type": "text/html; charset=utf-8"}
STORY = (
    b"<html><head><title>Relay story</title></head><body><main><article><h1>Relay story</h1>"
    b"<p>The relay moved every call to the next provider when the first failed, and nobody noticed.</p>"
    b"<p>It kept the answers it had for an hour, and the agents read them all again the next day.</p>"
    b"</article></main></body></html>"
)
ANUBIS = (
    b"<html><head><title>Making sure you're not a bot!</title>"
    b'<script id="anubis_challenge" type="application/json">{}</script></head>'
    b"<body><h1>Making sure you're not a bot!</h1><p>Loading...</p><p>You are seeing this because the "
    b"administrator of this website has set up Anubis to protect the server against scrapers.</p></body></html>"
)
SIGN_IN = b"<html><body><h1>Sign in</h1><form><input name='user'><input name='password'></form></body></html>"


def _archived(router: SiteRouter, stamp: str = "20250301120000") -> SiteRouter:
    return router.add(ARCHIVE, "/cdx/search/cdx", json_answer([["timestamp", "statuscode"], [stamp, "200"]])).add(
        ARCHIVE, "/web/20250301120000id_/https://news.example/story", httpx.Response(200, headers=HTML, content=STORY)
    )


def _archived_reader(router: SiteRouter, resolver: TableResolver) -> PageReader:
    """The reader with the archive, on the open web as ``resolver`` says (no private networks)."""
    fetcher = routed_fetcher(router, resolver)
    extraction = InProcessExtraction()
    return PageReader(fetcher, extraction, page_timeout=5.0, archive=WaybackCopies(fetcher, extraction))


def _reader(router: SiteRouter, *, archive: bool = True, resolver: TableResolver | None = None) -> PageReader:
    fetcher = routed_fetcher(router, resolver, allow_private_networks=resolver is not None)
    extraction = InProcessExtraction()
    copies = WaybackCopies(fetcher, extraction) if archive else None
    return PageReader(fetcher, extraction, page_timeout=5.0, archive=copies)


async def test_a_bot_check_in_the_pages_place_is_read_from_the_archive_and_said() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(403, headers={"cf-mitigated": "challenge"})))

    page = await _reader(router).read(URL)

    assert page.markdown.startswith("# Relay story\n\nThe relay moved every call")
    assert page.url == URL
    assert page.note == (
        "HTTP 403: Cloudflare's bot check answered instead of the page; "
        "this is the Wayback Machine's copy, captured 2025-03-01 12:00 UTC."
    )


async def test_a_2xx_bot_check_is_not_read_as_the_page() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=ANUBIS)))
    page = await _reader(router).read(URL)
    assert "Anubis" not in page.markdown
    assert page.note is not None and page.note.startswith("Anubis' bot check answered instead of the page; this is")


async def test_a_redirect_to_a_sign_in_page_is_not_read_as_the_page() -> None:
    router = _archived(
        SiteRouter()
        .add(SITE, "/story", httpx.Response(302, headers={"location": "/login?next=/story"}))
        .add(SITE, "/login", httpx.Response(200, headers=HTML, content=SIGN_IN))
    )
    page = await _reader(router).read(URL)
    assert page.markdown.startswith("# Relay story")
    assert page.note is not None
    assert page.note.startswith("The site sent the reader to its sign-in page (news.example/login); this is")


async def test_a_gone_page_is_read_from_the_archive() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(410, headers=HTML, content=b"<p>Gone</p>")))
    page = await _reader(router).read(URL)
    assert page.note is not None and page.note.startswith("HTTP 410; this is the Wayback Machine's copy")


async def test_no_copy_leaves_both_reasons() -> None:
    router = SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=ANUBIS))
    router.add(ARCHIVE, "/cdx/search/cdx", json_answer([]))

    with pytest.raises(PageUnavailable) as refused:
        await _reader(router).read(URL)

    assert refused.value.reason == (
        "Anubis' bot check answered instead of the page; the Wayback Machine has no copy of it"
    )


async def test_turned_off_the_archive_never_hears_of_the_page() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(403, headers={"cf-mitigated": "challenge"})))

    with pytest.raises(PageUnavailable) as refused:
        await _reader(router, archive=False).read(URL)

    assert refused.value.reason == "HTTP 403: Cloudflare's bot check answered instead of the page"
    assert router.paths(ARCHIVE) == []


async def test_a_private_sites_page_is_never_named_to_the_archive() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=ANUBIS)))
    with pytest.raises(PageUnavailable) as refused:
        await _reader(router, resolver=TableResolver({ARCHIVE: "93.184.216.34"}, default="10.1.2.3")).read(URL)
    assert refused.value.reason == "Anubis' bot check answered instead of the page"
    assert router.paths(ARCHIVE) == []


async def test_an_address_holding_a_secret_is_never_named_to_the_archive() -> None:
    router = SiteRouter().add(SITE, "/file", httpx.Response(403, headers={"content-type": "text/plain"}))
    router.add(ARCHIVE, "/cdx/search/cdx", json_answer([]))
    with pytest.raises(PageUnavailable) as refused:
        await _reader(router).read("https://news.example/file?X-Amz-Signature=abc")
    assert refused.value.reason == "HTTP 403"
    assert router.paths(ARCHIVE) == []


async def test_a_page_that_is_the_page_never_asks_the_archive() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=STORY)))
    page = await _reader(router).read(URL)
    assert page.note is None
    assert router.paths(ARCHIVE) == []


class SlowArchive:
    async def latest_copy(self, url: str) -> ResolvedPage:
        await anyio.sleep(30)
        raise SiteUnavailable("unreachable")

    async def holds_site(self, domain: str) -> bool | None:
        return True


async def test_an_archive_that_does_not_answer_in_time_is_said() -> None:
    router = SiteRouter().add(SITE, "/story", httpx.Response(404, headers=HTML, content=b"<p>Not found</p>"))
    fetcher = routed_fetcher(router)
    archive: ArchivedCopyPort = SlowArchive()
    reader = PageReader(fetcher, InProcessExtraction(), page_timeout=0.2, archive=archive)

    with pytest.raises(PageUnavailable) as refused:
        await reader.read(URL)

    assert refused.value.reason == "HTTP 404; the archive did not answer within 0.2 s"


async def test_a_page_its_publisher_declares_paywalled_says_so_and_keeps_its_text() -> None:
    declared = STORY.replace(
        b"</head>",
        b'<script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false}</script></head>',
    )
    router = SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=declared))

    page = await _reader(router).read(URL)

    assert page.markdown.startswith("# Relay story\n\nThe relay moved every call")
    assert page.note == (
        "The publisher marks this page as not free to read (schema.org isAccessibleForFree: false): "
        "its text may end where the paywall begins."
    )
    assert router.paths(ARCHIVE) == []


async def test_a_site_that_is_down_is_read_from_the_archive() -> None:
    router = _archived(SiteRouter())

    def network(request: httpx.Request) -> httpx.Response:
        if request.headers["host"] == SITE:
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        return router(request)

    fetcher = routed_fetcher(network)  # type: ignore[arg-type]
    extraction = InProcessExtraction()
    reader = PageReader(fetcher, extraction, page_timeout=5.0, archive=WaybackCopies(fetcher, extraction))

    page = await reader.read(URL)

    assert page.markdown.startswith("# Relay story")
    assert page.note == (
        "Could not connect ([Errno 111] Connection refused); "
        "this is the Wayback Machine's copy, captured 2025-03-01 12:00 UTC."
    )


SOFT_404 = (
    b"<html><head><title>Page not found | News</title></head><body><main><h1>Page not found</h1>"
    b"<p>Sorry, we could not find that page. Try the search.</p></main></body></html>"
)
LANDER = (
    b'<html data-adblockkey="MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKX74ix"><head><title>news.example</title></head>'
    b"<body><h1>news.example</h1><p>Related searches</p>"
    b"<ul><li>Cheap flights</li><li>Credit cards</li></ul></body></html>"
)


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (SOFT_404, "The site answered with its page-not-found page (with status 200)"),
        (LANDER, "A parking page answered instead of the page (the domain is parked or for sale)"),
    ],
)
async def test_an_answer_in_the_pages_place_served_with_200_is_read_from_the_archive(answer: bytes, said: str) -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=answer)))

    page = await _reader(router).read(URL)

    assert page.markdown.startswith("# Relay story")
    assert page.note == f"{said}; this is the Wayback Machine's copy, captured 2025-03-01 12:00 UTC."


async def test_an_article_whose_title_says_not_found_is_the_article() -> None:
    article = STORY.replace(b"<title>Relay story</title>", b"<title>Not Found</title>") * 1
    long_story = article.replace(
        b"</article>", b"<p>" + b"The relay read every page it was given. " * 60 + b"</p></article>"
    )
    router = SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=long_story))
    page = await _reader(router).read(URL)
    assert page.markdown.startswith("# Relay story")
    assert router.paths(ARCHIVE) == []


def _intranet(router: SiteRouter) -> PageReader:
    """The intranet's host is private (reached through SEARCHRELAY_ALLOW_PRIVATE_NETWORKS); others are public."""
    return _reader(router, resolver=TableResolver({"intranet.corp": "10.0.0.7"}))


async def test_an_intranet_page_redirecting_to_a_public_sign_in_is_never_named_to_the_archive() -> None:
    router = _archived(SiteRouter())
    router.add(
        "intranet.corp",
        "/secret-plan",
        httpx.Response(
            302, headers={"location": "https://login.microsoftonline.com/common/oauth2/authorize?redirect_uri=x"}
        ),
    )
    router.add(
        "login.microsoftonline.com", "/common/oauth2/authorize", httpx.Response(200, headers=HTML, content=SIGN_IN)
    )

    with pytest.raises(PageUnavailable) as refused:
        await _intranet(router).read("http://intranet.corp/secret-plan")

    assert refused.value.reason.startswith("the site sent the reader to its sign-in page (login.microsoftonline.com")
    assert router.paths(ARCHIVE) == []


async def test_an_intranet_page_redirecting_to_a_public_refusal_is_never_named_to_the_archive() -> None:
    router = _archived(SiteRouter())
    router.add("intranet.corp", "/secret-plan", httpx.Response(302, headers={"location": "https://news.example/gone"}))
    router.add(SITE, "/gone", httpx.Response(403, headers={"cf-mitigated": "challenge"}))
    with pytest.raises(PageUnavailable, match="Cloudflare"):
        await _intranet(router).read("http://intranet.corp/secret-plan")
    assert router.paths(ARCHIVE) == []


async def test_an_intranet_page_moving_on_to_a_public_not_found_page_is_never_named_to_the_archive() -> None:
    router = _archived(SiteRouter())
    moved = b'<html><head><meta http-equiv="refresh" content="0; url=https://news.example/moved"></head></html>'
    router.add("intranet.corp", "/secret-plan", httpx.Response(200, headers=HTML, content=moved))
    soft_404 = b"<html><head><title>Page not found</title></head><body><p>Nothing here.</p></body></html>"
    router.add(SITE, "/moved", httpx.Response(200, headers=HTML, content=soft_404))
    with pytest.raises(PageUnavailable, match="page-not-found"):
        await _intranet(router).read("http://intranet.corp/secret-plan")
    assert router.paths(ARCHIVE) == []


async def test_a_public_page_whose_redirect_fails_to_connect_on_an_intranet_is_not_named_either() -> None:
    router = _archived(SiteRouter())

    def network(request: httpx.Request) -> httpx.Response:
        if request.headers["host"] == SITE:
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        return router(request)

    router.add("intranet.corp", "/secret-plan", httpx.Response(302, headers={"location": URL}))
    fetcher = routed_fetcher(network, TableResolver({"intranet.corp": "10.0.0.7"}), allow_private_networks=True)  # type: ignore[arg-type]
    extraction = InProcessExtraction()
    reader = PageReader(fetcher, extraction, page_timeout=5.0, archive=WaybackCopies(fetcher, extraction))
    with pytest.raises(PageUnavailable, match="could not connect"):
        await reader.read("http://intranet.corp/secret-plan")
    assert router.paths(ARCHIVE) == []


async def test_a_host_with_a_private_address_among_its_addresses_is_not_named_when_it_cannot_be_reached() -> None:
    class Mixed:
        async def resolve(self, host: str, port: int) -> list[str]:
            return ["93.184.216.34", "10.0.0.7"] if host == SITE else ["93.184.216.34"]

        async def lapsed(self, domain: str) -> bool:
            return False

    router = _archived(SiteRouter())

    def network(request: httpx.Request) -> httpx.Response:
        if request.headers["host"] == SITE:
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        return router(request)

    fetcher = routed_fetcher(network, Mixed(), allow_private_networks=True)  # type: ignore[arg-type]
    extraction = InProcessExtraction()
    reader = PageReader(fetcher, extraction, page_timeout=5.0, archive=WaybackCopies(fetcher, extraction))
    with pytest.raises(PageUnavailable, match="could not connect"):
        await reader.read(URL)
    assert router.paths(ARCHIVE) == []


async def test_the_fragment_of_an_address_is_never_named_to_the_archive() -> None:
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(404, headers=HTML, content=b"<p>no</p>")))
    page = await _reader(router).read("https://news.example/story#access_token=SECRET123")
    assert page.markdown.startswith("# Relay story")
    seen = " ".join(f"{s.path} {s.params}" for s in router.seen if s.host == ARCHIVE)
    assert "SECRET123" not in seen and "access_token" not in seen


async def test_a_single_page_apps_not_found_shell_is_not_answered_with_its_title() -> None:
    shell = (
        b"<html><head><title>Page not found | Relay App</title>"
        b'<meta name="description" content="Relay App keeps your searches moving when a provider fails.">'
        b'</head><body><div id="root"></div><script src="/app.js"></script></body></html>'
    )
    router = _archived(SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=shell)))
    page = await _reader(router).read(URL)
    assert page.markdown.startswith("# Relay story")
    assert page.note is not None and page.note.startswith("The site answered with its page-not-found page")


async def test_a_page_about_the_404_status_is_the_page() -> None:
    about = (
        b"<html><head><title>404 Not Found - HTTP | Reference</title></head><body><main><h1>404 Not Found</h1>"
        b"<p>The HTTP 404 Not Found response status code indicates that the server cannot find the resource.</p>"
        b"</main></body></html>"
    )
    router = SiteRouter().add(SITE, "/docs/Web/HTTP/Status/404", httpx.Response(200, headers=HTML, content=about))
    page = await _reader(router).read("https://news.example/docs/Web/HTTP/Status/404")
    assert "indicates that the server cannot find the resource" in page.markdown
    assert router.paths(ARCHIVE) == []


async def test_an_archived_copy_that_is_a_not_found_page_too_is_no_copy() -> None:
    soft_404 = b"<html><head><title>Page not found</title></head><body><p>Nothing here.</p></body></html>"
    router = SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=soft_404))
    router.add(ARCHIVE, "/cdx/search/cdx", json_answer([["timestamp", "statuscode"], ["20250301120000", "200"]]))
    router.add(ARCHIVE, "/web/20250301120000id_/https://news.example/story",
               httpx.Response(200, headers=HTML, content=soft_404))  # fmt: skip

    with pytest.raises(PageUnavailable) as refused:
        await _reader(router).read(URL)

    assert refused.value.reason == (
        "the site answered with its page-not-found page (with status 200); the Wayback Machine's copy could not "
        "be read (the capture is no page either: the site answered with its page-not-found page (with status 200))"
    )


async def test_an_archived_copy_that_is_the_sites_sign_in_page_is_no_copy() -> None:
    router = SiteRouter().add(SITE, "/story", httpx.Response(404, headers=HTML, content=b"<p>no</p>"))
    router.add(ARCHIVE, "/cdx/search/cdx", json_answer([["timestamp", "statuscode"], ["20250301120000", "200"]]))
    router.add(
        ARCHIVE,
        "/web/20250301120000id_/https://news.example/story",
        httpx.Response(
            302,
            headers={
                "location": "https://web.archive.org/web/20250301120001id_/https://news.example/login?next=/story"
            },
        ),
    )
    router.add(
        ARCHIVE, "/web/20250301120001id_/https://news.example/login", httpx.Response(200, headers=HTML, content=SIGN_IN)
    )
    with pytest.raises(
        PageUnavailable, match=r"the capture is no page either: the site sent the reader to its sign-in"
    ):
        await _reader(router).read(URL)


async def test_a_site_whose_domain_lapsed_is_read_from_the_archive() -> None:
    gone = "https://news.gone-example.com/story"

    def index(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("matchType") == "domain":  # a page of the domain, any
            return json_answer([["timestamp"], ["20120101000000"]])
        return json_answer([["timestamp", "statuscode"], ["20190101080000", "200"]])

    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", index)
    router.add(ARCHIVE, f"/web/20190101080000id_/{gone}", httpx.Response(200, headers=HTML, content=STORY))
    resolver = TableResolver(unknown=frozenset({"news.gone-example.com"}), lapsed=frozenset({"gone-example.com"}))
    reader = _archived_reader(router, resolver)

    page = await reader.read(gone)

    assert page.markdown.startswith("# Relay story")
    assert page.note == (
        "Could not resolve host 'news.gone-example.com': its registry holds no domain gone-example.com "
        "(lapsed, suspended or never registered); this is the Wayback Machine's copy, captured 2019-01-01 08:00 UTC."
    )
    assert router.seen[0].params == {
        "url": "gone-example.com",
        "matchType": "domain",
        "output": "json",
        "fl": "timestamp",
        "limit": "1",
    }


async def test_a_domain_never_public_is_named_to_the_archive_alone_and_the_page_never() -> None:
    # An intranet's name under a domain never registered in public: the public DNS heard of the
    # domain already; the archive hears of it, holds nothing of it, and never hears the page's address.
    secret = "https://wiki.acme-internal.com/display/LEGAL/Plans+2026"
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", json_answer([]))
    resolver = TableResolver(unknown=frozenset({"wiki.acme-internal.com"}), lapsed=frozenset({"acme-internal.com"}))
    reader = _archived_reader(router, resolver)

    with pytest.raises(PageUnavailable) as refused:
        await reader.read(secret)

    assert refused.value.reason.endswith("; the Wayback Machine has no copy of any page of acme-internal.com")
    assert [seen.params["url"] for seen in router.seen] == ["acme-internal.com"]


async def test_a_host_under_a_domain_that_exists_is_never_named_to_the_archive() -> None:
    router = _archived(SiteRouter())
    resolver = TableResolver(unknown=frozenset({"wiki.intra.example-corp.com"}))
    with pytest.raises(PageUnavailable) as refused:
        await _reader(router, resolver=resolver).read("https://wiki.intra.example-corp.com/plan")
    assert refused.value.reason == "could not resolve host 'wiki.intra.example-corp.com'"
    assert router.paths(ARCHIVE) == []


async def test_an_archived_copy_that_is_parked_too_is_no_copy() -> None:
    offer = b"<html><head><title>news.example is for sale</title></head><body><p>Make an offer.</p></body></html>"
    router = SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=offer))
    router.add(ARCHIVE, "/cdx/search/cdx", json_answer([["timestamp", "statuscode"], ["20250301120000", "200"]]))
    router.add(
        ARCHIVE, "/web/20250301120000id_/https://news.example/story", httpx.Response(200, headers=HTML, content=offer)
    )

    with pytest.raises(PageUnavailable) as refused:
        await _reader(router).read(URL)

    assert refused.value.reason.startswith("the domain news.example is parked: a page offering it for sale")
    assert "the capture is no page either: the domain news.example is parked" in refused.value.reason


async def test_an_archive_that_cannot_be_asked_about_a_lapsed_domain_is_said_and_hears_no_page() -> None:
    router = SiteRouter().add(ARCHIVE, "/cdx/search/cdx", httpx.Response(503, content=b"busy"))
    resolver = TableResolver(unknown=frozenset({"news.gone-example.com"}), lapsed=frozenset({"gone-example.com"}))
    reader = _archived_reader(router, resolver)

    with pytest.raises(PageUnavailable) as refused:
        await reader.read("https://news.gone-example.com/story")

    assert refused.value.reason.endswith("; the Wayback Machine could not be asked about gone-example.com")
    assert [seen.params["url"] for seen in router.seen] == ["gone-example.com"]
