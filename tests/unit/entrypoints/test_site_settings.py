"""The site resolvers' settings (their start-up errors are in test_configuration's table): choice, secrets, building."""

from __future__ import annotations

import pytest

from adapters.sites.api_calls import GuardedCaller
from entrypoints.settings import Settings
from entrypoints.site_resolvers import site_resolvers
from tests.support.site_apis import InProcessExtraction, SiteRouter, routed_fetcher


@pytest.mark.parametrize(
    ("value", "sites"),
    [
        (None, ("stackexchange", "github", "wikipedia", "arxiv")),
        ("", ("stackexchange", "github", "wikipedia", "arxiv")),
        ("ALL", ("stackexchange", "github", "wikipedia", "arxiv")),
        ("off", ()),
        ("none", ()),
        (" arxiv , Wikipedia ", ("wikipedia", "arxiv")),
    ],
)
def test_site_resolvers_are_on_by_default_and_can_be_chosen_or_turned_off(
    value: str | None, sites: tuple[str, ...]
) -> None:
    values = {} if value is None else {"SEARCHRELAY_SITE_RESOLVERS": value}
    assert Settings.from_values(values).enabled_sites() == sites


def test_the_key_and_the_token_are_secrets_and_blank_means_unset() -> None:
    settings = Settings.from_values({"SEARCHRELAY_STACKEXCHANGE_KEY": "se-key-123", "GITHUB_TOKEN": "ghp_abc123"})
    assert {"se-key-123", "ghp_abc123"} <= set(settings.secret_values())
    assert "ghp_abc123" not in repr(settings) and "se-key-123" not in str(settings)
    blank = Settings.from_values({"SEARCHRELAY_STACKEXCHANGE_KEY": " ", "GITHUB_TOKEN": ""})
    assert (blank.stackexchange_key, blank.github_token) == (None, None)


def test_the_resolvers_built_are_the_enabled_ones_in_order() -> None:
    fetcher: GuardedCaller = routed_fetcher(SiteRouter())
    built = site_resolvers(
        Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "arxiv,stackexchange"}), fetcher, InProcessExtraction()
    )
    assert [r.site for r in built] == ["the Stack Exchange API", "the arXiv API"]
    assert (
        site_resolvers(Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "off"}), fetcher, InProcessExtraction())
        == []
    )
