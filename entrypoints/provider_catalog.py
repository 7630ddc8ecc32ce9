"""Which providers exist, which variables enable them, and the default order of the chain."""

from __future__ import annotations

from dataclasses import dataclass

from entrypoints.settings import Settings


@dataclass(frozen=True)
class ProviderSpec:
    name: str
    key_variables: tuple[str, ...]  # any one of them enables the provider; empty = needs no key
    settings_fields: tuple[str, ...]  # the Settings fields behind those variables

    def configured(self, settings: Settings) -> bool:
        return any(getattr(settings, f) is not None for f in self.settings_fields)

    @property
    def hint(self) -> str:
        return " or ".join(self.key_variables)


CATALOG: tuple[ProviderSpec, ...] = (
    ProviderSpec("serper", ("SERPER_API_KEY",), ("serper_api_key",)),
    ProviderSpec("tavily", ("TAVILY_API_KEY",), ("tavily_api_key",)),
)
SPECS = {spec.name: spec for spec in CATALOG}


def chain_names(settings: Settings) -> list[str]:
    """The providers the environment configures, in the default order."""
    return [spec.name for spec in CATALOG if spec.configured(settings)]


def no_provider_message() -> str:
    variables = [v for spec in CATALOG for v in spec.key_variables]
    listed = ", ".join(f"`{v}`" for v in variables)
    return (
        f"No search provider is configured. Set at least one of {listed} in the server's environment "
        "(or in a .env file in its working directory) and restart it. With more than one set, "
        "searchrelay fails over between them automatically."
    )


def key_variables() -> dict[str, str]:
    """provider name -> the variable(s) that hold its key, for error advice."""
    return {spec.name: spec.hint for spec in CATALOG if spec.key_variables}
