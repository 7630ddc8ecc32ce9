"""Gerrit changes read through the REST API of the Gerrit that serves them, against a faked one."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.gerrit import GerritResolver, GerritTarget, gerrit_target, says_gerrit
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture_bytes, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "go-review.googlesource.com"
URL = f"https://{HOST}/c/go/+/612345"
ANSWER = b")]}'\n" + fixture_bytes("gerrit_change.json")

EXPECTED = """\
# net/http: hedge slow requests (change 612345)

Change · merged · go (master) · by Ada Lovelace on 2026-04-01 · merged 2026-04-03 · +120 −8
Votes: Code-Review +2 by Bob Hopper; TryBot-Result +1 by Gopher Robot

## Commit message

```text
net/http: hedge slow requests

A request slower than the 95th percentile is sent again.

Fixes #42

Change-Id: I0123abc
```

## Files (patch set 3)

- `src/net/http/hedge.go` +100 −0 (added)
- `src/net/http/client.go` +20 −8

## Review messages (3)

### Message · by Ada Lovelace on 2026-04-01

Uploaded patch set 1.

### Message · by Bob Hopper on 2026-04-02

Patch Set 2:

(1 comment)

Why the 95th percentile?

### Message · by Bob Hopper on 2026-04-03

Patch Set 3: Code-Review+2
"""


def _answer(body: bytes = ANSWER, status: int = 200) -> httpx.Response:
    return httpx.Response(status, content=body, headers={"content-type": "application/json; charset=utf-8"})


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, GerritTarget(f"https://{HOST}", 612345)),
        (f"{URL}/3/src/net/http/hedge.go", GerritTarget(f"https://{HOST}", 612345)),
        ("https://chromium-review.googlesource.com/c/chromium/src/+/5000001",
         GerritTarget("https://chromium-review.googlesource.com", 5000001)),
        ("https://gerrit.wikimedia.org/r/c/mediawiki/core/+/1000001",
         GerritTarget("https://gerrit.wikimedia.org/r", 1000001)),
        ("https://review.opendev.org/c/900001", GerritTarget("https://review.opendev.org", 900001)),
        (f"https://{HOST}/q/status:open", None),
        (f"https://{HOST}/c/go/+/0", None),
        (f"https://{HOST}/admin/repos/go", None),
    ],
)  # fmt: skip
def test_change_urls_say_which_gerrit_and_change_they_show(url: str, expected: GerritTarget | None) -> None:
    assert gerrit_target(url) == expected


async def test_a_change_reads_with_its_facts_votes_commit_files_and_messages() -> None:
    router = SiteRouter().add(HOST, "/changes/612345", _answer())

    page = await GerritResolver(routed_fetcher(router)).read(f"{URL}/3")

    assert page.markdown == EXPECTED
    assert (page.url, page.source) == (f"https://{HOST}/c/612345", "the Gerrit REST API")
    query = router.seen[0]
    assert query.path == "/changes/612345"


async def test_an_answer_without_the_guard_line_reads_the_same() -> None:
    router = SiteRouter().add(HOST, "/changes/612345", _answer(fixture_bytes("gerrit_change.json")))
    assert (await GerritResolver(routed_fetcher(router)).read(URL)).markdown == EXPECTED


async def test_a_missing_change_is_refused_with_the_status() -> None:
    router = SiteRouter().add(HOST, "/changes/612345", _answer(b"Not found: 612345", 404))
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await GerritResolver(routed_fetcher(router)).read(URL)


async def test_an_answer_that_is_not_a_change_is_refused() -> None:
    router = SiteRouter().add(HOST, "/changes/612345", _answer(b")]}'\n[]"))
    with pytest.raises(SiteUnavailable, match=r"^its answer had no change$"):
        await GerritResolver(routed_fetcher(router)).read(URL)


def test_known_gerrits_are_claimed_by_url_and_others_by_their_app() -> None:
    resolver = GerritResolver(routed_fetcher(SiteRouter()))
    assert resolver.handles(URL) and resolver.handles("https://gerrit.wikimedia.org/r/c/mediawiki/core/+/1")
    assert not resolver.handles("https://gerrit.wikimedia.org/c/mediawiki/core/+/1")  # not where it is served
    other = "https://review.example.org/c/relay/+/7"
    assert not resolver.handles(other)
    app = FetchedPage(other, 200, "text/html", "utf-8", b"<html><body><gr-app id='app'></gr-app></body></html>")
    assert says_gerrit(app) and resolver.recognises(app)
    plain = FetchedPage(other, 200, "text/html", "utf-8", b"<html><body><p>gr-apple</p></body></html>")
    assert not resolver.recognises(plain)
