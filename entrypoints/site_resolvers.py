"""Building the site resolvers from settings: the ones enabled, in the order they are asked.

Each is built (and its adapter module imported) on the first page read, not at start-up: the
server answers ``tools/list`` without loading the site adapters it may never use.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from domain.pages import FetchedPage, ResolvedPage
from domain.ports import ArchivedCopyPort, FetchedPageResolverPort, PageExtractionPort, SiteResolverPort
from entrypoints.settings import Settings


class _Named(Protocol):
    @property
    def site(self) -> str: ...


T = TypeVar("T")
R = TypeVar("R", bound=_Named)

if TYPE_CHECKING:
    from adapters.sites.api_calls import GuardedCaller


def site_resolvers(
    settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort
) -> list[SiteResolverPort]:
    """Every call a resolver makes goes through ``fetcher``: the pages' address guard, caps and deadline."""
    return [
        DeferredResolver(partial(_BUILDERS[name], settings, fetcher, extraction))
        for name in settings.enabled_sites()
        if name in _BUILDERS
    ]


class _Deferred(Generic[T]):
    """Builds the real reader the first time it is asked anything."""

    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._built: T | None = None

    def _resolver(self) -> T:
        if self._built is None:
            self._built = self._build()
        return self._built


class _DeferredSite(_Deferred[R]):
    @property
    def site(self) -> str:
        return self._resolver().site


def archived_copies(
    settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort
) -> ArchivedCopyPort | None:
    """The Wayback Machine's copies of withheld pages, through ``fetcher``'s guards; None when turned off."""
    if not settings.archived_copies:
        return None
    return DeferredArchive(partial(_wayback_copies, settings, fetcher, extraction))


class DeferredArchive(_Deferred[ArchivedCopyPort]):
    """Implements ``ArchivedCopyPort``, built on first use (the first page withheld), not at start-up."""

    async def latest_copy(self, url: str) -> ResolvedPage:
        return await self._resolver().latest_copy(url)

    async def holds_site(self, domain: str) -> bool | None:
        return await self._resolver().holds_site(domain)


