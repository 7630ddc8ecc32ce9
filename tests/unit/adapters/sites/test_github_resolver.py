"""The GitHub resolver against faked REST, GraphQL and raw-file hosts, through the real page fetcher."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from adapters.sites.github import GithubResolver
from adapters.sites.github_urls import GithubTarget, github_target
from domain.errors import SiteUnavailable
from domain.markdown_lines import headings_below
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
API, RAW = "api.github.com", "raw.githubusercontent.com"
REPO = "/repos/encode/httpx"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/encode/httpx", GithubTarget("readme", "encode", "httpx")),
        ("https://github.com/encode/httpx.git", GithubTarget("readme", "encode", "httpx")),
        ("https://github.com/encode/httpx/issues/77", GithubTarget("issue", "encode", "httpx", 77)),
        ("https://github.com/encode/httpx/pull/88/files", GithubTarget("pull_files", "encode", "httpx", 88)),
        ("https://github.com/encode/httpx/pull/88/commits", GithubTarget("pull", "encode", "httpx", 88)),
        ("https://github.com/encode/httpx/discussions/5", GithubTarget("discussion", "encode", "httpx", 5)),
        (
            "https://github.com/encode/httpx/blob/master/httpx/_client.py#L10",
            GithubTarget("blob", "encode", "httpx", ref="master", path="httpx/_client.py"),
        ),
        (
            "https://colab.research.google.com/github/o/r/blob/main/nb/fit.ipynb",
            GithubTarget("blob", "o", "r", ref="main", path="nb/fit.ipynb"),
        ),
        (
            "https://nbviewer.org/github/o/r/blob/v1.0/fit.ipynb",
            GithubTarget("blob", "o", "r", ref="v1.0", path="fit.ipynb"),
        ),
        ("https://colab.research.google.com/drive/1AbCdEf", None),
        ("https://colab.research.google.com/github/o/r/tree/main", None),
        ("https://nbviewer.org/url/example.com/fit.ipynb", None),
        (
            "https://github.com/encode/httpx/tree/master/docs",
            GithubTarget("tree", "encode", "httpx", ref="master", path="docs"),
        ),
        ("https://github.com/encode/httpx/tree/v1", GithubTarget("tree", "encode", "httpx", ref="v1")),
        (
            "https://github.com/encode/httpx/commit/3F5A1C9E",
            GithubTarget("commit", "encode", "httpx", ref="3f5a1c9e"),
        ),
        ("https://github.com/encode/httpx/commit/main", None),
        ("https://github.com/encode/httpx/releases", GithubTarget("releases", "encode", "httpx")),
        ("https://github.com/encode/httpx/releases/latest", GithubTarget("release", "encode", "httpx")),
        (
            "https://github.com/encode/httpx/releases/tag/cli/v1.0",
            GithubTarget("release", "encode", "httpx", ref="cli/v1.0"),
        ),
        ("https://github.com/encode/httpx/releases/download/v1/x.tar.gz", None),
        (
            "https://gist.github.com/ada/AA5A315D61AE9438B18D",
            GithubTarget("gist", "ada", "", ref="aa5a315d61ae9438b18d"),
        ),
        ("https://gist.github.com/aa5a315d61ae9438b18d", GithubTarget("gist", "", "", ref="aa5a315d61ae9438b18d")),
        ("https://gist.github.com/ada", None),
        ("https://gist.github.com/ada/starred", None),
        ("https://github.com/encode/httpx/issues", None),
        ("https://github.com/topics/http", None),
        ("https://github.com/encode", None),
        ("https://gist.github.com/encode/abc", None),  # not a gist's id
    ],
)
def test_github_urls_say_what_they_show(url: str, expected: GithubTarget | None) -> None:
    assert github_target(url) == expected


async def test_an_issue_reads_with_its_comments_in_the_order_they_were_written() -> None:
    router = (
        SiteRouter()
        .add(API, f"{REPO}/issues/77", json_answer(fixture("gh_issue")))
        .add(API, f"{REPO}/issues/77/comments", json_answer(fixture("gh_issue_comments")))
    )
    page = await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/issues/77")
    text = page.markdown
    assert text.startswith("# Client hangs on HTTP/2 stream reset (#77)\n")
    assert "Issue · open · opened by reporter on 2024-03-01" in text and "Labels: bug, http/2" in text
    comments = [line for line in text.splitlines() if line.startswith("### Comment")]
    assert comments == [
        "### Comment · by first on 2024-03-01",
        "### Comment · by second on 2024-03-02",
        "### Comment · by third on 2024-03-03",
    ]
    assert text.index("I can reproduce this.") < text.index("Fixed in 0.27")
    assert all(s.headers["accept"] == "application/vnd.github+json" for s in router.seen)
    assert all("authorization" not in s.headers for s in router.seen)


async def test_a_pull_request_is_one_thread_of_conversation_reviews_and_line_comments() -> None:
    router = (
        SiteRouter()
        .add(API, f"{REPO}/issues/88", json_answer(fixture("gh_pull_issue")))
        .add(API, f"{REPO}/issues/88/comments", json_answer(fixture("gh_pull_conversation")))
        .add(API, f"{REPO}/pulls/88", json_answer(fixture("gh_pull")))
        .add(API, f"{REPO}/pulls/88/reviews", json_answer(fixture("gh_reviews")))
        .add(API, f"{REPO}/pulls/88/comments", json_answer(fixture("gh_review_comments")))
    )
    text = (await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/pull/88")).markdown
    assert "Pull request · merged · opened by author on 2024-04-01 · retry-reset → master" in text
    assert "2 files changed, +40 −3" in text
    entries = [line for line in text.splitlines() if line.startswith("### ")]
    assert entries == [
        "### Review (changes requested) · by reviewer on 2024-04-02",
        "### Review comment on httpx/_client.py line 120 · by reviewer on 2024-04-02",
        "### Review (approved) · by reviewer on 2024-04-02",
        "### Comment · by maintainer on 2024-04-03",
    ]


async def test_a_discussion_without_a_token_says_graphql_needs_one_and_calls_nothing() -> None:
    router = SiteRouter()
    with pytest.raises(SiteUnavailable) as failed:
        await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/discussions/5")
    assert "GITHUB_TOKEN" in failed.value.reason and router.seen == []


async def test_a_discussion_with_a_token_reads_through_graphql_answer_first() -> None:
    router = SiteRouter().add(API, "/graphql", json_answer(fixture("gh_discussion")))
    resolver = GithubResolver(routed_fetcher(router), token=SecretStr("ghp_secret"))
    page = await resolver.read("https://github.com/encode/httpx/discussions/5")
    (call,) = router.seen
    assert call.method == "POST" and call.headers["authorization"] == "Bearer ghp_secret"
    sent = json.loads(call.body)
    assert sent["variables"] == {
        "owner": "encode",
        "repo": "httpx",
        "number": 5,
        "comments": 100,
        "replies": 5,
        "after": None,
    }
    text = page.markdown
    assert text.startswith("# Is HTTP/3 planned? (#5)\n")
    assert text.index("## Answer (marked as the answer) · 4 upvotes") < text.index("## Comment · 30 upvotes")
    assert "- Reply by curious on 2024-05-04: Thanks for the answer!" in text
    assert page.source == "the GitHub GraphQL API"


async def test_graphql_errors_are_a_reason() -> None:
    errors = {"data": {"repository": None}, "errors": [{"message": "Could not resolve to a Repository"}]}
    router = SiteRouter().add(API, "/graphql", json_answer(errors))
    with pytest.raises(SiteUnavailable) as failed:
        await GithubResolver(routed_fetcher(router), token=SecretStr("t")).read("https://github.com/a/b/discussions/1")
    assert failed.value.reason == "no such discussion (Could not resolve to a Repository)"


async def test_a_repository_reads_as_its_readme() -> None:
    router = SiteRouter().add(API, f"{REPO}/readme", json_answer(fixture("gh_readme")))
    page = await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx")
    assert page.markdown == "# encode/httpx: README.md\n\n# httpx\n\nA next-generation HTTP client for Python.\n"


async def test_a_blob_reads_as_the_raw_file_in_a_fence_and_the_token_stays_with_the_api() -> None:
    code = b"def f():\n    return '```'\n"
    router = SiteRouter().add(RAW, "/encode/httpx/master/httpx/_client.py", httpx.Response(200, content=code))
    resolver = GithubResolver(routed_fetcher(router), token=SecretStr("ghp_secret"))
    page = await resolver.read("https://github.com/encode/httpx/blob/master/httpx/_client.py")
    assert page.markdown == ("# encode/httpx @ master: httpx/_client.py\n\n````py\ndef f():\n    return '```'\n````\n")
    assert "authorization" not in router.seen[0].headers


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/o/r/blob/main/nb/line_fit.ipynb",
        "https://colab.research.google.com/github/o/r/blob/main/nb/line_fit.ipynb",
    ],
)
async def test_a_notebook_blob_reads_as_its_cells_and_outputs(url: str) -> None:
    notebook = (Path(__file__).parents[3] / "support" / "pages" / "line_fit.ipynb").read_bytes()
    router = SiteRouter().add(RAW, "/o/r/main/nb/line_fit.ipynb", httpx.Response(200, content=notebook))

    page = await GithubResolver(routed_fetcher(router)).read(url)

    assert page.markdown.startswith(
        "# o/r @ main: nb/line_fit.ipynb\n\n*A Jupyter python notebook: 8 cells, 6 of them code; outputs as saved.*"
    )
    assert "Output:\n\n[Image: Figure size 640x480 with 1 Axes (image/png)]" in page.markdown
    assert "ZeroDivisionError: division by zero\n```\n" in page.markdown and "iVBOR" not in page.markdown


async def test_a_notebook_blob_that_is_not_json_reads_as_its_text() -> None:
    router = SiteRouter().add(RAW, "/o/r/main/x.ipynb", httpx.Response(200, content=b"not json"))
    page = await GithubResolver(routed_fetcher(router)).read("https://github.com/o/r/blob/main/x.ipynb")
    assert page.markdown == "# o/r @ main: x.ipynb\n\n```ipynb\nnot json\n```\n"


async def test_a_raw_file_refused_says_so_without_blaming_a_token_it_never_received() -> None:
    router = SiteRouter().add(RAW, "/o/r/main/x.py", httpx.Response(401, content=b""))
    resolver = GithubResolver(routed_fetcher(router), token=SecretStr("ghp_secret"))
    with pytest.raises(SiteUnavailable) as failed:
        await resolver.read("https://github.com/o/r/blob/main/x.py")
    assert failed.value.reason == "HTTP 401, it needs an account or a token"


async def test_a_binary_blob_is_refused() -> None:
    router = SiteRouter().add(RAW, "/o/r/main/logo.png", httpx.Response(200, content=b"\x89PNG\x00\x00"))
    with pytest.raises(SiteUnavailable, match="binary"):
        await GithubResolver(routed_fetcher(router)).read("https://github.com/o/r/blob/main/logo.png")


@pytest.mark.parametrize(
    ("status", "body", "reason"),
    [
        (403, {"message": "API rate limit exceeded for 1.2.3.4."}, "HTTP 403, access refused or rate limit reached"),
        (404, {"message": "Not Found"}, "HTTP 404, not found: Not Found"),
        (401, {"message": "Bad credentials"}, "HTTP 401, it needs an account or a token: Bad credentials"),
    ],
)
async def test_rest_failures_are_one_plain_reason(status: int, body: dict[str, str], reason: str) -> None:
    router = SiteRouter().add(API, f"{REPO}/issues/77", json_answer(body, status=status))
    with pytest.raises(SiteUnavailable) as failed:
        await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/issues/77")
    assert failed.value.reason.startswith(reason)


async def test_a_token_the_api_quotes_back_is_masked_in_the_reason() -> None:
    router = SiteRouter().add(API, f"{REPO}/issues/77", json_answer({"message": "Bad credentials: ghp_secret123"}, 401))
    with pytest.raises(SiteUnavailable) as failed:
        await GithubResolver(routed_fetcher(router), token=SecretStr("ghp_secret123")).read(
            "https://github.com/encode/httpx/issues/77"
        )
    assert failed.value.reason == "HTTP 401, the token was refused: Bad credentials: ***"


COMMIT = "3f5a1c9e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39"


async def test_a_commit_reads_as_its_message_totals_and_each_files_patch() -> None:
    router = SiteRouter().add(API, f"{REPO}/commits/{COMMIT}", json_answer(fixture("gh_commit")))
    page = await GithubResolver(routed_fetcher(router)).read(f"https://github.com/encode/httpx/commit/{COMMIT}")
    text = page.markdown
    assert text.startswith(
        "# Retry a stream reset once before failing the request (3f5a1c9)\n\n"
        "Commit 3f5a1c9e8b7d · by Ada Lovelace (ada) on 2024-05-02 · 3 files changed, +11 −3\n\n"
        "HTTP/2 servers reset idle streams; the first retry almost always succeeds.\n\nFixes #77\n\n## Files\n"
    )
    assert "### `httpx/_client.py` (modified, +9 −3)\n\n```diff\n@@ -118,9 +118,15 @@ class Client:" in text
    assert "### `docs/img/retry.png` (added, +0 −0)\n\n(no patch: a binary file" in text
    assert "### `httpx/_retries.py` (renamed from `httpx/_retry.py`, +2 −0)" in text


async def test_a_long_patch_is_cut_and_says_how_much_is_left() -> None:
    commit = fixture("gh_commit")
    commit["files"][0]["patch"] = "@@ -1 +1,1000 @@\n" + "\n".join(f"+line {n}" for n in range(1_000))
    router = SiteRouter().add(API, f"{REPO}/commits/{COMMIT}", json_answer(commit))
    text = (
        await GithubResolver(routed_fetcher(router)).read(f"https://github.com/encode/httpx/commit/{COMMIT}")
    ).markdown
    assert "+line 398\n... (601 more lines of this patch)\n```" in text and "+line 399" not in text


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("https://github.com/encode/httpx/releases/tag/0.28.0", f"{REPO}/releases/tags/0.28.0"),
        ("https://github.com/encode/httpx/releases/latest", f"{REPO}/releases/latest"),
    ],
)
async def test_a_release_reads_as_its_notes_and_downloads(url: str, path: str) -> None:
    router = SiteRouter().add(API, path, json_answer(fixture("gh_release")))
    text = (await GithubResolver(routed_fetcher(router)).read(url)).markdown
    assert text == (
        "# Version 0.28.0\n\nRelease · published by maintainer on 2024-11-28\n\n"
        "### Changed\n\n* The deprecated `proxies` argument is removed; use `proxy`.\n"
        "* `verify` takes an SSL context.\n\n"
        "### Fixed\n\n* A stream reset is retried once (#77).\n\n## Downloads\n\n"
        "- [httpx-0.28.0.tar.gz](https://github.com/encode/httpx/releases/download/0.28.0/httpx-0.28.0.tar.gz)"
        " (141.9 kB, 1,204 downloads)\n"
    )


async def test_the_list_of_releases_reads_the_newest_with_their_notes() -> None:
    router = SiteRouter().add(API, f"{REPO}/releases", json_answer(fixture("gh_releases")))
    text = (await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/releases")).markdown
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert headings == [
        "# Releases of encode/httpx",
        "## Version 0.28.0",
        "#### Changed",
        "#### Fixed",
        "### Downloads",
        "## 0.27.2",
    ]
    assert "Release · published by maintainer on 2024-08-27 · pre-release" in text
    assert router.seen[0].params == {"per_page": "10"}


async def test_a_folder_lists_its_entries_folders_first_then_its_readme() -> None:
    router = (
        SiteRouter()
        .add(API, f"{REPO}/contents/docs", json_answer(fixture("gh_folder")))
        .add(API, f"{REPO}/readme/docs", json_answer(fixture("gh_folder_readme")))
    )
    text = (
        await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/tree/master/docs")
    ).markdown
    assert text == (
        "# encode/httpx @ master: docs\n\n- `advanced/`\n- `api/`\n- `theme` (a submodule)\n- `CNAME` (15 B)\n"
        "- `index.md` (2.1 kB)\n- `README.md` (96 B)\n\n## README.md\n\n### The docs\n\n"
        "Built with MkDocs: `mkdocs serve` shows them at http://127.0.0.1:8000.\n"
    )
    assert [seen.params for seen in router.seen] == [{"ref": "master"}, {"ref": "master"}]


async def test_a_folder_without_a_readme_is_its_list_and_a_tree_link_to_a_file_reads_the_file() -> None:
    router = (
        SiteRouter()
        .add(API, f"{REPO}/contents/docs", json_answer(fixture("gh_folder")))
        .add(API, f"{REPO}/contents/setup.py", json_answer({"type": "file", "name": "setup.py"}))
        .add(RAW, "/encode/httpx/master/setup.py", httpx.Response(200, content=b"import setuptools\n"))
    )  # /readme/docs is not routed: the faked API answers 404, as GitHub does for a folder without one
    resolver = GithubResolver(routed_fetcher(router))
    folder = (await resolver.read("https://github.com/encode/httpx/tree/master/docs")).markdown
    assert folder.endswith("- `README.md` (96 B)\n")
    file = (await resolver.read("https://github.com/encode/httpx/tree/master/setup.py")).markdown
    assert file == "# encode/httpx @ master: setup.py\n\n```py\nimport setuptools\n```\n"


def test_headings_move_down_outside_code_fences() -> None:
    notes = "# Title\n\n```sh\n# a comment, not a heading\n```\n\n###### Deep\n#hashtag"
    assert headings_below(notes, 2) == "### Title\n\n```sh\n# a comment, not a heading\n```\n\n###### Deep\n#hashtag"
    # An empty heading (a lone "#", as release notes write a separator) moves down too; it raised before.
    assert headings_below("#\nText\n## ", 1) == "##\nText\n### "


async def test_a_gist_reads_as_its_files_a_notebook_as_its_cells() -> None:
    router = SiteRouter().add(API, "/gists/aa5a315d61ae9438b18d", json_answer(fixture("gh_gist")))
    text = (
        await GithubResolver(routed_fetcher(router)).read("https://gist.github.com/ada/aa5a315d61ae9438b18d")
    ).markdown
    assert text.startswith(
        "# Retry helper for httpx\n\nGist · by ada on 2024-02-01 · updated 2024-02-03 · 2 comments on its page\n\n"
        "## retry.py\n\n```py\ndef retry(call, times=2):\n"
    )
    assert (
        "## README.md\n\n### Usage\n\nCall `retry(fn)`.\n\n[The API cut this file at 1 MB; all of it: https://" in text
    )
    assert "## fit.ipynb\n\n*A Jupyter python notebook: 8 cells" in text and "iVBOR" not in text


async def test_a_gist_answer_without_files_is_refused() -> None:
    router = SiteRouter().add(API, "/gists/aa5a315d61ae9438b18d", json_answer({"id": "aa5a315d61ae9438b18d"}))
    with pytest.raises(SiteUnavailable, match="no gist files"):
        await GithubResolver(routed_fetcher(router)).read("https://gist.github.com/aa5a315d61ae9438b18d")


async def test_a_pull_requests_files_view_reads_as_its_changes_with_their_patches() -> None:
    pull = {"number": 88, "title": "Hedge slow requests", "state": "closed", "merged_at": "2026-04-03T11:00:00Z",
            "user": {"login": "ada"}, "created_at": "2026-04-01T10:00:00Z", "head": {"label": "ada:hedge"},
            "base": {"label": "encode:master"}, "changed_files": 2, "additions": 12, "deletions": 1}  # fmt: skip
    files = [
        {"filename": "httpx/_hedge.py", "status": "added", "additions": 11, "deletions": 0,
         "patch": "@@ -0,0 +1,2 @@\n+def hedge():\n+    pass"},
        {"filename": "logo.png", "status": "modified", "additions": 0, "deletions": 0},
    ]  # fmt: skip
    router = (
        SiteRouter()
        .add(API, "/repos/encode/httpx/pulls/88", json_answer(pull))
        .add(API, "/repos/encode/httpx/pulls/88/files", json_answer(files))
    )

    page = await GithubResolver(routed_fetcher(router)).read("https://github.com/encode/httpx/pull/88/files")

    assert page.markdown == (
        "# Hedge slow requests (#88)\n\n"
        "Pull request · merged · opened by ada on 2026-04-01 · ada:hedge → encode:master · 2 files changed, +12 −1\n\n"
        "The conversation: https://github.com/encode/httpx/pull/88\n\n## Files\n\n"
        "### `httpx/_hedge.py` (added, +11 −0)\n\n```diff\n@@ -0,0 +1,2 @@\n+def hedge():\n+    pass\n```\n\n"
        "### `logo.png` (modified, +0 −0)\n\n"
        "(no patch: a binary file, a rename alone, or a diff too large for the API)\n"
    )
    assert router.seen[1].params == {"per_page": "100"}
