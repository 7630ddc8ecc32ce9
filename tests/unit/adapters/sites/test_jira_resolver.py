"""Jira issues read through the REST API of the Jira that serves them, against a faked one."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.jira import JiraResolver, JiraTarget, jira_target, says_jira
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "bugs.openjdk.org"
ISSUE = "/rest/api/2/issue/JDK-8300001"
URL = f"https://{HOST}/browse/JDK-8300001"

EXPECTED = """\
# HttpClient hangs when the server resets the stream (JDK-8300001)

Bug · Resolved (Fixed) · priority P3 · reported by Ada Lovelace on 2026-01-10 · assigned to Bob Hopper · \
resolved 2026-02-01 · 3 votes · 7 watchers
Affects versions: 21, 22
Fix versions: 23
Components: core-libs
Labels: http2, hang

## Description

### Steps

1. start the server
2. reset the stream

```
client.send(req)
```

See [JDK-8299000](https://bugs.openjdk.org/browse/JDK-8299000).

## Environment

Linux x64

## Links

- is duplicated by [JDK-8300099](https://bugs.openjdk.org/browse/JDK-8300099): Stream reset hangs (Closed)
- relates to [JDK-8299000](https://bugs.openjdk.org/browse/JDK-8299000): HTTP/2 flow control (Open)

## Sub-tasks

- [JDK-8300002](https://bugs.openjdk.org/browse/JDK-8300002): Backport to 22 (Resolved)

## Attachments

- [Repro.java](https://bugs.openjdk.org/secure/attachment/1/Repro.java) (1,234 bytes)

## Comments (2)

### Comment · by Bob Hopper on 2026-01-11

Reproduced on **22**.

### Comment · by Ada Lovelace on 2026-02-01

Fixed by the change.
"""


def _router(comments: httpx.Response | None = None, host: str = HOST, prefix: str = "") -> SiteRouter:
    return (
        SiteRouter()
        .add(host, prefix + ISSUE, json_answer(fixture("jira_issue")))
        .add(host, prefix + ISSUE + "/comment", comments or json_answer(fixture("jira_comments")))
    )


def _page(url: str, head: bytes) -> FetchedPage:
    return FetchedPage(url, 200, "text/html", "utf-8", b"<html><head>" + head + b"</head><body></body></html>")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, JiraTarget(f"https://{HOST}", "JDK-8300001")),
        (f"{URL}?focusedCommentId=1#comment-1", JiraTarget(f"https://{HOST}", "JDK-8300001")),
        (
            "https://issues.apache.org/jira/browse/KAFKA-12345",
            JiraTarget("https://issues.apache.org/jira", "KAFKA-12345"),
        ),
        ("https://issues.redhat.com/projects/RHEL/issues/RHEL-42", JiraTarget("https://issues.redhat.com", "RHEL-42")),
        ("https://relay.atlassian.net/browse/REL_2-7", JiraTarget("https://relay.atlassian.net", "REL_2-7")),
        ("https://issues.apache.org/jira/browse/kafka-1", None),
        ("https://issues.apache.org/jira/browse/KAFKA-0", None),
        ("https://issues.apache.org/jira/browse/KAFKA", None),
        ("https://issues.apache.org/a/../browse/KAFKA-1", JiraTarget("https://issues.apache.org", "KAFKA-1")),
        ("https://issues.apache.org/%2e%2e/browse/KAFKA-1", None),
        ("https://issues.apache.org/jira/projects/KAFKA", None),
    ],
)
def test_issue_urls_say_which_jira_and_issue_they_show(url: str, expected: JiraTarget | None) -> None:
    assert jira_target(url) == expected


@pytest.mark.parametrize(
    ("head", "jira"),
    [
        (b'<meta name="application-name" content="JIRA" data-name="jira" data-version="9.12.2">', True),
        (b"<meta content='JIRA' name='application-name'>", True),
        (b'</head><body id="jira" class="aui-layout aui-theme-default">', True),
        (b'<meta name="application-name" content="Jirafe">', False),
        (b"<title>JIRA</title>", False),
    ],
)
def test_a_self_hosted_jira_is_known_by_its_head(head: bytes, jira: bool) -> None:
    assert says_jira(_page(URL, head)) is jira


async def test_an_issue_reads_with_its_facts_description_links_and_comments() -> None:
    router = _router()

    page = await JiraResolver(routed_fetcher(router)).read(f"{URL}?focusedCommentId=1")

    assert page.markdown == EXPECTED
    assert (page.url, page.note, page.source) == (URL, None, "the Jira REST API")
    issue, comments = router.seen
    assert issue.params == {"fields": issue.params["fields"], "expand": "renderedFields"}
    assert "issuelinks" in issue.params["fields"] and "comment" not in issue.params["fields"].split(",")
    assert comments.params == {"startAt": "0", "maxResults": "100", "orderBy": "created", "expand": "renderedBody"}


async def test_a_jira_under_a_context_path_is_asked_under_it() -> None:
    router = _router(host="issues.apache.org", prefix="/jira")
    page = await JiraResolver(routed_fetcher(router)).read("https://issues.apache.org/jira/browse/JDK-8300001")
    assert page.url == "https://issues.apache.org/jira/browse/JDK-8300001"
    assert "[JDK-8300099](https://issues.apache.org/jira/browse/JDK-8300099)" in page.markdown


async def test_a_long_comment_list_is_read_page_by_page() -> None:
    def comments(request: httpx.Request) -> httpx.Response:
        start = int(request.url.params["startAt"])
        said = [{"author": {"displayName": "Cy"}, "body": f"comment {n}", "created": "2026-01-12T00:00:00.000+0000"}
                for n in range(start, min(start + 100, 250))]  # fmt: skip
        return json_answer({"startAt": start, "maxResults": 100, "total": 250, "comments": said})

    router = _router(httpx.Response(200)).add(HOST, ISSUE + "/comment", comments)

    page = await JiraResolver(routed_fetcher(router)).read(URL)

    assert [seen.params.get("startAt") for seen in router.seen[1:]] == ["0", "100", "200"]
    assert "## Comments (250)" in page.markdown and "comment 249" in page.markdown and page.note is None


async def test_comments_that_cannot_be_read_leave_the_issue_read_and_say_why() -> None:
    router = _router(json_answer({"errorMessages": ["Login required"], "errors": {}}, 401))

    page = await JiraResolver(routed_fetcher(router)).read(URL)

    assert page.markdown.startswith("# HttpClient hangs")
    assert page.note == (
        "Showing the first 0 comments (they could not be read: HTTP 401, it needs an account or a token: "
        f"Login required); the rest: {URL}"
    )


async def test_a_missing_issue_is_refused_with_jiras_words() -> None:
    answer = json_answer({"errorMessages": ["Issue does not exist or you do not have permission to see it."]}, 404)
    router = SiteRouter().add(HOST, ISSUE, answer)
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found: Issue does not exist or you do not have"):
        await JiraResolver(routed_fetcher(router)).read(URL)


async def test_an_answer_without_an_issue_is_refused() -> None:
    router = SiteRouter().add(HOST, ISSUE, json_answer({"key": "JDK-8300001"}))
    with pytest.raises(SiteUnavailable, match=r"^its answer had no issue$"):
        await JiraResolver(routed_fetcher(router)).read(URL)


def test_cloud_sites_are_claimed_by_url_and_other_hosts_by_their_page() -> None:
    resolver = JiraResolver(routed_fetcher(SiteRouter()))
    assert resolver.handles("https://relay.atlassian.net/browse/REL-7")
    assert not resolver.handles(URL)
    assert resolver.recognises(_page(URL, b'<meta name="application-name" content="JIRA">'))
    assert not resolver.recognises(_page(URL, b"<title>A bug tracker</title>"))
    assert not resolver.recognises(_page("https://relay.atlassian.net/browse/REL-7", b'<body id="jira">'))
    assert not resolver.recognises(_page(f"https://{HOST}/secure/Dashboard.jspa", b'<body id="jira">'))


async def test_fields_of_the_wrong_type_read_as_missing() -> None:
    issue = fixture("jira_issue")
    issue["fields"].update(labels=True, versions="21", votes=[], reporter="ada", attachment={"filename": "x"})
    router = SiteRouter().add(HOST, ISSUE, json_answer(issue)).add(HOST, ISSUE + "/comment", json_answer({}))

    page = await JiraResolver(routed_fetcher(router)).read(URL)

    assert "reported by an unknown user on 2026-01-10" in page.markdown
    assert "Labels:" not in page.markdown and "Affects versions:" not in page.markdown
    assert page.markdown.endswith("## Comments\n\n(no comments)\n")
