"""Site readers on API answers mangled at random: each is read or refused by name, never a crash.

A reader that raises anything but ``SiteUnavailable`` or ``PageUnavailable`` costs the page its
site's reading (application/site_reading.py falls back to the page as fetched and logs "failed
unexpectedly"), silently for the agent. Each answer here is a recorded fixture with keys dropped
and values swapped for any JSON type (nulls, numbers where strings go, Infinity, control
characters, lone surrogates, markup, long strings).
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages.fetcher import SafePageFetcher
from adapters.sites.apple_docs import AppleDocsResolver
from adapters.sites.arxiv import ArxivResolver
from adapters.sites.bluesky import BlueskyResolver
from adapters.sites.bugzilla import BugzillaResolver
from adapters.sites.confluence import ConfluenceResolver
from adapters.sites.crates_io import CratesIoResolver
from adapters.sites.discourse import DiscourseResolver
from adapters.sites.docc_archives import DoccArchiveResolver
from adapters.sites.docker_hub import DockerHubResolver
from adapters.sites.doi import DoiResolver
from adapters.sites.europe_pmc import EuropePmcResolver
from adapters.sites.gerrit import GerritResolver
from adapters.sites.github import GithubResolver
from adapters.sites.gitlab import GitlabResolver
from adapters.sites.hackernews import HackerNewsResolver
from adapters.sites.jira import JiraResolver
from adapters.sites.lobsters import LobstersResolver
from adapters.sites.mastodon import MastodonResolver
from adapters.sites.mediawiki import MediaWikiResolver
from adapters.sites.openreview import OpenReviewResolver
from adapters.sites.reddit import RedditResolver
from adapters.sites.semantic_scholar import SemanticScholarResolver
from adapters.sites.stackexchange import StackExchangeResolver
from adapters.sites.vimeo import VimeoResolver
from adapters.sites.wayback_copies import WaybackCopies
from adapters.sites.wikipedia import WikipediaResolver
from adapters.sites.x import XResolver
from adapters.sites.youtube import YoutubeResolver
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage
from tests.support import youtube_pages as youtube
from tests.support.site_apis import InProcessExtraction, SiteRouter, fixture, fixture_bytes, routed_fetcher
from tests.unit.adapters.sites import test_mastodon_resolver as mastodon
from tests.unit.adapters.sites import test_mediawiki_resolver as mediawiki
from tests.unit.adapters.sites.test_discourse_resolver import FORUM, shell

pytestmark = pytest.mark.anyio
_DOCC_SHELL = FetchedPage(
    "https://owner.github.io/swift-relay/documentation/relaykit",
    200,
    "text/html",
    "utf-8",
    b'<html><head><script>var baseUrl = "/swift-relay/"</script></head><body><div id="app"></div></body></html>',
)

_ODD: list[Any] = [None, 0, -1, float("inf"), "", "x", "\x0c\x01\ud800", "<p>a\x0bb</p>", [], {}, True, "9" * 30,
                   "<script>x()</script>", "a" * 5_000, "<h1>" * 200, "2024-99-99T00:00:00Z",
                   10**400, -(10**20), "https://[::1/x", "https://a.example/x)\n\n# H"]  # fmt: skip


def _mangled(value: Any, rng: random.Random, rate: float) -> Any:
    if isinstance(value, dict):
        kept = {key: item for key, item in value.items() if rng.random() >= rate * 0.3}
        return {key: _swapped(item, rng, rate) for key, item in kept.items()}
    if isinstance(value, list):
        return [_mangled(item, rng, rate) for item in value if rng.random() >= rate * 0.2]
    return value


def _swapped(value: Any, rng: random.Random, rate: float) -> Any:
    return rng.choice(_ODD) if rng.random() < rate else _mangled(value, rng, rate)


def _json(data: Any) -> httpx.Response:
    # json.dumps writes a lone surrogate as an escape and infinity as Infinity, as a careless API might.
    return httpx.Response(200, content=json.dumps(data).encode(), headers={"content-type": "application/json"})


def _atom(rng: random.Random, rate: float) -> httpx.Response:
    """arXiv's recorded Atom entry with elements dropped and texts and attributes swapped for odd ones
    (controls XML does not allow, lone surrogates, markup), written out as a careless API would."""
    root = ET.fromstring(fixture_bytes("arxiv_entry.xml"))  # noqa: S314 - our own recorded fixture
    for parent in list(root.iter()):
        for child in list(parent):
            if rng.random() < rate * 0.3:
                parent.remove(child)
            elif rng.random() < rate:
                child.text = str(rng.choice(_ODD))
            elif child.attrib and rng.random() < rate:
                child.set(rng.choice(list(child.attrib)), str(rng.choice(_ODD)))
    body = ET.tostring(root, encoding="unicode").encode("utf-8", "surrogatepass")
    return httpx.Response(200, content=body, headers={"content-type": "application/atom+xml; charset=utf-8"})


def _watch_page(rng: random.Random, rate: float) -> httpx.Response:
    """A watch page whose two data assignments are mangled (the page around them is YouTube's shape)."""
    page = youtube.watch_page(_mangled(youtube.player(), rng, rate), _mangled(youtube.chapter_markers(), rng, rate))
    return httpx.Response(200, content=page, headers={"content-type": "text/html; charset=utf-8"})


def _captions(rng: random.Random, rate: float) -> httpx.Response:
    said = [(float(rng.choice([0, 1, 65, -1, 1e12])), 2.0, str(rng.choice(_ODD)) if rng.random() < rate else "words")
            for _ in range(20)]  # fmt: skip
    return httpx.Response(200, content=youtube.timed_text(said), headers={"content-type": "text/xml"})


_ARCHIVED = b"<html><body><article><h1>Relay story</h1><p>The relay moved every call along.</p></article></body></html>"


def _web_vtt(rng: random.Random, rate: float) -> httpx.Response:
    """Captions whose times and words are mangled (the file around them is WebVTT's shape)."""
    cues = []
    for n in range(20):
        when = (
            rng.choice(["00:00:01.000", "99:59:59.999", "1:2:3", "", "00:00:0x.000"])
            if rng.random() < rate
            else (f"00:{n:02d}:00.000")
        )
        words = str(rng.choice(_ODD)) if rng.random() < rate else "words"
        cues.append(f"{when} --> 00:59:00.000\n{words}")
    return httpx.Response(200, content=("WEBVTT\n\n" + "\n\n".join(cues)).encode("utf-8", "replace"))


Reading = Callable[[SafePageFetcher], Awaitable[ResolvedPage]]
#: A route's answer: a recorded JSON fixture's name, JSON data, or a maker of a mangled non-JSON answer.
Answer = str | Any | Callable[[random.Random, float], httpx.Response]
_GITLAB_API = "/api/v4/projects/wayland/compositors/weston/issues/4242"
_GITLAB_NOTES = [{"id": 5001, "body": "A note.", "author": {"username": "dev"}, "created_at": "2025-03-03T09:00:00Z"}]
_REDDIT = "/r/Python/comments/1d5xyz/is_asyncio_worth_it"
_SE = "api.stackexchange.com"
# Each reader: the routes its read asks (host, path, a recorded fixture's name or the answer's data),
# and the read.
_MASTODON = "/api/v1/statuses/113000000000000001"
_SITES: dict[str, tuple[list[tuple[str, str, Answer]], Reading]] = {
    "stackexchange": (
        [
            (_SE, "/2.3/questions/4242", "se_question"),
            (_SE, "/2.3/questions/4242/answers", "se_answers"),
            (_SE, "/2.3/posts/4242;4301;4300;4302;4303/comments", "se_comments"),
        ],
        lambda fetcher: StackExchangeResolver(fetcher).read("https://stackoverflow.com/questions/4242/a"),
    ),
    "hackernews": (
        [("hn.algolia.com", "/api/v1/items/38000001", "hn_item")],
        lambda fetcher: HackerNewsResolver(fetcher).read("https://news.ycombinator.com/item?id=38000001"),
    ),
    "reddit": (
        [("www.reddit.com", _REDDIT + ".json", "reddit_thread")],
        lambda fetcher: RedditResolver(fetcher).read(f"https://www.reddit.com{_REDDIT}/"),
    ),
    "github": (
        [
            ("api.github.com", "/repos/encode/httpx/issues/77", "gh_issue"),
            ("api.github.com", "/repos/encode/httpx/issues/77/comments", "gh_issue_comments"),
        ],
        lambda fetcher: GithubResolver(fetcher).read("https://github.com/encode/httpx/issues/77"),
    ),
    "github commit": (
        [("api.github.com", "/repos/encode/httpx/commits/3f5a1c9e", "gh_commit")],
        lambda fetcher: GithubResolver(fetcher).read("https://github.com/encode/httpx/commit/3f5a1c9e"),
    ),
    "github pull files": (
        [
            (
                "api.github.com",
                "/repos/encode/httpx/pulls/77",
                {"number": 77, "title": "t", "state": "open", "user": {"login": "ada"}, "changed_files": 1},
            ),
            ("api.github.com", "/repos/encode/httpx/pulls/77/files", fixture("gh_commit")["files"]),
        ],
        lambda fetcher: GithubResolver(fetcher).read("https://github.com/encode/httpx/pull/77/files"),
    ),
    "github releases": (
        [("api.github.com", "/repos/encode/httpx/releases", "gh_releases")],
        lambda fetcher: GithubResolver(fetcher).read("https://github.com/encode/httpx/releases"),
    ),
    "github folder": (
        [
            ("api.github.com", "/repos/encode/httpx/contents/docs", "gh_folder"),
            ("api.github.com", "/repos/encode/httpx/readme/docs", "gh_folder_readme"),
        ],
        lambda fetcher: GithubResolver(fetcher).read("https://github.com/encode/httpx/tree/master/docs"),
    ),
    "github gist": (
        [("api.github.com", "/gists/aa5a315d61ae9438b18d", "gh_gist")],
        lambda fetcher: GithubResolver(fetcher).read("https://gist.github.com/aa5a315d61ae9438b18d"),
    ),
    "gitlab": (
        [("gitlab.com", _GITLAB_API, "gl_issue"), ("gitlab.com", f"{_GITLAB_API}/notes", _GITLAB_NOTES)],
        lambda fetcher: GitlabResolver(fetcher).read("https://gitlab.com/wayland/compositors/weston/-/issues/4242"),
    ),
    "wikipedia": (
        [("en.wikipedia.org", "/w/api.php", "wiki_parse")],
        lambda fetcher: WikipediaResolver(fetcher).read("https://en.wikipedia.org/wiki/Python"),
    ),
    "discourse": (
        [(FORUM, "/t/68911.json", "discourse_topic")],
        lambda fetcher: DiscourseResolver(fetcher).read_page(shell()),
    ),
    "mastodon": (
        [(mastodon.HOST, _MASTODON, mastodon.THE_POST), (mastodon.HOST, f"{_MASTODON}/context", mastodon.CONTEXT)],
        lambda fetcher: MastodonResolver(fetcher).read_page(mastodon.shell()),
    ),
    "crates": (
        [("crates.io", "/api/v1/crates/relaykit", "crates_crate")],
        lambda fetcher: CratesIoResolver(fetcher).read("https://crates.io/crates/relaykit"),
    ),
    "bluesky": (
        [("public.api.bsky.app", "/xrpc/app.bsky.feed.getPostThread", "bsky_thread")],
        lambda fetcher: BlueskyResolver(fetcher).read("https://bsky.app/profile/ada.example.com/post/3kabc2post"),
    ),
    "openreview": (
        [("api2.openreview.net", "/notes", "openreview_forum")],
        lambda fetcher: OpenReviewResolver(fetcher).read("https://openreview.net/forum?id=Xy12AbCdEf"),
    ),
    "apple": (
        [
            (
                "developer.apple.com",
                "/tutorials/data/documentation/swiftui/view/padding(_:_:).json",
                "apple_padding",
            )
        ],
        lambda fetcher: AppleDocsResolver(fetcher).read(
            "https://developer.apple.com/documentation/swiftui/view/padding(_:_:)"
        ),
    ),
    "docc": (
        [("owner.github.io", "/swift-relay/data/documentation/relaykit.json", "apple_padding")],
        lambda fetcher: DoccArchiveResolver(fetcher).read_page(_DOCC_SHELL),
    ),
    "jira": (
        [
            ("bugs.openjdk.org", "/rest/api/2/issue/JDK-8300001", "jira_issue"),
            ("bugs.openjdk.org", "/rest/api/2/issue/JDK-8300001/comment", "jira_comments"),
        ],
        lambda fetcher: JiraResolver(fetcher).read("https://bugs.openjdk.org/browse/JDK-8300001"),
    ),
    "mediawiki": (
        [(mediawiki.HOST, "/api.php", {"parse": {"title": "Failover (relay)", "text": mediawiki.HTML}})],
        lambda fetcher: MediaWikiResolver(fetcher).read_page(mediawiki._page()),
    ),
    "doi": (
        [("api.crossref.org", "/works/10.5555/relay.2026.0042", "crossref_work")],
        lambda fetcher: DoiResolver(fetcher, InProcessExtraction()).read("https://doi.org/10.5555/relay.2026.0042"),
    ),
    "doi datacite": (
        [("api.datacite.org", "/dois/10.5281/zenodo.1234567", "datacite_doi")],
        lambda fetcher: DoiResolver(fetcher, InProcessExtraction()).read("https://doi.org/10.5281/zenodo.1234567"),
    ),
    "gerrit": (
        [("go-review.googlesource.com", "/changes/612345", "gerrit_change")],
        lambda fetcher: GerritResolver(fetcher).read("https://go-review.googlesource.com/c/go/+/612345"),
    ),
    "europepmc": (
        [
            (
                "www.ebi.ac.uk",
                "/europepmc/webservices/rest/search",
                {
                    "resultList": {
                        "result": [
                            {
                                "title": "Hedged search.",
                                "authorString": "Lovelace A.",
                                "pmid": "7654321",
                                "pmcid": "PMC7654321",
                                "doi": "10.5555/relay.2026.0042",
                                "firstPublicationDate": "2026-03-14",
                                "journalInfo": {"journal": {"title": "J"}},
                                "abstractText": "<h4>B</h4>A.",
                                "isOpenAccess": "N",
                            }
                        ]
                    }
                },
            )
        ],
        lambda fetcher: EuropePmcResolver(fetcher).read("https://pubmed.ncbi.nlm.nih.gov/7654321/"),
    ),
    "bugzilla": (
        [
            ("bugzilla.mozilla.org", "/rest/bug/1900001", "bugzilla_bug"),
            ("bugzilla.mozilla.org", "/rest/bug/1900001/comment", "bugzilla_comments"),
        ],
        lambda fetcher: BugzillaResolver(fetcher).read("https://bugzilla.mozilla.org/show_bug.cgi?id=1900001"),
    ),
    "x": (
        [("cdn.syndication.twimg.com", "/tweet-result", "x_post")],
        lambda fetcher: XResolver(fetcher).read("https://x.com/ada/status/1866455443419152391"),
    ),
    "youtube": (
        [
            ("www.youtube.com", "/watch", _watch_page),
            ("www.youtube.com", "/youtubei/v1/player", youtube.android_answer()),
            ("www.youtube.com", youtube.CAPTIONS, _captions),
        ],
        lambda fetcher: YoutubeResolver(fetcher).read(f"https://youtu.be/{youtube.VIDEO_ID}"),
    ),
    "youtube playlist": (
        [
            (
                "www.youtube.com",
                "/playlist",
                lambda rng, rate: httpx.Response(
                    200,
                    content=youtube.watch_page(None, _mangled(youtube.playlist_data(), rng, rate)),
                    headers={"content-type": "text/html"},
                ),
            )
        ],
        lambda fetcher: YoutubeResolver(fetcher).read("https://www.youtube.com/playlist?list=PLrelay"),
    ),
    "dockerhub": (
        [
            ("hub.docker.com", "/v2/repositories/library/relayd/", "dockerhub_repository"),
            ("hub.docker.com", "/v2/repositories/library/relayd/tags/1.4-alpine", "dockerhub_tag"),
            ("hub.docker.com", "/v2/repositories/library/relayd/tags", "dockerhub_tags"),
        ],
        lambda fetcher: DockerHubResolver(fetcher).read("https://hub.docker.com/_/relayd?tag=1.4-alpine"),
    ),
    # The paper's arXiv preprint and PDF are not there: the record alone is the page.
    "semanticscholar": (
        [("api.semanticscholar.org", "/graph/v1/paper/0123456789abcdef0123456789abcdef01234567", "s2_paper")],
        lambda fetcher: SemanticScholarResolver(fetcher, InProcessExtraction()).read(
            "https://www.semanticscholar.org/paper/0123456789abcdef0123456789abcdef01234567"
        ),
    ),
    "confluence": (
        [
            ("lf-edge.atlassian.net", "/wiki/rest/api/content/14221332", "confluence_page"),
            ("lf-edge.atlassian.net", "/wiki/rest/api/content/14221332/child/comment", "confluence_comments"),
        ],
        lambda fetcher: ConfluenceResolver(fetcher).read(
            "https://lf-edge.atlassian.net/wiki/spaces/EVE/pages/14221332/Release+notes"
        ),
    ),
    "vimeo": (
        [
            ("vimeo.com", "/api/oembed.json", "vimeo_oembed"),
            ("player.vimeo.com", "/video/76979871/config", "vimeo_config"),
            ("player.vimeo.com", "/texttrack/9002.vtt", _web_vtt),
        ],
        lambda fetcher: VimeoResolver(fetcher).read("https://vimeo.com/76979871"),
    ),
    "lobsters": (
        [("lobste.rs", "/s/x1y2z3.json", "lobsters_story")],
        lambda fetcher: LobstersResolver(fetcher).read("https://lobste.rs/s/x1y2z3/failover_you_can_prove"),
    ),
    # A withheld page's latest copy: the archive's index rows mangled (stamps of any type, rows of any shape).
    "wayback copies": (
        [
            (
                "web.archive.org",
                "/cdx/search/cdx",
                [["timestamp", "statuscode"], ["20240101000000", "200"], ["20250301120000", "200"]],
            ),
            (
                "web.archive.org",
                "/web/20250301120000id_/https://news.example/story",
                lambda rng, rate: httpx.Response(200, content=_ARCHIVED, headers={"content-type": "text/html"}),
            ),
        ],
        lambda fetcher: WaybackCopies(fetcher, InProcessExtraction()).latest_copy("https://news.example/story?id=7"),
    ),
    # The paper's HTML version is not there: the metadata alone is the page.
    "arxiv": (
        [("export.arxiv.org", "/api/query", _atom)],
        lambda fetcher: ArxivResolver(fetcher, InProcessExtraction()).read("https://arxiv.org/abs/1706.03762v7"),
    ),
}


@pytest.mark.parametrize("site", list(_SITES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rate=st.sampled_from([0.0, 0.05, 0.15, 0.4]))
async def test_a_mangled_answer_is_read_or_refused_by_name(site: str, seed: int, rate: float) -> None:
    routes, read = _SITES[site]
    rng, router = random.Random(seed), SiteRouter()
    for host, path, answer in routes:
        if callable(answer):
            router.add(host, path, answer(rng, rate))
        else:
            router.add(host, path, _json(_mangled(fixture(answer) if isinstance(answer, str) else answer, rng, rate)))
    try:
        page = await read(routed_fetcher(router))
    except (SiteUnavailable, PageUnavailable):
        assert rate > 0.0, "the answer as recorded must read"
        return
    assert isinstance(page, ResolvedPage)
    assert page.markdown.strip() or rate > 0.0
