"""Bugzilla bugs read through the REST API of the Bugzilla that serves them, against a faked one."""

from __future__ import annotations

import pytest

from adapters.sites.bugzilla import BugzillaResolver, BugzillaTarget, bugzilla_target, says_bugzilla
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "bugzilla.mozilla.org"
API = "/rest/bug/1900001"
URL = f"https://{HOST}/show_bug.cgi?id=1900001"

EXPECTED = f"""\
# Crash when the HTTP/3 stream resets (bug 1900001)

Defect · RESOLVED (FIXED) · severity S2 · priority P1 · reported by Ada Lovelace on 2026-05-02 · assigned to bob · \
changed 2026-05-20
Filed under: Core / Networking: HTTP
Platform: Desktop
OS: All
Target: 128 Branch
Keywords: crash, regression
Whiteboard: [necko-triaged]
Depends on: [1899999](https://{HOST}/show_bug.cgi?id=1899999)
URL: https://relay.example/crash
See also: https://github.com/relay/relay/issues/7

## Description · by ada on 2026-05-02

Steps:
1. open a stream
2. reset it

It crashes.

## Comment 2 · by bob on 2026-05-20

(In reply to Ada Lovelace from comment #0)
> It crashes.

Fixed by the patch.
"""


def _router(host: str = HOST, prefix: str = "") -> SiteRouter:
    return (
        SiteRouter()
        .add(host, prefix + API, json_answer(fixture("bugzilla_bug")))
        .add(host, prefix + API + "/comment", json_answer(fixture("bugzilla_comments")))
    )


def _page(url: str, body: bytes) -> FetchedPage:
    return FetchedPage(url, 200, "text/html", "utf-8", b"<html><head><title>Bug</title>" + body)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, BugzillaTarget(f"https://{HOST}", "1900001")),
        (f"{URL}#c2", BugzillaTarget(f"https://{HOST}", "1900001")),
        (
            "https://gcc.gnu.org/bugzilla/show_bug.cgi?id=114000",
            BugzillaTarget("https://gcc.gnu.org/bugzilla", "114000"),
        ),
        (f"https://{HOST}/show_bug.cgi?id=http3-crash", BugzillaTarget(f"https://{HOST}", "http3-crash")),
        (f"https://{HOST}/show_bug.cgi", None),
        (f"https://{HOST}/show_bug.cgi?id=0", None),
        (f"https://{HOST}/show_bug.cgi?id=1%27", None),
        (f"https://{HOST}/buglist.cgi?id=1900001", None),
    ],
)
def test_bug_urls_say_which_bugzilla_and_bug_they_show(url: str, expected: BugzillaTarget | None) -> None:
    assert bugzilla_target(url) == expected


async def test_a_bug_reads_with_its_facts_relations_description_and_public_comments() -> None:
    router = _router()

    page = await BugzillaResolver(routed_fetcher(router)).read(f"{URL}#c2")

    assert page.markdown == EXPECTED
    assert (page.url, page.source) == (URL, "the Bugzilla REST API")
    assert router.paths() == [API, API + "/comment"]


async def test_a_bug_named_by_its_alias_is_asked_by_it_and_linked_by_its_number() -> None:
    router = SiteRouter().add(HOST, "/rest/bug/http3-crash", json_answer(fixture("bugzilla_bug")))
    router.add(HOST, "/rest/bug/http3-crash/comment", json_answer(fixture("bugzilla_comments")))
    page = await BugzillaResolver(routed_fetcher(router)).read(f"https://{HOST}/show_bug.cgi?id=http3-crash")
    assert page.url == URL and "## Comment 2 · by bob" in page.markdown


async def test_a_bugzilla_under_a_path_is_asked_under_it() -> None:
    router = _router("gcc.gnu.org", "/bugzilla")
    page = await BugzillaResolver(routed_fetcher(router)).read("https://gcc.gnu.org/bugzilla/show_bug.cgi?id=1900001")
    assert "Depends on: [1899999](https://gcc.gnu.org/bugzilla/show_bug.cgi?id=1899999)" in page.markdown


async def test_a_missing_bug_is_refused_with_bugzillas_words() -> None:
    answer = json_answer({"error": True, "code": 101, "message": "Bug #1900001 does not exist."}, 404)
    router = SiteRouter().add(HOST, API, answer)
    with pytest.raises(SiteUnavailable, match=r"HTTP 404, not found: Bug #1900001 does not exist\."):
        await BugzillaResolver(routed_fetcher(router)).read(URL)


async def test_an_answer_without_a_bug_is_refused() -> None:
    router = SiteRouter().add(HOST, API, json_answer({"bugs": [], "faults": []}))
    with pytest.raises(SiteUnavailable, match=r"^its answer had no bug$"):
        await BugzillaResolver(routed_fetcher(router)).read(URL)


@pytest.mark.parametrize(
    ("body", "bugzilla"),
    [
        (b'</head><body onload="" class="bugzilla-mozilla-org yui-skin-sam bz_bug bz_status_NEW">', True),
        (b'<link rel="search" type="application/opensearchdescription+xml" title="Bugzilla@Mozilla" href="x">', True),
        (b"</head><body class='bz_bugzilla'>", False),
        (b"<p>Bugzilla is a bug tracker.</p>", False),
    ],
)
def test_another_bugzilla_is_known_by_its_page(body: bytes, bugzilla: bool) -> None:
    assert says_bugzilla(_page("https://bugs.example.org/show_bug.cgi?id=7", body)) is bugzilla


def test_known_bugzillas_are_claimed_by_url_and_others_by_their_page() -> None:
    resolver = BugzillaResolver(routed_fetcher(SiteRouter()))
    assert resolver.handles(URL)
    assert resolver.handles("https://gcc.gnu.org/bugzilla/show_bug.cgi?id=1")
    assert not resolver.handles("https://gcc.gnu.org/show_bug.cgi?id=1")  # not where GCC's bugs live
    assert not resolver.handles("https://bugs.example.org/show_bug.cgi?id=7")
    marked = b"</head><body class='bz_bug'>"
    assert resolver.recognises(_page("https://bugs.example.org/show_bug.cgi?id=7", marked))
    assert not resolver.recognises(_page(URL, marked))  # claimed by URL already
