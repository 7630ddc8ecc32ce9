"""The GitLab resolver: issue and merge request URLs on any instance, its REST API read through the real fetcher."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from adapters.sites.gitlab import GitlabResolver, GitlabTarget, gitlab_target, says_gitlab
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
ISSUE = "https://gitlab.com/wayland/compositors/weston/-/issues/4242"
# The router matches decoded paths; on the wire the project's path is one segment, "%2F" and all.
API = "/api/v4/projects/wayland/compositors/weston/issues/4242"
SITE_NAME = b'<meta content="GitLab" property="og:site_name">'
GL, FDO = "https://gitlab.com", "https://gitlab.freedesktop.org"


def note(number: int, *, system: bool = False) -> dict[str, object]:
    return {
        "id": 5000 + number,
        "body": f"COMMENT-{number} says something about the crash." if not system else "changed the description",
        "author": {"username": f"dev{number}"},
        "created_at": f"2025-03-{number + 2:02d}T09:00:00.000Z",
        "system": system,
    }


def paged_notes(request: httpx.Request) -> httpx.Response:
    """Two pages of notes, the first linking the second as GitLab does (Link rel="next")."""
    if request.url.params.get("page") == "2":
        return json_answer([note(3)])
    # As GitLab writes it: the instance's own name (the request itself went to the pinned address).
    own = request.url.copy_with(host=request.headers["host"]).copy_merge_params({"page": "2"})
    following = str(own)
    return json_answer([note(1), note(2, system=True)], headers={"link": f'<{following}>; rel="next"'})


RAW_PATHS: list[bytes] = []


def the_issue(request: httpx.Request) -> httpx.Response:
    RAW_PATHS.append(request.url.raw_path)
    return json_answer(fixture("gl_issue"))


def instance(host: str = "gitlab.com", notes: object = paged_notes) -> SiteRouter:
    router = SiteRouter().add(host, API, the_issue)
    return router.add(host, f"{API}/notes", notes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (ISSUE, GitlabTarget(GL, "wayland/compositors/weston", "issues", 4242)),
        (f"{GL}/a/b/-/work_items/7", GitlabTarget(GL, "a/b", "issues", 7)),
        (f"{GL}/a/b/-/merge_requests/9/diffs", GitlabTarget(GL, "a/b", "merge_requests", 9)),
        (f"{FDO}/mesa/mesa/-/issues/1#note_3", GitlabTarget(FDO, "mesa/mesa", "issues", 1)),
        (f"{GL}/a/b/issues/7", None),  # the old form redirects to /-/issues/ first
        (f"{GL}/a/../b/-/issues/7", None),
        (f"{GL}/a/b/-/issues", None),
        (f"{GL}/explore", None),
        ("http://www.gitlab.com/a/b/-/issues/7", GitlabTarget(GL, "a/b", "issues", 7)),  # GitLab's own origin
        (f"{GL}/a/b/-/issues/incident/7", GitlabTarget(GL, "a/b", "issues", 7)),
        (f"{GL}/-/a/-/issues/1", None),
        (f"{GL}/a/b/-/issues/1/-/issues/2", None),
        (f"{GL}/groups/a/-/issues/1", None),
        ("https://gitlab.com:8443/a/b/-/issues/1", None),
        ("ftp://gitlab.com/a/b/-/issues/7", None),
        (f"{GL}/a/b/-/blob/main/src/relay.py", GitlabTarget(GL, "a/b", "blob", ref="main", path="src/relay.py")),
        (f"{FDO}/mesa/mesa/-/blob/24.0/docs/fit.ipynb?ref_type=heads#L3",
         GitlabTarget(FDO, "mesa/mesa", "blob", ref="24.0", path="docs/fit.ipynb")),
        (f"{GL}/a/b/-/blob/main/../secrets", None),
        (f"{GL}/a/b/-/blob/main", None),
    ],
)  # fmt: skip
def test_issue_and_merge_request_urls_are_read_on_any_instance(url: str, expected: GitlabTarget | None) -> None:
    assert gitlab_target(url) == expected


def page(url: str, head: bytes = SITE_NAME) -> FetchedPage:
    return FetchedPage(url, 200, "text/html", "utf-8", b"<html><head>" + head + b"</head><body></body></html>")


def test_gitlab_com_is_claimed_by_url_and_other_instances_by_their_page() -> None:
    resolver = GitlabResolver(routed_fetcher(SiteRouter()))
    assert resolver.handles(ISSUE)
    assert not resolver.handles("https://gitlab.freedesktop.org/mesa/mesa/-/issues/1")
    assert resolver.recognises(page("https://gitlab.freedesktop.org/mesa/mesa/-/issues/1"))
    assert not resolver.recognises(page(ISSUE))  # read before the fetch already
    assert not resolver.recognises(page("https://gitlab.freedesktop.org/mesa/mesa/-/issues/1", head=b""))
    assert not resolver.recognises(page("https://forge.example/a/b/issues/1"))
    assert says_gitlab(page("https://x", head=b'<meta property="og:site_name" content="GitLab">'))


async def test_an_issue_reads_with_its_facts_description_and_every_comment_in_order() -> None:
    router = instance()
    resolved = await GitlabResolver(routed_fetcher(router)).read(ISSUE)
    text = resolved.markdown
    assert text.startswith("# Segfault when the compositor loses its output (#4242)\n")
    assert (
        "Issue · opened · opened by rhea on 2025-03-02 · milestone: 25.1 · assigned to mdev · +12 −0 · 3 comments\n"
        "Labels: bug, crash\n"
    ) in text
    assert "```\nSIGSEGV in wl_output_release\n```" in text
    assert "changed the description" not in text  # GitLab's own events are not comments
    headings = [line for line in text.splitlines() if line.startswith("### ")]
    assert headings == ["### Comment · by dev1 on 2025-03-03", "### Comment · by dev3 on 2025-03-05"]
    assert (resolved.source, resolved.truncated, resolved.note) == ("the GitLab API", False, None)
    asked = [s for s in router.seen if s.path.endswith("/notes")]
    assert asked[0].params == {"sort": "asc", "order_by": "created_at", "per_page": "100"}
    assert len(asked) == 2
    assert RAW_PATHS[-1] == b"/api/v4/projects/wayland%2Fcompositors%2Fweston/issues/4242"


async def test_a_self_managed_instance_is_read_on_its_own_origin() -> None:
    url = "https://gitlab.freedesktop.org/wayland/compositors/weston/-/issues/4242"
    router = instance("gitlab.freedesktop.org")
    resolved = await GitlabResolver(routed_fetcher(router)).read_page(page(url))
    assert "COMMENT-3" in resolved.markdown
    assert {s.host for s in router.seen} == {"gitlab.freedesktop.org"}


async def test_a_next_link_to_another_host_is_not_followed() -> None:
    def elsewhere(request: httpx.Request) -> httpx.Response:
        return json_answer([note(1)], headers={"link": '<https://evil.example/api/v4/x?page=2>; rel="next"'})

    router = instance(notes=elsewhere)
    resolved = await GitlabResolver(routed_fetcher(router)).read(ISSUE)
    assert "COMMENT-1" in resolved.markdown
    assert resolved.note == (
        "Showing the first 1 comment (page 2 could not be read: its link led away from the API's host,"
        " so it was not followed)"
    )
    assert "evil.example" not in {s.host for s in router.seen}


async def test_a_merge_request_names_its_branches() -> None:
    mr = {"iid": 9, "title": "Fix it", "state": "merged", "source_branch": "fix", "target_branch": "main", "author": {}}
    router = SiteRouter().add("gitlab.com", "/api/v4/projects/a/b/merge_requests/9", json_answer(mr))
    router.add("gitlab.com", "/api/v4/projects/a/b/merge_requests/9/notes", json_answer([]))
    text = (await GitlabResolver(routed_fetcher(router)).read("https://gitlab.com/a/b/-/merge_requests/9")).markdown
    assert text.startswith("# Fix it (!9)\n\nMerge request · merged · opened by an unknown user · fix → main\n")


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (json_answer({"message": "404 Project Not Found"}, status=404), "HTTP 404, not found: 404 Project Not Found"),
        (
            json_answer({"message": "401 Unauthorized"}, status=401),
            "HTTP 401, it needs an account or a token: 401 Unauthorized",
        ),
        (json_answer({"title": "no iid"}), "its answer had no issue or merge request"),
    ],
)
async def test_an_issue_the_api_will_not_give_is_a_plain_failure(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add("gitlab.com", API, answer)
    with pytest.raises(SiteUnavailable) as failure:
        await GitlabResolver(routed_fetcher(router)).read(ISSUE)
    assert failure.value.reason == reason


async def test_a_file_reads_from_the_same_hosts_raw_address() -> None:
    code = b"def relay():\n    return '```'\n"
    router = SiteRouter().add("gitlab.com", "/a/b/-/raw/main/src/relay.py", httpx.Response(200, content=code))
    page = await GitlabResolver(routed_fetcher(router)).read(f"{GL}/a/b/-/blob/main/src/relay.py")
    assert page.markdown == "# a/b @ main: src/relay.py\n\n````py\ndef relay():\n    return '```'\n````\n"
    assert page.source == "GitLab's raw file address"


async def test_a_notebook_file_on_a_self_managed_instance_reads_as_its_cells() -> None:
    notebook = (Path(__file__).parents[3] / "support" / "pages" / "line_fit.ipynb").read_bytes()
    router = SiteRouter().add(
        "gitlab.freedesktop.org", "/m/m/-/raw/main/fit.ipynb", httpx.Response(200, content=notebook)
    )
    resolver = GitlabResolver(routed_fetcher(router))
    shell = page(f"{FDO}/m/m/-/blob/main/fit.ipynb")
    assert resolver.recognises(shell)
    text = (await resolver.read_page(shell)).markdown
    assert text.startswith("# m/m @ main: fit.ipynb\n\n*A Jupyter python notebook: 8 cells")


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (httpx.Response(404), "HTTP 404, not found"),
        (httpx.Response(200, content=b"<html>Sign in</html>", headers={"content-type": "text/html"}), "a web page"),
    ],
)
async def test_a_file_gitlab_will_not_give_is_refused_in_plain_words(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add("gitlab.com", "/a/b/-/raw/main/x.py", answer)
    with pytest.raises(SiteUnavailable, match=reason):
        await GitlabResolver(routed_fetcher(router)).read(f"{GL}/a/b/-/blob/main/x.py")
