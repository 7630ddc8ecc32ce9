"""GitHub commits, releases, folders and gists as Markdown, from the REST API's answers.

A commit's page draws its diff with scripts, and a folder's page or a release's is mostly the
site's own chrome around a little text; the API gives each as data: a commit's message, author,
totals and each file's patch; a release's notes (Markdown, as written) and its downloads; a
folder's entries, with its README below them, as the folder's page shows it. Patches are cut
per file and in all, and each cut says what is left out and where to see it.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, objs, size_text, text
from adapters.pages.fences import fenced
from adapters.sites.github_files import file_body
from domain.markdown_lines import headings_below

#: Lines of one file's patch shown (a generated file's diff of thousands of lines says little).
MAX_PATCH_LINES = 400
#: Characters of patches in all; later files are listed with their totals only.
MAX_PATCHES_CHARS = 200_000
#: Releases shown by the list of releases, newest first (their notes in full).
SHOWN_RELEASES = 10


def commit_markdown(commit: dict[str, Any], url: str) -> str:
    """A commit: its message's first line as the title, who and when, the totals, then each file's patch."""
    message = text(obj(commit, "commit").get("message")).strip()
    subject, _, body = message.partition("\n")
    sha = text(commit.get("sha"))
    head = [f"# {subject.strip() or '(no message)'}" + (f" ({sha[:7]})" if sha else ""), "", _commit_facts(commit)]
    if body.strip():
        head += ["", body.strip()]
    files = objs(commit.get("files"))
    parts = ["\n".join(head), *files_markdown(files)]
    total = number(obj(commit, "stats").get("total"))
    if len(files) >= 300 or (total is not None and len(files) == 0 and total > 0):
        parts.append(f"[The API lists at most 300 of a commit's files; all of them: {url}]")
    return "\n\n".join(parts) + "\n"


def files_markdown(files: list[dict[str, Any]]) -> list[str]:
    """Changed files (a commit's, a pull request's) under "## Files", each with its patch in a diff fence,
    400 lines a file and ``MAX_PATCHES_CHARS`` in all; past that a file is listed with its counts."""
    parts = ["## Files"] if files else []
    budget = MAX_PATCHES_CHARS
    for changed in files:
        heading, patch = _file_change(changed)
        if patch and budget > 0:
            shown = _cut_patch(patch)
            budget -= len(shown)
            parts.append(f"{heading}\n\n{fenced(shown, 'diff')}")
        elif patch:
            parts.append(f"{heading}\n\n(patch not shown: the patches above reached {MAX_PATCHES_CHARS:,} characters)")
        else:
            parts.append(f"{heading}\n\n(no patch: a binary file, a rename alone, or a diff too large for the API)")
    return parts


def pull_files_markdown(pull: dict[str, Any], files: list[dict[str, Any]], conversation: str) -> str:
    """A pull request's changes: its title, state, branches and totals, then each file's patch."""
    number_ = number(pull.get("number"))
    title = " ".join(text(pull.get("title")).split()) or "(untitled)"
    state = "merged" if pull.get("merged_at") else text(pull.get("state")) or "unknown state"
    facts = [
        f"Pull request · {state}",
        byline(text(obj(pull, "user").get("login")), day_from_iso(pull.get("created_at")), verb="opened by"),
    ]
    head, base = text(obj(pull, "head").get("label")), text(obj(pull, "base").get("label"))
    if head and base:
        facts.append(f"{head} → {base}")
    changed, added, deleted = (number(pull.get(key)) for key in ("changed_files", "additions", "deletions"))
    if changed is not None and added is not None and deleted is not None:
        facts.append(f"{changed} file{'s' if changed != 1 else ''} changed, +{added} −{deleted}")
    head_lines = [f"# {title}" + (f" (#{number_})" if number_ is not None else ""), "", " · ".join(facts)]
    head_lines += ["", f"The conversation: {conversation}"]
    return "\n\n".join(["\n".join(head_lines), *files_markdown(files)]) + "\n"


def _commit_facts(commit: dict[str, Any]) -> str:
    author = obj(commit, "commit", "author")
    login = text(obj(commit, "author").get("login"))
    name = text(author.get("name"))
    who = f"{name} ({login})" if name and login and name != login else name or login
    facts = [f"Commit {text(commit.get('sha'))[:12]}", byline(who, day_from_iso(author.get("date")))]
    parents = objs(commit.get("parents"))
    if len(parents) > 1:
        facts.append(f"a merge of {len(parents)} parents")
    stats = obj(commit, "stats")
    added, deleted = number(stats.get("additions")), number(stats.get("deletions"))
    files = len(objs(commit.get("files")))
    if added is not None and deleted is not None:
        facts.append(f"{files} file{'s' if files != 1 else ''} changed, +{added} −{deleted}")
    return " · ".join(facts)


def _file_change(changed: dict[str, Any]) -> tuple[str, str]:
    name = text(changed.get("filename")) or "(unnamed file)"
    status = text(changed.get("status")) or "changed"
    before = text(changed.get("previous_filename"))
    if status == "renamed" and before:
        status = f"renamed from `{before}`"
    added, deleted = number(changed.get("additions")), number(changed.get("deletions"))
    counts = f", +{added} −{deleted}" if added is not None and deleted is not None else ""
    return f"### `{name}` ({status}{counts})", text(changed.get("patch"))


def _cut_patch(patch: str) -> str:
    lines = patch.splitlines()
    if len(lines) <= MAX_PATCH_LINES:
        return patch
    return "\n".join(lines[:MAX_PATCH_LINES]) + f"\n... ({len(lines) - MAX_PATCH_LINES:,} more lines of this patch)"


def release_markdown(release: dict[str, Any], *, level: int = 1) -> str:
    """A release: its name and tag, who published it and when, its notes, its downloads."""
    tag = text(release.get("tag_name"))
    name = " ".join(text(release.get("name")).split())
    title = f"{name} ({tag})" if name and tag and tag not in name else name or tag or "(untitled release)"
    kinds = [kind for key, kind in (("draft", "draft"), ("prerelease", "pre-release")) if release.get(key) is True]
    when = release.get("published_at") or release.get("created_at")
    facts = ["Release", byline(text(obj(release, "author").get("login")), day_from_iso(when), verb="published by")]
    notes = headings_below(text(release.get("body")).strip(), level) or "(no notes)"
    lines = ["#" * level + f" {title}", "", " · ".join(facts + kinds), "", notes]
    assets = [_asset(asset) for asset in objs(release.get("assets"))]
    if any(assets):
        lines += ["", "#" * (level + 1) + " Downloads", "", *(f"- {asset}" for asset in assets if asset)]
    return "\n".join(lines).strip() + "\n"


def _asset(asset: dict[str, Any]) -> str:
    name = text(asset.get("name"))
    if not name:
        return ""
    address = text(asset.get("browser_download_url"))
    size, downloads = number(asset.get("size")), number(asset.get("download_count"))
    facts = [size_text(size), f"{downloads:,} downloads" if downloads is not None else ""]
    said = ", ".join(fact for fact in facts if fact)
    linked = f"[{name}]({address})" if address.startswith("https://") else name
    return f"{linked} ({said})" if said else linked


def releases_markdown(repo: str, releases: list[dict[str, Any]], url: str) -> str:
    """The newest releases, each with its notes; where the rest are."""
    if not releases:
        return f"# Releases of {repo}\n\nNo releases are published.\n"
    shown = releases[:SHOWN_RELEASES]
    parts = [f"# Releases of {repo}", *(release_markdown(release, level=2).strip() for release in shown)]
    if len(releases) > len(shown) or len(releases) == SHOWN_RELEASES:
        parts.append(f"[The {len(shown)} newest releases; older ones: {url}]")
    return "\n\n".join(parts) + "\n"


def folder_markdown(title: str, entries: list[dict[str, Any]], readme: str) -> str:
    """A folder's entries, folders first, as GitHub lists them; its README below when it has one."""
    order = {"dir": 0, "submodule": 1, "symlink": 2, "file": 3}
    listed = sorted(entries, key=lambda entry: (order.get(text(entry.get("type")), 4), text(entry.get("name")).lower()))
    lines = [f"# {title}", ""]
    for entry in listed:
        name, kind, size = text(entry.get("name")), text(entry.get("type")), number(entry.get("size"))
        if not name:
            continue
        if kind == "dir":
            lines.append(f"- `{name}/`")
        elif kind in ("submodule", "symlink"):
            lines.append(f"- `{name}` ({'a submodule' if kind == 'submodule' else 'a link'})")
        else:
            lines.append(f"- `{name}`" + (f" ({sized})" if (sized := size_text(size)) else ""))
    if len(lines) == 2:
        lines.append("(an empty folder)")
    if len(entries) >= 1_000:
        lines += ["", "[The API lists at most 1,000 entries of a folder; this one may hold more.]"]
    if readme.strip():
        lines += ["", readme.strip()]
    return "\n".join(lines) + "\n"


