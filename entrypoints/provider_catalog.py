"""Which providers exist, what enables each, and how the chain is chosen from the environment."""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import ConfigurationError
from entrypoints.settings import Settings


@dataclass(frozen=True)
class ProviderSpec:
    name: str
    variables: tuple[str, ...]  # any one of them enables the provider; empty = needs nothing
    settings_fields: tuple[str, ...]  # the Settings fields behind those variables
    only_when_named: bool = False  # keyless providers join the chain only through SEARCHRELAY_PROVIDERS

    def configured(self, settings: Settings) -> bool:
        if not self.settings_fields:
            return True
        return any(getattr(settings, f) is not None for f in self.settings_fields)

    @property
    def hint(self) -> str:
        return " or ".join(self.variables)


#: The default order: Google-grade results first, then the AI-native and independent indexes,
#: the self-hosted instance, and the answer engine (slowest, priciest) last.
CATALOG: tuple[ProviderSpec, ...] = (
    ProviderSpec("serper", ("SERPER_API_KEY",), ("serper_api_key",)),
    ProviderSpec("tavily", ("TAVILY_API_KEY",), ("tavily_api_key",)),
    ProviderSpec("brave", ("BRAVE_API_KEY",), ("brave_api_key",)),
    ProviderSpec("searxng", ("SEARXNG_URL",), ("searxng_url",)),
    ProviderSpec(
        "perplexity", ("PERPLEXITY_API_KEY", "OPENROUTER_API_KEY"), ("perplexity_api_key", "openrouter_api_key")
    ),
    ProviderSpec("duckduckgo", (), (), only_when_named=True),
)
SPECS = {spec.name: spec for spec in CATALOG}


def chain_names(settings: Settings) -> list[str]:
    """The provider chain in order. Raises ``ConfigurationError`` for a bad SEARCHRELAY_PROVIDERS."""
    if settings.providers is None:
        return [spec.name for spec in CATALOG if not spec.only_when_named and spec.configured(settings)]
    names = [name.strip().lower() for name in settings.providers.split(",") if name.strip()]
    if not names:
        raise ConfigurationError(
            f"SEARCHRELAY_PROVIDERS names no provider; list some of {', '.join(SPECS)} or leave it unset."
        )
    unknown = [name for name in names if name not in SPECS]
    if unknown:
        raise ConfigurationError(
            f"SEARCHRELAY_PROVIDERS names unknown provider(s) {', '.join(unknown)}; known: {', '.join(SPECS)}."
        )
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise ConfigurationError(f"SEARCHRELAY_PROVIDERS names {', '.join(duplicates)} more than once.")
    missing = [f"{name} needs {SPECS[name].hint}" for name in names if not SPECS[name].configured(settings)]
    if missing:
        raise ConfigurationError(
            f"SEARCHRELAY_PROVIDERS names providers that are not configured: {'; '.join(missing)}."
        )
    return names


def no_provider_message() -> str:
    variables = [v for spec in CATALOG for v in spec.variables]
    listed = ", ".join(f"`{v}`" for v in variables)
    return (
        f"No search provider is configured. Set at least one of {listed} in the server's environment "
        "or in ~/.config/searchrelay/.env ($XDG_CONFIG_HOME/searchrelay/.env when that is set; a .env file "
        "in its working directory, or one passed with --env-file, works too) and restart it, or name "
        "`duckduckgo` (no key) in `SEARCHRELAY_PROVIDERS`. "
        "With more than one configured, searchrelay fails over between them automatically."
    )


def key_variables() -> dict[str, str]:
    """provider name -> the variable(s) that enable it, for error advice."""
    return {spec.name: spec.hint for spec in CATALOG if spec.variables}
