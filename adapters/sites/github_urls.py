"""Which GitHub pages the GitHub resolver reads, decided from the URL alone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

from adapters.sites.urls import on_hosts

Kind = Literal[
    "issue", "pull", "pull_files", "discussion", "readme", "blob", "tree", "commit", "release", "releases", "gist"
]
_HOSTS = frozenset({"github.com", "www.github.com"})
# Notebook viewers that show a GitHub file at /github/{owner}/{repo}/blob/{ref}/{path}: Colab draws
# it with scripts (the page has no text of it), nbviewer renders it; both read the same file.
_VIEWER_HOSTS = frozenset({"colab.research.google.com", "nbviewer.org", "nbviewer.jupyter.org"})
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,100}$")
# First path segments that are GitHub's own pages, not an owner.
_RESERVED = frozenset(
    {
        "about", "account", "advisories", "apps", "codespaces", "collections", "contact", "copilot",
        "customer-stories", "dashboard", "enterprise", "events", "explore", "features", "login",
        "marketplace", "new", "notifications", "orgs", "organizations", "pricing", "pulls", "issues",
        "readme", "resources", "search", "security", "settings", "signup", "site", "solutions",
        "sponsors", "team", "topics", "trending", "users",
    }
)  # fmt: skip
_NUMBERED: dict[str, Kind] = {"issues": "issue", "pull": "pull", "discussions": "discussion"}
_SHA = re.compile(r"[0-9a-fA-F]{7,40}")
_GIST_ID = re.compile(r"[0-9a-fA-F]{20,40}")


@dataclass(frozen=True)
class GithubTarget:
    kind: Kind
    owner: str
    repo: str
    number: int = 0  # issues, pull requests, discussions
    ref: str = (
        ""  # blob, tree: the branch, tag or commit; commit: its hash; release: its tag ("" the latest); gist: its id
    )
    path: str = ""  # blob, tree: the path after the ref


def github_target(url: str) -> GithubTarget | None:
    """Pure: what ``url`` shows on GitHub (an issue, a pull request, a discussion, a README, a file,
    a folder, a commit, a release or the list of them), or which GitHub file a notebook viewer's
    address shows."""
    parsed = on_hosts(url, lambda host: host in _HOSTS or host in _VIEWER_HOSTS or host == "gist.github.com")
    if parsed is None:
        return None
    parts = [unquote(p) for p in parsed.path.split("/") if p]
    if parsed.host.lower() == "gist.github.com":
        # /{user}/{id} or /{id}; a revision (/{user}/{id}/{sha}) shows the same gist's files at that point.
        found = next((part for part in parts[:2] if _GIST_ID.fullmatch(part)), None)
        return GithubTarget("gist", parts[0] if parts[0] != found else "", "", ref=found.lower()) if found else None
    if parsed.host.lower() in _VIEWER_HOSTS:
        if len(parts) < 6 or parts[0] != "github" or parts[3] != "blob":
            return None
        parts = parts[1:]
    if len(parts) < 2 or parts[0].lower() in _RESERVED or not all(_NAME.match(p) for p in parts[:2]):
        return None
    owner, repo = parts[0], parts[1].removesuffix(".git")
    rest = parts[2:]
    if not rest:
        return GithubTarget("readme", owner, repo)
    if len(rest) >= 2 and rest[0] in _NUMBERED and rest[1].isdigit() and len(rest[1]) < 10:
        # /pull/12/files (and the newer /changes) shows the diff; /pull/12/commits is a view of the conversation.
        if rest[0] == "pull" and len(rest) >= 3 and rest[2] in ("files", "changes"):
            return GithubTarget("pull_files", owner, repo, number=int(rest[1]))
        return GithubTarget(_NUMBERED[rest[0]], owner, repo, number=int(rest[1]))
    if len(rest) >= 3 and rest[0] == "blob":
        return GithubTarget("blob", owner, repo, ref=rest[1], path="/".join(rest[2:]))
    if len(rest) >= 2 and rest[0] == "tree":
        return GithubTarget("tree", owner, repo, ref=rest[1], path="/".join(rest[2:]))
    if len(rest) == 2 and rest[0] == "commit" and _SHA.fullmatch(rest[1]):
        return GithubTarget("commit", owner, repo, ref=rest[1].lower())
    if rest[0] == "releases":
        if len(rest) == 1:
            return GithubTarget("releases", owner, repo)
        if rest[1:] == ["latest"]:
            return GithubTarget("release", owner, repo)
        if len(rest) >= 3 and rest[1] == "tag":
            return GithubTarget("release", owner, repo, ref="/".join(rest[2:]))
    return None
