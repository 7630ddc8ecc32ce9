"""Container images on Docker Hub through its API: what the image is, its README and its tags.

Docker Hub's pages are a JavaScript application: an image's page as fetched holds its title and
a one-line description, and nothing of the README (how to run the image, its variants, its
environment variables) or of its tags. Docker Hub's API v2 answers
``/v2/repositories/{namespace}/{name}/`` with the repository (description, the README as
Markdown in ``full_description``, pulls, stars, last update, categories), ``.../tags`` with its
tags newest first, and ``.../tags/{tag}`` with one tag's images per platform. Official images
(``/_/{name}``) live in the ``library`` namespace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

import anyio

from adapters.json_fields import day_from_iso, number, obj, objs, one_line, size_text, strings, text
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.deadlines import before_deadline
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.markdown_lines import headings_below
from domain.pages import ResolvedPage

DEFAULT_SITE_URL = "https://hub.docker.com"
#: Tags listed under the image, newest first; the rest are on its page's tags tab.
SHOWN_TAGS = 25
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,254}")
_TAG = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_HOSTS = ("hub.docker.com", "registry.hub.docker.com")


@dataclass(frozen=True)
class Image:
    namespace: str  # "library" for an official image
    name: str
    tag: str | None = None  # a tag's page (``/layers/...``) or a ``?tag=`` link

    @property
    def official(self) -> bool:
        return self.namespace == "library"

    @property
    def shown(self) -> str:
        return self.name if self.official else f"{self.namespace}/{self.name}"


def image_of(url: str) -> Image | None:
    """Pure: the image a Docker Hub URL shows; None for anything else (search, a user's page, sign-in)."""
    parsed = on_hosts(url, lambda host: host in _HOSTS)
    if parsed is None:
        return None
    parts = [unquote(part) for part in parsed.path.split("/") if part]
    tag = None
    if len(parts) >= 2 and parts[0] == "_":
        namespace, name = "library", parts[1]
    elif len(parts) >= 3 and parts[0] == "r":
        namespace, name = parts[1], parts[2]
    elif len(parts) >= 4 and parts[:2] == ["repository", "docker"]:
        namespace, name = parts[2], parts[3]
    elif len(parts) >= 6 and parts[0] == "layers" and parts[5] == "images" and parts[1] == parts[3]:
        # the older form, /layers/{name}/{namespace}/{name}/{tag}/images/sha256-...
        namespace, name, tag = parts[2], parts[3], parts[4]
    elif len(parts) >= 4 and parts[0] == "layers":
        # /layers/{namespace}/{name}/{tag}/images/sha256-...; an official image's namespace is "library"
        namespace, name, tag = parts[1], parts[2], parts[3]
    else:
        return None
    namespace = "library" if namespace == "_" else namespace
    if not (_NAME.fullmatch(namespace) and _NAME.fullmatch(name)):
        return None
    asked = parsed.params.get("tag") if tag is None else tag
    return Image(namespace, name, asked if asked and _TAG.fullmatch(asked) else None)


class DockerHubResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the Docker Hub API"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return image_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        image = image_of(url)
        if image is None:
            raise SiteUnavailable("not a Docker Hub image's address")
        base = f"{self._site_url}/v2/repositories/{image.namespace}/{image.name}"
        repository = obj(await call_json(self._caller, f"{base}/"))
        if not text(repository.get("name")):
            raise SiteUnavailable("its answer had no repository")
        asked, listed, missing = await self._tags(base, image.tag)
        tags = objs(listed.get("results") if isinstance(listed, dict) else None)
        markdown = image_markdown(image, repository, asked, tags, number(obj(listed).get("count")))
        link = f"{self._site_url}/_/{image.name}" if image.official else f"{self._site_url}/r/{image.shown}"
        return ResolvedPage(link, markdown, self.site, note=" ".join(missing) or None)

    async def _tags(self, base: str, tag: str | None) -> tuple[dict[str, Any], Any, list[str]]:
        """The tag asked for and the newest tags, asked at once and within the read's deadline less a
        reserve: the image already read is kept when they are slow or fail, and the note says so."""
        answers: dict[str, Any] = {}
        missing: list[str] = []

        async def ask(name: str, address: str, failure: str) -> None:
            try:
                answers[name] = await call_json(self._caller, address)
            except SiteUnavailable as failed:
                missing.append(f"{failure} could not be read ({failed.reason}).")

        with before_deadline() as scope:
            async with anyio.create_task_group() as group:
                if tag is not None:
                    group.start_soon(ask, "tag", f"{base}/tags/{tag}", f"The tag {tag}")
                group.start_soon(ask, "tags", with_query(f"{base}/tags", _NEWEST_TAGS), "The tags")
        if scope.cancelled_caught:
            missing.append("The tags were not read in time.")
        return (
            obj(answers.get("tag")),
            answers.get("tags", {}),
            sorted(missing, key=lambda said: not said.startswith("The tag ")),
        )


_NEWEST_TAGS = {"page_size": str(SHOWN_TAGS), "ordering": "last_updated"}


def image_markdown(
    image: Image, repository: dict[str, Any], asked: dict[str, Any], tags: list[dict[str, Any]], count: int | None
) -> str:
    """The image as Markdown: its name and description, a line of facts, the asked tag, its README, its tags."""
    title = f"{image.shown} (Docker Official Image)" if image.official else image.shown
    lines = [f"# {title}", ""]
    if description := one_line(repository.get("description")):
        lines += [description, ""]
    lines += [_facts(repository), "", f"Pull: `docker pull {image.shown}`", ""]
    if asked and _TAG.fullmatch(text(asked.get("name"))):
        lines += [f"## Tag {text(asked.get('name'))}", "", *_tag_detail(asked), ""]
    if readme := text(repository.get("full_description")).strip():
        lines += ["## Overview", "", headings_below(readme, 2), ""]
    listed = [tag for tag in tags if _TAG.fullmatch(text(tag.get("name")))]
    if listed:
        more = f" ({count:,} in all; the rest are on the image's tags page)" if count and count > len(listed) else ""
        lines += [f"## Tags, newest first{more}", ""]
        lines += [_tag_line(tag) for tag in listed]
    return "\n".join(lines).strip() + "\n"


def _facts(repository: dict[str, Any]) -> str:
    facts = []
    if (pulls := number(repository.get("pull_count"))) is not None:
        facts.append(f"{pulls:,} pulls")
    if (stars := number(repository.get("star_count"))) is not None:
        facts.append(f"{stars:,} stars")
    if day := day_from_iso(repository.get("last_updated")):
        facts.append(f"updated {day}")
    categories = [one_line(category.get("name")) for category in objs(repository.get("categories"))]
    if named := [name for name in categories if name]:
        facts.append(", ".join(named))
    if types := [one_line(kind) for kind in strings(repository.get("content_types")) if one_line(kind)]:
        facts.append(f"content: {', '.join(types)}")
    return " · ".join(facts)


def _platform(image: dict[str, Any]) -> str:
    """ "linux/arm64/v8": the image's system, architecture and variant, as ``docker --platform`` names them."""
    parts = [one_line(image.get(key)) for key in ("os", "architecture", "variant")]
    # Build attestations are listed as images of an "unknown/unknown" platform: not a platform to run on.
    return "" if parts[:2] == ["unknown", "unknown"] else "/".join(part for part in parts if part)


def _platforms(tag: dict[str, Any]) -> list[str]:
    shown = []
    for image in objs(tag.get("images")):
        if (platform := _platform(image)) and platform not in shown:
            shown.append(platform)
    return shown


def _tag_line(tag: dict[str, Any]) -> str:
    details = [day_from_iso(tag.get("last_updated"))]
    details.append(size_text(tag.get("full_size")) if number(tag.get("full_size")) else "")
    details.append(", ".join(_platforms(tag)))
    said = "; ".join(detail for detail in details if detail)
    return f"- {text(tag.get('name'))}" + (f" ({said})" if said else "")


def _tag_detail(tag: dict[str, Any]) -> list[str]:
    lines = []
    if day := day_from_iso(tag.get("last_updated")):
        lines.append(f"Updated {day}.")
    for image in objs(tag.get("images")):
        if not (platform := _platform(image)):
            continue
        size = size_text(image.get("size")) if number(image.get("size")) else ""
        digest = text(image.get("digest")) if _DIGEST.fullmatch(text(image.get("digest"))) else ""
        said = ", ".join(part for part in (size, digest and f"digest `{digest}`") if part)
        lines.append(f"- {platform}" + (f": {said}" if said else ""))
    return lines