def _wayback_copies(settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> ArchivedCopyPort:
    from adapters.sites.wayback_copies import WaybackCopies

    return WaybackCopies(fetcher, extraction, archive_url=settings.wayback_url)


def page_resolvers(
    settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort
) -> list[FetchedPageResolverPort]:
    """The resolvers that recognise a fetched page (software that runs on any domain), when enabled."""
    return [
        DeferredPageResolver(partial(build, fetcher, extraction))
        for name, build in _PAGE_BUILDERS.items()
        if name in settings.enabled_sites()
    ]


class DeferredResolver(_DeferredSite[SiteResolverPort]):
    """Implements ``SiteResolverPort``, built on first use."""

    def handles(self, url: str) -> bool:
        return self._resolver().handles(url)

    async def read(self, url: str) -> ResolvedPage:
        return await self._resolver().read(url)


class DeferredPageResolver(_DeferredSite[FetchedPageResolverPort]):
    """Implements ``FetchedPageResolverPort``, built on first use (the first page fetched)."""

    def recognises(self, page: FetchedPage) -> bool:
        return self._resolver().recognises(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        return await self._resolver().read_page(page)


def _discourse(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.discourse import DiscourseResolver

    return DiscourseResolver(fetcher)


def _gitlab_instances(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.gitlab import GitlabResolver

    return GitlabResolver(fetcher)


def _mastodon(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.mastodon import MastodonResolver

    return MastodonResolver(fetcher)


def _jira_instances(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.jira import JiraResolver

    return JiraResolver(fetcher)


def _docc(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.docc_archives import DoccArchiveResolver

    return DoccArchiveResolver(fetcher)


def _bugzillas(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.bugzilla import BugzillaResolver

    return BugzillaResolver(fetcher)


def _gerrits(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.gerrit import GerritResolver

    return GerritResolver(fetcher)


def _mediawikis(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.mediawiki import MediaWikiResolver

    return MediaWikiResolver(fetcher)


def _confluence_instances(fetcher: GuardedCaller, _: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.confluence import ConfluenceResolver

    return ConfluenceResolver(fetcher)


def _api_explorers(fetcher: GuardedCaller, extraction: PageExtractionPort) -> FetchedPageResolverPort:
    from adapters.sites.api_explorers import ApiExplorerResolver

    return ApiExplorerResolver(fetcher, extraction)


#: What ``page_resolvers`` builds, by the name that turns it on.
_PAGE_BUILDERS: dict[str, Callable[[GuardedCaller, PageExtractionPort], FetchedPageResolverPort]] = {
    "gitlab": _gitlab_instances,
    "discourse": _discourse,
    "mastodon": _mastodon,
    "docc": _docc,
    "jira": _jira_instances,
    "apidocs": _api_explorers,
    "bugzilla": _bugzillas,
    "mediawiki": _mediawikis,
    "gerrit": _gerrits,
    "confluence": _confluence_instances,
}


def _stackexchange(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.stackexchange import StackExchangeResolver

    return StackExchangeResolver(fetcher, key=settings.stackexchange_key, base_url=settings.stackexchange_api_url)


def _github(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.github import GithubResolver

    return GithubResolver(
        fetcher, token=settings.github_token, api_url=settings.github_api_url, raw_url=settings.github_raw_url
    )


def _gitlab(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.gitlab import GitlabResolver

    return GitlabResolver(fetcher)


def _wikipedia(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.wikipedia import WikipediaResolver

    return WikipediaResolver(fetcher, api_url=settings.wikipedia_api_url)


def _arxiv(settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.arxiv import ArxivResolver

    return ArxivResolver(fetcher, extraction, api_url=settings.arxiv_api_url, site_url=settings.arxiv_site_url)


def _hackernews(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.hackernews import HackerNewsResolver

    return HackerNewsResolver(fetcher, api_url=settings.hackernews_api_url)


def _reddit(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.reddit import RedditResolver

    return RedditResolver(fetcher, site_url=settings.reddit_url)


def _google_docs(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.google_docs import GoogleDocsResolver

    return GoogleDocsResolver(fetcher, site_url=settings.google_docs_url)


def _crates(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.crates_io import CratesIoResolver

    return CratesIoResolver(fetcher, site_url=settings.crates_io_url)


def _apple(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.apple_docs import AppleDocsResolver

    return AppleDocsResolver(fetcher, site_url=settings.apple_docs_url)


def _bluesky(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.bluesky import BlueskyResolver

    return BlueskyResolver(fetcher, api_url=settings.bluesky_api_url)


def _shared_files(_: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.shared_files import SharedFileResolver

    return SharedFileResolver(fetcher, extraction)


def _openreview(_: Settings, fetcher: GuardedCaller, __: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.openreview import OpenReviewResolver

    return OpenReviewResolver(fetcher)


def _confluence(_: Settings, fetcher: GuardedCaller, __: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.confluence import ConfluenceResolver

    return ConfluenceResolver(fetcher)


def _jira(_: Settings, fetcher: GuardedCaller, __: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.jira import JiraResolver

    return JiraResolver(fetcher)


def _bugzilla(_: Settings, fetcher: GuardedCaller, __: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.bugzilla import BugzillaResolver

    return BugzillaResolver(fetcher)


def _x(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.x import XResolver

    return XResolver(fetcher, api_url=settings.x_embed_url)


def _gerrit(_: Settings, fetcher: GuardedCaller, __: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.gerrit import GerritResolver

    return GerritResolver(fetcher)


def _wayback(settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.wayback import WaybackResolver

    return WaybackResolver(fetcher, extraction, archive_url=settings.wayback_url)


def _europe_pmc(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.europe_pmc import EuropePmcResolver

    return EuropePmcResolver(fetcher, api_url=settings.europepmc_url)


def _doi(settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.doi import DoiResolver

    return DoiResolver(
        fetcher,
        extraction,
        crossref_url=settings.crossref_url,
        datacite_url=settings.datacite_url,
        europepmc_url=settings.europepmc_url,
        preprints=_preprints(settings, fetcher, extraction),
    )


def _preprints(settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> SiteResolverPort | None:
    """arXiv's reader, for the readers that look for a paper's preprint there; None when arXiv is off."""
    return _arxiv(settings, fetcher, extraction) if "arxiv" in settings.enabled_sites() else None


def _youtube(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.youtube import YoutubeResolver

    return YoutubeResolver(fetcher, site_url=settings.youtube_url)


def _docker_hub(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.docker_hub import DockerHubResolver

    return DockerHubResolver(fetcher, site_url=settings.dockerhub_url)


def _semantic_scholar(settings: Settings, fetcher: GuardedCaller, extraction: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.semantic_scholar import SemanticScholarResolver

    return SemanticScholarResolver(
        fetcher,
        extraction,
        api_url=settings.semanticscholar_url,
        key=settings.semanticscholar_key,
        europepmc_url=settings.europepmc_url,
        preprints=_preprints(settings, fetcher, extraction),
    )


def _vimeo(settings: Settings, fetcher: GuardedCaller, _: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.vimeo import VimeoResolver

    return VimeoResolver(fetcher, site_url=settings.vimeo_url)


def _lobsters(_: Settings, fetcher: GuardedCaller, __: PageExtractionPort) -> SiteResolverPort:
    from adapters.sites.lobsters import LobstersResolver

    return LobstersResolver(fetcher)


#: Settings.enabled_sites() names these, and those of ``_PAGE_BUILDERS`` (gitlab is in both).
_BUILDERS: dict[str, Callable[[Settings, GuardedCaller, PageExtractionPort], SiteResolverPort]] = {
    "stackexchange": _stackexchange,
    "github": _github,
    "gitlab": _gitlab,
    "wikipedia": _wikipedia,
    "arxiv": _arxiv,
    "hackernews": _hackernews,
    "reddit": _reddit,
    "googledocs": _google_docs,
    "crates": _crates,
    "apple": _apple,
    "bluesky": _bluesky,
    "sharedfiles": _shared_files,
    "openreview": _openreview,
    "youtube": _youtube,
    "jira": _jira,
    "confluence": _confluence,
    "vimeo": _vimeo,
    "lobsters": _lobsters,
    "x": _x,
    "bugzilla": _bugzilla,
    "doi": _doi,
    "gerrit": _gerrit,
    "wayback": _wayback,
    "europepmc": _europe_pmc,
    "dockerhub": _docker_hub,
    "semanticscholar": _semantic_scholar,
}
