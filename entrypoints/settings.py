"""Every environment variable searchrelay reads, in one place. Secrets stay ``SecretStr``.

Precedence: the process environment wins over a ``.env`` file in the working directory,
which wins over the defaults below. An empty or whitespace-only value counts as unset.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
        populate_by_name=False,
    )

    serper_api_key: SecretStr | None = Field(None, validation_alias="SERPER_API_KEY")
    tavily_api_key: SecretStr | None = Field(None, validation_alias="TAVILY_API_KEY")
    serper_base_url: str = Field("https://google.serper.dev", validation_alias="SERPER_BASE_URL")
    tavily_base_url: str = Field("https://api.tavily.com", validation_alias="TAVILY_BASE_URL")

    timeout_seconds: float = Field(10.0, gt=0, le=120, validation_alias="SEARCHRELAY_TIMEOUT_SECONDS")
    deadline_seconds: float = Field(20.0, gt=0, le=600, validation_alias="SEARCHRELAY_DEADLINE_SECONDS")
    log_level: LogLevel = Field("WARNING", validation_alias="SEARCHRELAY_LOG_LEVEL")

    @field_validator("serper_api_key", "tavily_api_key", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator("serper_base_url", "tavily_base_url", mode="before")
    @classmethod
    def _blank_url_is_default(cls, value: Any) -> Any:
        return value.strip().rstrip("/") if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    def secret_values(self) -> list[str]:
        """Every secret value configured, for the redactor."""
        secrets = [getattr(self, name) for name, info in type(self).model_fields.items() if _is_secret(info.annotation)]
        return [s.get_secret_value() for s in secrets if s is not None]


def _is_secret(annotation: Any) -> bool:
    return SecretStr in getattr(annotation, "__args__", (annotation,))
