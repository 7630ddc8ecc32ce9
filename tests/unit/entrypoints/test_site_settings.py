"""The site resolvers' settings (their start-up errors are in test_configuration's table): choice, secrets, building."""

from __future__ import annotations

import pytest

from adapters.sites.api_calls import GuardedCaller
from domain.pages import ResolvedPage
from domain.ports import SiteResolverPort
from entrypoints.settings import Settings
from entrypoints.site_resolvers import DeferredResolver, page_resolvers, site_resolvers
from tests.support.site_apis import InProcessExtraction, SiteRouter, routed_fetcher

# Written out, not taken from SITE_NAMES: the test says what "all" means.
EVERY_SITE = (
    "stackexchange", "github", "gitlab", "wikipedia", "arxiv", "hackernews", "reddit", "discourse", "mastodon",
    "googledocs", "crates", "apple", "docc", "bluesky", "sharedfiles", "openreview", "youtube", "jira", "apidocs", "x",
    "bugzilla", "mediawiki", "doi", "gerrit", "wayback", "europepmc", "dockerhub", "semanticscholar", "confluence",
    "vimeo", "lobsters",
)  # fmt: skip


@pytest.mark.parametrize(
    ("value", "sites"),
    [
        (None, EVERY_SITE),
        ("", EVERY_SITE),
        ("ALL", EVERY_SITE),
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


def test_the_page_resolvers_are_built_only_when_their_sites_are_enabled() -> None:
    fetcher: GuardedCaller = routed_fetcher(SiteRouter())
    on = page_resolvers(Settings.from_values({}), fetcher, InProcessExtraction())
    assert [r.site for r in on] == [
        "the GitLab API",
        "the forum's Discourse API",
        "the Mastodon server's API",
        "the documentation's DocC data",
        "the Jira REST API",
        "the API description the page draws",
        "the Bugzilla REST API",
        "the wiki's MediaWiki API",
        "the Gerrit REST API",
        "the Confluence REST API",
    ]
    only = page_resolvers(
        Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "discourse"}), fetcher, InProcessExtraction()
    )
    assert [r.site for r in only] == ["the forum's Discourse API"]
    for value in ("off", "github,wikipedia"):
        assert (
            page_resolvers(Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": value}), fetcher, InProcessExtraction())
            == []
        )
    # The URL resolvers never include it: it answers for fetched pages, not URLs.
    built = site_resolvers(
        Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "discourse"}), fetcher, InProcessExtraction()
    )
    assert built == []


class _CountedResolver:
    site = "the Example API"

    def handles(self, url: str) -> bool:
        return url.startswith("https://example.org/")

    async def read(self, url: str) -> ResolvedPage:
        return ResolvedPage(url=url, markdown=f"read {url}", source=self.site)


@pytest.mark.anyio
async def test_a_resolver_is_built_when_first_asked_and_only_once() -> None:
    built: list[_CountedResolver] = []

    def build() -> SiteResolverPort:
        built.append(_CountedResolver())
        return built[-1]

    resolver = DeferredResolver(build)
    assert built == []
    assert resolver.handles("https://example.org/a") and not resolver.handles("https://other.example/")
    assert (await resolver.read("https://example.org/a")).markdown == "read https://example.org/a"
    assert resolver.site == "the Example API"
    assert len(built) == 1


def test_withheld_pages_are_read_from_the_archive_unless_turned_off() -> None:
    from entrypoints.site_resolvers import DeferredArchive, archived_copies

    fetcher = routed_fetcher(SiteRouter())
    assert isinstance(archived_copies(Settings.from_values({}), fetcher, InProcessExtraction()), DeferredArchive)
    off = Settings.from_values({"SEARCHRELAY_ARCHIVED_COPIES": "false", "SEARCHRELAY_SITE_RESOLVERS": "all"})
    assert archived_copies(off, fetcher, InProcessExtraction()) is None
    # Independent of the site resolvers: reading withheld pages does not need them on.
    alone = Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "off"})
    assert archived_copies(alone, fetcher, InProcessExtraction()) is not None


@pytest.mark.anyio
async def test_the_archive_is_built_on_the_first_page_withheld() -> None:
    from entrypoints.site_resolvers import DeferredArchive

    built: list[str] = []

    class Archive:
        async def latest_copy(self, url: str) -> ResolvedPage:
            return ResolvedPage(url, "text", "the archive")

        async def holds_site(self, domain: str) -> bool | None:
            return True

    def build() -> Archive:
        built.append("archive")
        return Archive()

    archive = DeferredArchive(build)
    assert built == []
    await archive.latest_copy("https://example.com/a")
    await archive.latest_copy("https://example.com/b")
    assert built == ["archive"]