def gist_markdown(gist: dict[str, Any]) -> str:
    """A gist: its description, owner and dates, then each file (a notebook as its cells)."""
    files = [file for file in obj(gist, "files").values() if isinstance(file, dict)]
    description = " ".join(text(gist.get("description")).split())
    first = text(files[0].get("filename")) if files else ""
    owner = text(obj(gist, "owner").get("login"))
    facts = ["Gist", byline(owner, day_from_iso(gist.get("created_at")))]
    updated = day_from_iso(gist.get("updated_at"))
    if updated and updated != day_from_iso(gist.get("created_at")):
        facts.append(f"updated {updated}")
    comments = number(gist.get("comments"))
    if comments:
        facts.append(f"{comments} comment{'s' if comments != 1 else ''} on its page")
    parts = [f"# {description or first or '(untitled gist)'}", " · ".join(facts)]
    for file in files:
        name = text(file.get("filename")) or "(unnamed file)"
        body = file_body(name, text(file.get("content")))
        if name.lower().endswith((".md", ".markdown", ".ipynb")):  # a page of its own, under our heading
            body = headings_below(body, 2)
        if file.get("truncated") is True:
            raw = text(file.get("raw_url"))
            where = f"; all of it: {raw}" if raw.startswith("https://") else ""
            body += f"\n\n[The API cut this file at 1 MB{where}]"
        parts.append(f"## {name}\n\n{body}")
    return "\n\n".join(parts) + "\n"
