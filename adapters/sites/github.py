"""GitHub through its REST API (issues, pull requests, READMEs), GraphQL (discussions) and raw files (blobs).

``GITHUB_TOKEN`` is optional: it raises the REST rate limit and is needed for GraphQL. It is sent
to the API's origin only (never to the raw-file host, nor anywhere a redirect leads).
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

import anyio
from pydantic import SecretStr

from adapters.sites.api_calls import GuardedCaller, call_json, status_reason
from adapters.sites.fields import number, obj, objs, text
from adapters.sites.github_discussions import QUERY, discussion_markdown, discussion_of, discussion_variables
from adapters.sites.github_threads import PAGE_SIZE, thread_markdown
from adapters.sites.github_urls import GithubTarget, github_target
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_API_URL = "https://api.github.com"
DEFAULT_RAW_URL = "https://raw.githubusercontent.com"
_PROSE = (".md", ".markdown", ".txt", ".rst", ".adoc", "")
_FENCE = re.compile(r"`{3,}")
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
            raise SiteUnavailable("not an issue, pull request, discussion, repository or file URL")
        if target.kind == "blob":
            return ResolvedPage(url, await self._blob(target), "GitHub's raw file host")
        if target.kind == "readme":
            return ResolvedPage(url, await self._readme(target), self.site)
        if target.kind == "discussion":
            return ResolvedPage(url, await self._discussion(target), "the GitHub GraphQL API")
        return ResolvedPage(url, await self._thread(target), self.site)

    async def _thread(self, target: GithubTarget) -> str:
        repo = f"/repos/{target.owner}/{target.repo}"
        issue = obj(await self._get(f"{repo}/issues/{target.number}"))
        comments = objs(await self._get(f"{repo}/issues/{target.number}/comments?per_page={PAGE_SIZE}"))
        total = number(issue.get("comments"))
        if "pull_request" not in issue:
            return await anyio.to_thread.run_sync(
                lambda: thread_markdown("issue", issue, comments, comment_total=total)
            )
        pull = obj(await self._get(f"{repo}/pulls/{target.number}"))
        reviews = objs(await self._get(f"{repo}/pulls/{target.number}/reviews?per_page={PAGE_SIZE}"))
        on_code = objs(await self._get(f"{repo}/pulls/{target.number}/comments?per_page={PAGE_SIZE}"))
        # A review without words is the envelope of its line comments; those are shown themselves.
        said = [r for r in reviews if text(r.get("body")).strip() or text(r.get("state")) in _SHOWN_REVIEWS]
        entries = [*comments, *said, *on_code]
        return await anyio.to_thread.run_sync(
            lambda: thread_markdown("pull", {**issue, **pull}, entries, comment_total=total)
        )

    async def _discussion(self, target: GithubTarget) -> str:
        if self._token is None:
            raise SiteUnavailable("discussions are only in GitHub's GraphQL API, which needs GITHUB_TOKEN")
        payload = {"query": QUERY, "variables": discussion_variables(target.owner, target.repo, target.number)}
        data = await call_json(
            self._caller,
            f"{self._api_url}/graphql",
            headers=self._headers(),
            method="POST",
            payload=payload,
            secret=self._token,
        )
        return await anyio.to_thread.run_sync(discussion_markdown, discussion_of(data))

    async def _readme(self, target: GithubTarget) -> str:
        readme = obj(await self._get(f"/repos/{target.owner}/{target.repo}/readme"))
        try:
            content = base64.b64decode(text(readme.get("content")), validate=False)
        except (binascii.Error, ValueError):
            raise SiteUnavailable("the README's content was not valid base64") from None
        name = text(readme.get("name")) or "README"
        return _file_markdown(f"{target.owner}/{target.repo}: {name}", name, content)

    async def _blob(self, target: GithubTarget) -> str:
        url = f"{self._raw_url}/{target.owner}/{target.repo}/{target.ref}/{target.path}"
        try:
            answer = await self._caller.call(url)
        except PageUnavailable as failed:
            raise SiteUnavailable(failed.reason) from None
        if not 200 <= answer.status < 300:
            raise SiteUnavailable(status_reason(answer.status, None))
        title = f"{target.owner}/{target.repo} @ {target.ref}: {target.path}"
        return _file_markdown(title, target.path, answer.body, cut=answer.truncated)

    async def _get(self, path: str) -> Any:
        return await call_json(self._caller, self._api_url + path, headers=self._headers(), secret=self._token)

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
        if self._token is not None:
            headers["Authorization"] = f"Bearer {self._token.get_secret_value()}"
        return headers


def _file_markdown(title: str, name: str, content: bytes, *, cut: bool = False) -> str:
    """A file's text: prose as it is, code in a fence long enough that the code cannot close it."""
    if b"\x00" in content[:8192]:
        raise SiteUnavailable("the file is binary, not text")
    body = content.decode("utf-8", errors="replace").strip()
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    if suffix not in _PROSE:
        fence = "`" * max(3, 1 + max((len(run) for run in _FENCE.findall(body)), default=0))
        body = f"{fence}{suffix.lstrip('.')}\n{body}\n{fence}"
    tail = "\n\n[The file was larger than the download cap; its end is missing.]" if cut else ""
    return f"# {title}\n\n{body}{tail}\n"
