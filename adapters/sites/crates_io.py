"""Rust crates on crates.io through its API: what the crate is, its latest versions and its README.

crates.io is a JavaScript application: a crate's page as fetched has none of its text, so it was
read as a script shell (refused, or rendered in a browser at the cost of seconds). Its API answers
``/api/v1/crates/{name}`` with the crate (description, latest version, licence, downloads, links,
keywords, categories) and its versions, and ``/api/v1/crates/{name}/{version}/readme`` with the
README as the page shows it (HTML, read as a post is). A link to one version reads that version.
"""

from __future__ import annotations

import re
from typing import Any

import anyio

from adapters.json_fields import day_from_iso, number, obj, objs, text
from adapters.pages.html_fragments import fragment_markdown
from adapters.sites.api_calls import API_HEADERS, GuardedCaller, call_json
from adapters.sites.urls import on_hosts
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_SITE_URL = "https://crates.io"
#: Versions listed under the crate, newest first; the rest are on its page's versions tab.
SHOWN_VERSIONS = 10
#: README HTML read at most (a post's bound, ``fragments.MAX_POST_HTML``, is per post; a README is one).
MAX_README_HTML = 500_000
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_VERSION = re.compile(r"\d+\.\d+\.\d+[0-9A-Za-z.+-]{0,40}")


def crate_of(url: str) -> tuple[str, str | None] | None:
    """Pure: (crate, version or None) for a crates.io crate URL; None for anything else."""
    parsed = on_hosts(url, lambda host: host in ("crates.io", "www.crates.io"))
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if len(parts) < 2 or parts[0] != "crates" or not _NAME.fullmatch(parts[1]):
        return None
    version = parts[2] if len(parts) > 2 and _VERSION.fullmatch(parts[2]) else None
    return parts[1], version


class CratesIoResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "the crates.io API"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return crate_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        target = crate_of(url)
        if target is None:
            raise SiteUnavailable("not a crate URL")
        name, asked = target
        data = await call_json(self._caller, f"{self._site_url}/api/v1/crates/{name}")
        crate = obj(data, "crate")
        if not text(crate.get("name")):
            raise SiteUnavailable("its answer had no crate")
        versions = objs(data.get("versions") if isinstance(data, dict) else None)
        version = asked or text(crate.get("max_stable_version")) or text(crate.get("newest_version"))
        readme, missing = await self._readme(name, version)
        markdown = crate_markdown(crate, versions, version, readme, missing)
        link = f"{self._site_url}/crates/{name}" + (f"/{asked}" if asked else "")
        return ResolvedPage(link, markdown, self.site, note=missing or None)

    async def _readme(self, name: str, version: str) -> tuple[str, str]:
        """The README's Markdown, or "" and why it is missing."""
        if not version:
            return "", ""
        try:
            answer = await self._caller.call(f"{self._site_url}/api/v1/crates/{name}/{version}/readme", headers=_README)
        except PageUnavailable as failed:
            return "", f"The README could not be read ({failed.reason})."
        if answer.status == 404:
            return "", ""  # a crate published without one
        if not 200 <= answer.status < 300:
            return "", f"The README could not be read (HTTP {answer.status})."
        html = answer.body[:MAX_README_HTML].decode("utf-8", errors="replace")
        return await anyio.to_thread.run_sync(fragment_markdown, html), ""


def crate_markdown(
    crate: dict[str, Any], versions: list[dict[str, Any]], version: str, readme: str, missing: str
) -> str:
    """The crate as Markdown: its name and description, a line of facts, its links, its README, its versions."""
    name = text(crate.get("name"))
    shown = next((v for v in versions if text(v.get("num")) == version), {})
    facts = [f"version {version}" if version else ""]
    facts.append(text(shown.get("license")))
    downloads, recent = number(crate.get("downloads")), number(crate.get("recent_downloads"))
    if downloads is not None:
        facts.append(f"{downloads:,} downloads" + (f" ({recent:,} in the last 90 days)" if recent is not None else ""))
    facts.append(f"updated {day}" if (day := day_from_iso(crate.get("updated_at"))) else "")
    if rust := text(shown.get("rust_version")):
        facts.append(f"Rust {rust} or newer")
    lines = [f"# {name}", ""]
    if description := " ".join(text(crate.get("description")).split()):
        lines += [description, ""]
    lines += [" · ".join(fact for fact in facts if fact), ""]
    links = [(label, text(crate.get(key))) for label, key in _LINKS]
    lines += [f"- {label}: {value}" for label, value in links if value.startswith(("https://", "http://"))]
    listed_keywords = crate.get("keywords")
    keywords = [k for k in listed_keywords if isinstance(k, str)] if isinstance(listed_keywords, list) else []
    if keywords:
        lines.append(f"- Keywords: {', '.join(keywords)}")
    lines.append("")
    if readme.strip():
        lines += ["## README", "", readme.strip(), ""]
    elif missing:
        lines += [missing, ""]
    listed = [v for v in versions if text(v.get("num"))][:SHOWN_VERSIONS]
    if listed:
        lines += ["## Versions", ""]
        lines += [_version_line(v) for v in listed]
    return "\n".join(lines).strip() + "\n"


_LINKS = (("Documentation", "documentation"), ("Repository", "repository"), ("Homepage", "homepage"))
# The README is the page's HTML (served from crates.io's static host, where the API redirects).
_README = {"User-Agent": API_HEADERS["User-Agent"], "Accept": "text/html"}


def _version_line(version: dict[str, Any]) -> str:
    parts = [day_from_iso(version.get("created_at")), text(version.get("license"))]
    if version.get("yanked") is True:
        parts.append("yanked")
    details = ", ".join(part for part in parts if part)
    return f"- {text(version.get('num'))}" + (f" ({details})" if details else "")
