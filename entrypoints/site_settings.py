"""The variables of the site resolvers (docs/sites.md): a part of ``Settings``, kept in its own module.

``Settings`` inherits these fields, so they are read, checked and reported like the others (one
line per wrong variable, never its value). The API key and the token are secrets: the redactor
masks them and nothing logs them. The base URLs exist so that tests and mirrors can point the
resolvers elsewhere; the Wikipedia one holds ``{lang}`` where the article's language goes.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings

SITE_NAMES = (
    "stackexchange",
    "github",
    "gitlab",
    "wikipedia",
    "arxiv",
    "hackernews",
    "reddit",
    "discourse",
    "mastodon",
    "googledocs",
    "crates",
    "apple",
    "docc",
    "bluesky",
    "sharedfiles",
    "openreview",
    "youtube",
    "jira",
    "apidocs",
    "x",
    "bugzilla",
    "mediawiki",
    "doi",
    "gerrit",
    "wayback",
    "europepmc",
    "dockerhub",
    "semanticscholar",
    "confluence",
    "vimeo",
    "lobsters",
)
_ALL, _NONE = ("all", "on", "true"), ("none", "off", "false")
SITE_URL_FIELDS = (
    "stackexchange_api_url",
    "github_api_url",
    "github_raw_url",
    "wikipedia_api_url",
    "arxiv_api_url",
    "arxiv_site_url",
    "hackernews_api_url",
    "reddit_url",
    "google_docs_url",
    "crates_io_url",
    "apple_docs_url",
    "bluesky_api_url",
    "youtube_url",
    "x_embed_url",
    "crossref_url",
    "datacite_url",
    "wayback_url",
    "europepmc_url",
    "dockerhub_url",
    "semanticscholar_url",
    "vimeo_url",
)


class SiteSettings(BaseSettings):
    # "all" (the default), "off", or a comma-separated choice among SITE_NAMES.
    site_resolvers: str = Field("all", validation_alias="SEARCHRELAY_SITE_RESOLVERS")
    stackexchange_key: SecretStr | None = Field(None, validation_alias="SEARCHRELAY_STACKEXCHANGE_KEY")
    github_token: SecretStr | None = Field(None, validation_alias="GITHUB_TOKEN")
    semanticscholar_key: SecretStr | None = Field(None, validation_alias="SEARCHRELAY_SEMANTICSCHOLAR_KEY")

    stackexchange_api_url: str = Field(
        "https://api.stackexchange.com/2.3", validation_alias="SEARCHRELAY_STACKEXCHANGE_API_URL"
    )
    github_api_url: str = Field("https://api.github.com", validation_alias="SEARCHRELAY_GITHUB_API_URL")
    github_raw_url: str = Field("https://raw.githubusercontent.com", validation_alias="SEARCHRELAY_GITHUB_RAW_URL")
    wikipedia_api_url: str = Field(
        "https://{lang}.wikipedia.org/w/api.php", validation_alias="SEARCHRELAY_WIKIPEDIA_API_URL"
    )
    arxiv_api_url: str = Field("https://export.arxiv.org/api/query", validation_alias="SEARCHRELAY_ARXIV_API_URL")
    arxiv_site_url: str = Field("https://arxiv.org", validation_alias="SEARCHRELAY_ARXIV_URL")
    hackernews_api_url: str = Field("https://hn.algolia.com/api/v1", validation_alias="SEARCHRELAY_HACKERNEWS_API_URL")
    reddit_url: str = Field("https://www.reddit.com", validation_alias="SEARCHRELAY_REDDIT_URL")
    google_docs_url: str = Field("https://docs.google.com", validation_alias="SEARCHRELAY_GOOGLE_DOCS_URL")
    crates_io_url: str = Field("https://crates.io", validation_alias="SEARCHRELAY_CRATES_IO_URL")
    apple_docs_url: str = Field("https://developer.apple.com", validation_alias="SEARCHRELAY_APPLE_DOCS_URL")
    bluesky_api_url: str = Field("https://public.api.bsky.app", validation_alias="SEARCHRELAY_BLUESKY_API_URL")
    youtube_url: str = Field("https://www.youtube.com", validation_alias="SEARCHRELAY_YOUTUBE_URL")
    x_embed_url: str = Field("https://cdn.syndication.twimg.com", validation_alias="SEARCHRELAY_X_EMBED_URL")
    crossref_url: str = Field("https://api.crossref.org", validation_alias="SEARCHRELAY_CROSSREF_URL")
    datacite_url: str = Field("https://api.datacite.org", validation_alias="SEARCHRELAY_DATACITE_URL")
    wayback_url: str = Field("https://web.archive.org", validation_alias="SEARCHRELAY_WAYBACK_URL")
    dockerhub_url: str = Field("https://hub.docker.com", validation_alias="SEARCHRELAY_DOCKERHUB_URL")
    vimeo_url: str = Field("https://vimeo.com", validation_alias="SEARCHRELAY_VIMEO_URL")
    semanticscholar_url: str = Field(
        "https://api.semanticscholar.org", validation_alias="SEARCHRELAY_SEMANTICSCHOLAR_URL"
    )
    # A page its site withheld (a bot check, a sign-in page, an error status) is read from the
    # Wayback Machine's latest copy; off, the refusal is said as it is and the archive never hears of it.
    archived_copies: bool = Field(True, validation_alias="SEARCHRELAY_ARCHIVED_COPIES")
    europepmc_url: str = Field(
        "https://www.ebi.ac.uk/europepmc/webservices/rest", validation_alias="SEARCHRELAY_EUROPEPMC_URL"
    )

    @field_validator("stackexchange_key", "github_token", "semanticscholar_key", mode="before")
    @classmethod
    def _blank_secret_is_unset(cls, value: Any) -> Any:
        if isinstance(value, str):
            return value.strip() or None
        return value

    @field_validator("site_resolvers", *SITE_URL_FIELDS, mode="before")
    @classmethod
    def _blank_is_default(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, str) and not value.strip():
            return cls.model_fields[str(info.field_name)].default
        return value.strip() if isinstance(value, str) else value

    @field_validator(*SITE_URL_FIELDS)
    @classmethod
    def _site_url(cls, value: str) -> str:
        parts = urlsplit(value.replace("{lang}", "en"))
        _ = parts.port  # raises ValueError for a port that is not a number in range
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("not an http(s) URL")
        return value.rstrip("/")

    @field_validator("site_resolvers")
    @classmethod
    def _known_sites(cls, value: str) -> str:
        names = [n.strip().lower() for n in value.split(",") if n.strip()]
        if len(names) == 1 and names[0] in (*_ALL, *_NONE):
            return names[0]
        if not names or any(n not in SITE_NAMES for n in names):
            raise ValueError("unknown site")
        return ",".join(names)

    def enabled_sites(self) -> tuple[str, ...]:
        """The resolvers to build, in the order they are asked."""
        if self.site_resolvers in _ALL:
            return SITE_NAMES
        if self.site_resolvers in _NONE:
            return ()
        return tuple(n for n in SITE_NAMES if n in self.site_resolvers.split(","))

    @classmethod
    def site_expected_form(cls, field_name: str) -> str | None:
        if field_name == "site_resolvers":
            return f"all, off, or a comma-separated choice among {', '.join(SITE_NAMES)}"
        if field_name in SITE_URL_FIELDS:
            return f"an http:// or https:// URL, e.g. {cls.model_fields[field_name].default}"
        return None
