"""GitHub through its REST API (issues, pull requests, READMEs, folders, commits, releases), GraphQL
(discussions) and raw files (blobs).

``GITHUB_TOKEN`` is optional: it raises the REST rate limit and is needed for GraphQL. It is sent
to the API's origin only (never to the raw-file host, nor anywhere a redirect leads).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import anyio
import httpx
from pydantic import SecretStr

from adapters.json_fields import number, obj, objs, text
from adapters.pages.fetch_scope import origin
from adapters.sites.api_calls import GuardedCaller, call_file, call_json, call_json_answer, with_query
from adapters.sites.github_code import (
    SHOWN_RELEASES,
    commit_markdown,
    folder_markdown,
    gist_markdown,
    pull_files_markdown,
    release_markdown,
    releases_markdown,
)
from adapters.sites.github_discussions import (
    QUERY,
    comments_page,
    discussion_markdown,
    discussion_of,
    discussion_variables,
)
from adapters.sites.github_files import file_markdown, readme_content
from adapters.sites.github_paging import PAGE_SIZE, Listing, ListPage, complete, cut_note
from adapters.sites.github_threads import thread_markdown
from adapters.sites.github_urls import GithubTarget, github_target
from domain.errors import SiteUnavailable
from domain.markdown_lines import headings_below
from domain.pages import ResolvedPage

DEFAULT_API_URL = "https://api.github.com"
DEFAULT_RAW_URL = "https://raw.githubusercontent.com"
_SHOWN_REVIEWS = ("APPROVED", "CHANGES_REQUESTED")


class GithubResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the GitHub API"

    def __init__(
        self,
        caller: GuardedCaller,
        *,
        token: SecretStr | None = None,
        api_url: str = DEFAULT_API_URL,
        raw_url: str = DEFAULT_RAW_URL,
    ) -> None:
        self._caller = caller
        self._token = token
        self._api_url = api_url.rstrip("/")
        self._raw_url = raw_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return github_target(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        target = github_target(url)
        if target is None:
            raise SiteUnavailable("not a GitHub page this reader knows")
        if target.kind == "blob":
            return ResolvedPage(url, await self._blob(target), "GitHub's raw file host")
        if target.kind == "discussion":
            return await self._discussion(target, url)
        if target.kind in ("issue", "pull"):
            return await self._thread(target, url)
        if target.kind == "pull_files":
            return await self._pull_files(target, url)
        return ResolvedPage(url, await self._repository_page(target, url), self.site)

    async def _repository_page(self, target: GithubTarget, url: str) -> str:
        """A README, a folder, a commit, a release or the list of them, or a gist, as Markdown."""
        repo = f"/repos/{target.owner}/{target.repo}"
        if target.kind == "readme":
            return await self._readme(target)
        if target.kind == "tree":
            return await self._folder(target)
        if target.kind == "commit":
            commit = obj(await self._get(f"{repo}/commits/{target.ref}"))
            return await anyio.to_thread.run_sync(lambda: commit_markdown(commit, url))
        if target.kind == "release":
            tag = f"tags/{quote(target.ref, safe='')}" if target.ref else "latest"
            return release_markdown(obj(await self._get(f"{repo}/releases/{tag}")))
        if target.kind == "releases":
            listed = objs(await self._get(f"{repo}/releases?per_page={SHOWN_RELEASES}"))
            return releases_markdown(f"{target.owner}/{target.repo}", listed, url)
        gist = obj(await self._get(f"/gists/{target.ref}"))
        if not isinstance(gist.get("files"), dict):
            raise SiteUnavailable("its answer had no gist files")
        return await anyio.to_thread.run_sync(lambda: gist_markdown(gist))

    async def _thread(self, target: GithubTarget, url: str) -> ResolvedPage:
        repo = f"/repos/{target.owner}/{target.repo}"
        issue = obj(await self._get(f"{repo}/issues/{target.number}"))
        comments = await self._list(f"{repo}/issues/{target.number}/comments")
        rest_url = _page_url(issue, url)
        cuts = [cut_note(comments, "comments", number(issue.get("comments")), rest_url)]
        kind, subject, entries = "issue", issue, comments.items
        if "pull_request" in issue:
            pull = obj(await self._get(f"{repo}/pulls/{target.number}"))
            reviews = await self._list(f"{repo}/pulls/{target.number}/reviews")
            on_code = await self._list(f"{repo}/pulls/{target.number}/comments")
            cuts += [
                cut_note(reviews, "reviews", None, rest_url),
                cut_note(on_code, "review comments", number(pull.get("review_comments")), rest_url),
            ]
            # A review without words is the envelope of its line comments; those are shown themselves.
            said = [r for r in reviews.items if text(r.get("body")).strip() or text(r.get("state")) in _SHOWN_REVIEWS]
            kind, subject, entries = "pull", {**issue, **pull}, [*comments.items, *said, *on_code.items]
        notes = [cut for cut in cuts if cut]
        markdown = await anyio.to_thread.run_sync(lambda: thread_markdown(kind, subject, entries, cuts=notes))
        return ResolvedPage(url, markdown, self.site, truncated=bool(notes), note=" ".join(notes) or None)

    async def _pull_files(self, target: GithubTarget, url: str) -> ResolvedPage:
        """A pull request's changed files with their patches, page after page (the API lists 3,000 at most)."""
        repo = f"/repos/{target.owner}/{target.repo}/pulls/{target.number}"
        pull = obj(await self._get(repo))
        files = await self._list(f"{repo}/files")
        conversation = f"https://github.com/{target.owner}/{target.repo}/pull/{target.number}"
        cut = cut_note(files, "changed files", number(pull.get("changed_files")), f"{conversation}/files")
        markdown = await anyio.to_thread.run_sync(lambda: pull_files_markdown(pull, files.items, conversation))
        if cut:
            markdown += f"\n[{cut}]\n"
        return ResolvedPage(url, markdown, self.site, truncated=cut is not None, note=cut)

    async def _discussion(self, target: GithubTarget, url: str) -> ResolvedPage:
        if self._token is None:
            raise SiteUnavailable("discussions are only in GitHub's GraphQL API, which needs GITHUB_TOKEN")

        async def page(after: str | None) -> dict[str, Any]:
            variables = discussion_variables(target.owner, target.repo, target.number, after=after)
            data = await call_json(
                self._caller,
                f"{self._api_url}/graphql",
                headers=self._headers(),
                method="POST",
                payload={"query": QUERY, "variables": variables},
                secret=self._token,
            )
            return discussion_of(data)

        async def later(cursor: str) -> ListPage:
            return comments_page(await page(cursor))

        discussion = await page(None)
        comments = await complete(comments_page(discussion), later)
        total = number(obj(discussion, "comments").get("totalCount"))
        note = cut_note(comments, "comments", total, _page_url(discussion, url))
        markdown = await anyio.to_thread.run_sync(lambda: discussion_markdown(discussion, comments.items, note))
        return ResolvedPage(url, markdown, "the GitHub GraphQL API", truncated=note is not None, note=note)

    async def _readme(self, target: GithubTarget) -> str:
        readme = obj(await self._get(f"/repos/{target.owner}/{target.repo}/readme"))
        name, content = readme_content(readme)
        return file_markdown(f"{target.owner}/{target.repo}: {name}", name, content)

    async def _folder(self, target: GithubTarget) -> str:
        repo = f"/repos/{target.owner}/{target.repo}"
        where = quote(target.path.strip("/"), safe="/")
        ref = {"ref": target.ref}
        listed = await self._get(with_query(f"{repo}/contents/{where}".rstrip("/"), ref))
        if isinstance(listed, dict):  # the path is a file: a tree link to a file shows the file
            return await self._blob(target)
        title = f"{target.owner}/{target.repo} @ {target.ref}: {target.path.strip('/') or '/'}"
        try:
            name, content = readme_content(obj(await self._get(with_query(f"{repo}/readme/{where}".rstrip("/"), ref))))
        except SiteUnavailable:  # most folders have none; one that cannot be read leaves the list as it is
            return folder_markdown(title, objs(listed), "")
        readme_text = headings_below(content.decode("utf-8", errors="replace"), 2)
        return folder_markdown(title, objs(listed), f"## {name}\n\n{readme_text}")

    async def _blob(self, target: GithubTarget) -> str:
        raw = f"{self._raw_url}/{target.owner}/{target.repo}/{target.ref}/{target.path}"
        answer = await call_file(self._caller, raw)
        title = f"{target.owner}/{target.repo} @ {target.ref}: {target.path}"
        # A notebook is parsed as JSON: megabytes of it, off the event loop.
        return await anyio.to_thread.run_sync(
            lambda: file_markdown(title, target.path, answer.body, cut=answer.truncated)
        )

    async def _get(self, path: str) -> Any:
        return await call_json(self._caller, self._api_url + path, headers=self._headers(), secret=self._token)

    async def _list(self, path: str) -> Listing:
        first = await self._list_page(f"{self._api_url}{path}?per_page={PAGE_SIZE}")
        return await complete(first, self._later_list_page)

    async def _list_page(self, url: str) -> ListPage:
        answer = await call_json_answer(self._caller, url, headers=self._headers(), secret=self._token)
        return ListPage(objs(answer.data), answer.next_url)

    async def _later_list_page(self, url: str) -> ListPage:
        # The token goes with every page, so a next link is followed only on the API's own origin.
        if origin(httpx.URL(url)) != origin(httpx.URL(self._api_url)):
            raise SiteUnavailable("its link led away from the API's host, so it was not followed")
        return await self._list_page(url)

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
        if self._token is not None:
            headers["Authorization"] = f"Bearer {self._token.get_secret_value()}"
        return headers


def _page_url(item: dict[str, Any], url: str) -> str:
    """Where the whole thread is on the web: the API's html_url, else the URL asked for."""
    html_url = text(item.get("html_url")) or text(item.get("url"))
    return html_url if html_url.startswith(("https://", "http://")) else url
