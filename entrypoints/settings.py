"""Every environment variable searchrelay reads, in one place. Secrets stay ``SecretStr``.

Which ``.env`` files are read, and in which order, is ``entrypoints.configuration``'s business:
this class reads none unless it is given some (``Settings(_env_file=...)``), so a test that builds
``Settings.model_validate({...})`` reads nothing but what it passes. An empty or whitespace-only
value counts as unset.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import unquote, urlsplit

from annotated_types import Ge, Gt, Le
from pydantic import Field, SecretStr, ValidationInfo, field_validator, model_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from domain.budget import DEFAULT_MAX_CHARS, MAX_MAX_CHARS, MIN_MAX_CHARS
from entrypoints.http_settings import HTTP_OPTIONAL_FIELDS, HTTP_URL_FIELDS, HttpSettings, split_list
from entrypoints.site_settings import SiteSettings

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
URL_FIELDS = (
    "searxng_url",
    "serper_base_url",
    "tavily_base_url",
    "brave_base_url",
    "duckduckgo_base_url",
    "perplexity_base_url",
)
#: The provider keys; each may hold several comma-separated keys (a key pool).
KEY_FIELDS = ("serper_api_key", "tavily_api_key", "brave_api_key", "perplexity_api_key", "openrouter_api_key")
REDIS_SCHEMES = ("redis", "rediss", "unix")
_URL_EXAMPLES = {"searxng_url": "https://searx.example.org", "perplexity_base_url": "https://api.perplexity.ai"}


class Settings(HttpSettings, SiteSettings):
    model_config = SettingsConfigDict(
        env_file=None,
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
        populate_by_name=False,
    )

    serper_api_key: SecretStr | None = Field(None, validation_alias="SERPER_API_KEY")
    tavily_api_key: SecretStr | None = Field(None, validation_alias="TAVILY_API_KEY")
    brave_api_key: SecretStr | None = Field(None, validation_alias="BRAVE_API_KEY")
    perplexity_api_key: SecretStr | None = Field(None, validation_alias="PERPLEXITY_API_KEY")
    openrouter_api_key: SecretStr | None = Field(None, validation_alias="OPENROUTER_API_KEY")
    # May carry basic-auth credentials (https://user:pass@host): secret_values() masks them.
    searxng_url: str | None = Field(None, validation_alias="SEARXNG_URL")

    serper_base_url: str = Field("https://google.serper.dev", validation_alias="SERPER_BASE_URL")
    tavily_base_url: str = Field("https://api.tavily.com", validation_alias="TAVILY_BASE_URL")
    brave_base_url: str = Field("https://api.search.brave.com", validation_alias="BRAVE_BASE_URL")
    duckduckgo_base_url: str = Field("https://lite.duckduckgo.com", validation_alias="DUCKDUCKGO_BASE_URL")
    perplexity_base_url: str | None = Field(None, validation_alias="PERPLEXITY_BASE_URL")
    perplexity_model: str | None = Field(None, validation_alias="PERPLEXITY_MODEL")
    # The project's own name for it; when both are set, this one wins.
    searchrelay_perplexity_model: str | None = Field(None, validation_alias="SEARCHRELAY_PERPLEXITY_MODEL")

    # The chain, e.g. "tavily,brave,duckduckgo"; unset = every configured provider in the default order.
    providers: str | None = Field(None, validation_alias="SEARCHRELAY_PROVIDERS")

    # How many providers each search asks at once (1: one at a time, failing over; 2..6: fan-out).
    fanout: int = Field(1, ge=1, le=6, validation_alias="SEARCHRELAY_FANOUT")
    timeout_seconds: float = Field(10.0, gt=0, le=120, validation_alias="SEARCHRELAY_TIMEOUT_SECONDS")
    deadline_seconds: float = Field(20.0, gt=0, le=600, validation_alias="SEARCHRELAY_DEADLINE_SECONDS")
    log_level: LogLevel = Field("WARNING", validation_alias="SEARCHRELAY_LOG_LEVEL")

    # Resilience: hedging, circuit breakers, cache.
    hedge_after_seconds: float = Field(2.5, ge=0, le=60, validation_alias="SEARCHRELAY_HEDGE_AFTER_SECONDS")
    hedge_min_seconds: float = Field(1.0, ge=0, le=60, validation_alias="SEARCHRELAY_HEDGE_MIN_SECONDS")
    breaker_failures: int = Field(3, ge=1, le=100, validation_alias="SEARCHRELAY_BREAKER_FAILURES")
    breaker_cooldown_seconds: float = Field(
        30.0, gt=0, le=3600, validation_alias="SEARCHRELAY_BREAKER_COOLDOWN_SECONDS"
    )
    breaker_max_cooldown_seconds: float = Field(
        600.0, gt=0, le=86400, validation_alias="SEARCHRELAY_BREAKER_MAX_COOLDOWN_SECONDS"
    )
    cache_ttl_seconds: float = Field(900.0, ge=0, le=86400 * 7, validation_alias="SEARCHRELAY_CACHE_TTL_SECONDS")
    cache_max_entries: int = Field(100, ge=1, le=1_000_000, validation_alias="SEARCHRELAY_CACHE_MAX_ENTRIES")

    # Shared state for replicas (answer cache, single flight, cooldowns, rate limits); unset = memory.
    # A secret: the URL may carry a password (redis://:password@host:6379/0).
    redis_url: SecretStr | None = Field(None, validation_alias="SEARCHRELAY_REDIS_URL")
    redis_timeout_seconds: float = Field(0.5, gt=0, le=5, validation_alias="SEARCHRELAY_REDIS_TIMEOUT_SECONDS")

    # Reading pages (web_fetch, return_full_pages).
    allow_private_networks: bool = Field(False, validation_alias="SEARCHRELAY_ALLOW_PRIVATE_NETWORKS")
    page_timeout_seconds: float = Field(8.0, gt=0, le=120, validation_alias="SEARCHRELAY_PAGE_TIMEOUT_SECONDS")
    page_concurrency: int = Field(5, ge=1, le=50, validation_alias="SEARCHRELAY_PAGE_CONCURRENCY")
    page_max_download_bytes: int = Field(
        5_000_000, ge=10_000, le=100_000_000, validation_alias="SEARCHRELAY_PAGE_MAX_DOWNLOAD_BYTES"
    )
    max_chars: int = Field(
        DEFAULT_MAX_CHARS, ge=MIN_MAX_CHARS, le=MAX_MAX_CHARS, validation_alias="SEARCHRELAY_MAX_CHARS"
    )
    # Extraction workers (processes that can be stopped): how many, and each one's memory cap.
    extraction_workers: int = Field(
        default_factory=lambda: _cpu_count(), ge=1, le=64, validation_alias="SEARCHRELAY_EXTRACTION_WORKERS"
    )
    extraction_memory_mb: int = Field(1000, ge=300, le=65_536, validation_alias="SEARCHRELAY_EXTRACTION_MEMORY_MB")
    # A helper process beside each worker making a page's slow candidate while the worker reads it:
    # on when there is a second CPU for it to run on.
    extraction_helpers: bool = Field(
        default_factory=lambda: _cpu_count() >= 2, validation_alias="SEARCHRELAY_EXTRACTION_HELPERS"
    )
    # Rendering JavaScript shells in headless Chromium (docs/browser.md); off unless asked for.
    browser: Literal["off", "auto"] = Field("off", validation_alias="SEARCHRELAY_BROWSER")
    browser_path: str = Field("/usr/bin/chromium", min_length=1, validation_alias="SEARCHRELAY_BROWSER_PATH")
    browser_pages: int = Field(2, ge=1, le=16, validation_alias="SEARCHRELAY_BROWSER_PAGES")
    browser_timeout_seconds: float = Field(15.0, gt=0, le=120, validation_alias="SEARCHRELAY_BROWSER_TIMEOUT_SECONDS")
    browser_max_bytes: int = Field(
        20_000_000, ge=100_000, le=500_000_000, validation_alias="SEARCHRELAY_BROWSER_MAX_BYTES"
    )

    @field_validator(
        "serper_api_key",
        "tavily_api_key",
        "brave_api_key",
        "perplexity_api_key",
        "openrouter_api_key",
        "searxng_url",
        "perplexity_base_url",
        "perplexity_model",
        "searchrelay_perplexity_model",
        "providers",
        *HTTP_OPTIONAL_FIELDS,
        "redis_url",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator(*KEY_FIELDS, mode="before")
    @classmethod
    def _no_keys_is_unset(cls, value: Any) -> Any:
        # "," or " , " lists no key at all: the provider is not configured, as with a blank value.
        if isinstance(value, str) and not split_list(value):
            return None
        return value

    @field_validator("serper_base_url", "tavily_base_url", "brave_base_url", "duckduckgo_base_url", mode="before")
    @classmethod
    def _blank_url_is_default(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, str) and not value.strip():
            return cls.model_fields[str(info.field_name)].default
        return value.strip().rstrip("/") if isinstance(value, str) else value

    @field_validator(*URL_FIELDS, *HTTP_URL_FIELDS)
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None:
            parts = urlsplit(value)
            _ = parts.port  # raises ValueError for a port that is not a number in range
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError("not an http(s) URL")
        return value

    @field_validator("redis_url")
    @classmethod
    def _redis_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None:
            parts = urlsplit(value.get_secret_value())
            _ = parts.port  # raises ValueError for a port that is not a number in range
            if parts.scheme not in REDIS_SCHEMES or not (parts.hostname or parts.path):
                raise ValueError("not a redis:// URL")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _cooldowns_in_order(self) -> Settings:
        if self.breaker_cooldown_seconds > self.breaker_max_cooldown_seconds:
            raise ValueError(
                "SEARCHRELAY_BREAKER_COOLDOWN_SECONDS must not exceed SEARCHRELAY_BREAKER_MAX_COOLDOWN_SECONDS"
            )
        return self

    def sonar_model(self) -> str | None:
        """The Sonar model asked for: SEARCHRELAY_PERPLEXITY_MODEL, else PERPLEXITY_MODEL, else None (the default)."""
        return self.searchrelay_perplexity_model or self.perplexity_model

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> Settings:
        """Settings from these values alone, by variable name: no environment, no file (tests, benches)."""
        return _ValuesOnly(**values)

    @classmethod
    def field_for(cls, variable: str) -> str | None:
        """The field behind an environment variable name."""
        return next((name for name, f in cls.model_fields.items() if f.validation_alias == variable), None)

    def keys(self, field: str) -> list[SecretStr]:
        """The keys of one provider key setting (one of ``KEY_FIELDS``): none when unset."""
        value: SecretStr | None = getattr(self, field)
        return [SecretStr(key) for key in split_list(value.get_secret_value() if value else None)]

    def secret_values(self) -> list[str]:
        """Every secret value configured, for the redactor."""
        secrets = [getattr(self, name) for name, info in type(self).model_fields.items() if _is_secret(info.annotation)]
        values = [s.get_secret_value() for s in secrets if s is not None]
        values += self.http_token_list()  # each token alone, as a request would carry it
        values += [key.get_secret_value() for name in KEY_FIELDS for key in self.keys(name)]  # each key alone
        for url in (self.searxng_url, self.redis_url.get_secret_value() if self.redis_url else None):
            password = urlsplit(url).password if url else None
            values += [password, unquote(password)] if password else []
        return values

    @classmethod
    def expected_form(cls, field_name: str) -> str:
        """What a variable must hold, in words, for the one-line start-up error."""
        field = cls.model_fields[field_name]
        if special := cls.http_expected_form(field_name) or cls.site_expected_form(field_name):
            return special
        if field_name in URL_FIELDS:
            return f"an http:// or https:// URL, e.g. {field.default or _URL_EXAMPLES[field_name]}"
        if field_name == "redis_url":
            return "a redis://, rediss:// or unix:// URL, e.g. redis://127.0.0.1:6379/0"
        if field_name == "log_level":
            return "one of DEBUG, INFO, WARNING, ERROR or CRITICAL"
        if field.annotation is bool:
            return "true or false"
        if field.annotation is int:
            return f"a whole number {_bounds(field)}"
        if field.annotation is float:
            unit = " of seconds" if field_name.endswith("_seconds") else ""
            return f"a number{unit} {_bounds(field)}"
        return "a non-empty value"


class _ValuesOnly(Settings):
    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)


def _bounds(field: FieldInfo) -> str:
    above = next((m.gt for m in field.metadata if isinstance(m, Gt)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    if above is not None:
        return f"above {above}" + (f" and at most {high}" if high is not None else "")
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), 0)
    return f"from {low}" + (f" to {high}" if high is not None else " up")


def _cpu_count() -> int:
    """The CPUs this process may run on (fewer than the machine's under taskset or a container quota)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


def _is_secret(annotation: Any) -> bool:
    return SecretStr in getattr(annotation, "__args__", (annotation,))
