"""Reading pages: fetch safely, extract to Markdown in bounded workers, many at once under a budget."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

import anyio

from application.declared_titles import declared_title_of
from application.forwarded_pages import fetched_past_refreshes, with_embedded_documents
from application.script_pages import DECLARED, ScriptPages, declared_summary
from application.single_flight import SingleFlight
from application.site_reading import capitalised, read_recognised_site, read_through_site
from application.withheld_pages import archived_instead, not_the_page, sent_to_sign_in
from domain.errors import PageUnavailable, PageWithheld
from domain.forwarding import frames_markdown
from domain.link_wrappers import unwrapped
from domain.page_titles import leading_title
from domain.pages import FetchedPage, ResolvedPage
from domain.paywalls import PAYWALL_NOTE, declares_paywall
from domain.ports import (
    ArchivedCopyPort,
    CachePort,
    FetchedPageResolverPort,
    PageExtractionPort,
    PageFetcherPort,
    PageRendererPort,
    SiteResolverPort,
)
from domain.redaction import without_userinfo

logger = logging.getLogger(__name__)

#: The note on a frameset's answer, which is the list of its frames.
FRAMESET = "The page is a frameset: it has no text of its own, and each frame listed is a page to fetch."

#: Called as pages finish: (pages done, pages in all).
PageProgress = Callable[[int, int], Awaitable[None]]


@dataclass(frozen=True)
class PageText:
    url: str  # the final URL, after redirects
    content_type: str
    markdown: str
    truncated: bool  # the download cap cut the page short
    # One line about where the text came from: a site's API, or why that API could not be used.
    note: str | None = None
    # The title the page gives itself, as the page wrote it (untrusted, one line, bounded); None
    # when it gives none, or it is not HTML and no site reader wrote one.
    title: str | None = None


class PageReader:
    def __init__(
        self,
        fetcher: PageFetcherPort,
        extraction: PageExtractionPort,
        *,
        page_timeout: float,
        concurrency: int = 5,
        cache: CachePort[PageText] | None = None,
        resolvers: Sequence[SiteResolverPort] = (),
        page_resolvers: Sequence[FetchedPageResolverPort] = (),
        renderer: PageRendererPort | None = None,
        archive: ArchivedCopyPort | None = None,
    ) -> None:
        """``resolvers`` claim URLs before any fetch; ``page_resolvers`` recognise a page once fetched (a
        Discourse forum on any domain). ``renderer``: the browser that renders JavaScript shells; None
        (SEARCHRELAY_BROWSER=off) says so instead. ``archive``: where a page its site withheld (a bot
        check, a sign-in page, an error) is read instead; None (SEARCHRELAY_ARCHIVED_COPIES=off): never asked."""
        self._fetcher = fetcher
        self._extraction = extraction
        self._page_timeout = page_timeout
        self._concurrency = concurrency
        self._cache = cache
        self._resolvers = tuple(resolvers)
        self._page_resolvers = tuple(page_resolvers)
        self._flights: SingleFlight[PageText] = SingleFlight()
        self._script_pages = ScriptPages(renderer, extraction, extract_timeout=page_timeout)
        self._archive = archive

    async def read(self, url: str) -> PageText:
        """One page as Markdown within the per-page timeout; raises ``PageUnavailable``.

        Pages that were read are kept for a while, so paging through a long page with web_fetch
        (or continuing a page that web_search cut) neither downloads it again nor sees it shift.
        A page that could not be read is not kept: the next call tries it again. Concurrent reads
        of one URL (several agents asking the same search) share one fetch.
        """
        # A redirector's link is read at its target: the redirector would answer with its
        # interstitial, and hear of the page read (``domain.link_wrappers``). The target is the
        # page kept, so links leading to one address (or the address asked itself, with the same
        # fragment) share one read.
        wrapped = unwrapped(url)
        if wrapped is None:
            return await self._kept(url)
        through = _listed(wrapped.wrappers)
        try:
            text = await self._kept(wrapped.target)
        except PageUnavailable as failed:
            # Named by the target it could not read, and how the link led there.
            raise failed.with_reason(f"{failed.reason} (the link's target, through {through})") from None
        said = f"The link goes through {through}; its target was read without asking the redirector."
        return replace(text, note=_joined(said, text.note))

    async def _kept(self, url: str) -> PageText:
        if self._cache is not None and (cached := await self._cache.get(url)) is not None:
            return cached
        return await self._flights.run(url, lambda: self._read_and_keep(url))

    async def _read_and_keep(self, url: str) -> PageText:
        text = await self._read(url)
        if self._cache is not None:
            await self._cache.set(url, text)
        return text

    async def _read(self, url: str) -> PageText:
        # A site's API first, when one reads this URL; its own page timeout, so that a failure
        # still leaves the generic read a whole one (the call's deadline bounds both).
        site = await read_through_site(url, self._resolvers, seconds=self._page_timeout)
        if site.page is not None:
            return _resolved_text(site.page, site.note)
        try:
            return await self._read_fetched(url, site.note, tried=site.tried)
        except PageWithheld as refused:
            try:
                copy, said = await archived_instead(self._archive, url, refused, seconds=self._page_timeout)
            except PageUnavailable as missing:
                raise _with_reason(missing, site.failed) from None
            return replace(_resolved_text(copy, _joined(site.note, said)), url=url)
        except PageUnavailable as refused:
            raise _with_reason(refused, site.failed) from None

    async def _read_fetched(self, url: str, note: str | None, *, tried: str | None = None) -> PageText:
        deadline = anyio.current_time() + self._page_timeout
        try:
            with anyio.fail_at(deadline):
                page, frames = await fetched_past_refreshes(self._fetcher, url)
        except TimeoutError:
            raise PageUnavailable(url, f"timed out after {self._page_timeout:g} s") from None
        if (walled := sent_to_sign_in(url, page)) is not None:
            raise walled
        if frames:
            markdown, title = frames_markdown(frames), await declared_title_of(page)
            return PageText(page.url, "text/markdown", markdown, page.truncated, _joined(note, FRAMESET), title)
        # Software that runs on any domain shows itself in the page: its API, when it has one,
        # reads the page better than its HTML (a forum's script shell has no posts in it).
        recognised = await read_recognised_site(page, self._page_resolvers, seconds=self._page_timeout, tried=tried)
        if recognised.page is not None:
            return _resolved_text(recognised.page, _joined(note, recognised.note))
        if recognised.note is not None:  # the API's try had a timeout of its own; the page gets a whole one
            note = _joined(note, recognised.note)
            deadline = anyio.current_time() + self._page_timeout
        try:
            return await self._extracted(url, page, note, deadline)
        except PageUnavailable as refused:
            raise _with_reason(refused, recognised.failed) from None

    async def _extracted(self, url: str, page: FetchedPage, note: str | None, deadline: float) -> PageText:
        try:
            with anyio.fail_at(deadline):
                # Off the event loop, in a worker that is stopped if this deadline passes first.
                markdown = await self._extraction.extract(page)
        except TimeoutError:
            raise PageUnavailable(url, f"timed out after {self._page_timeout:g} s") from None
        # A bot check or a not-found page in the page's place, before a shell's title could stand for it.
        if (missing := not_the_page(url, page, markdown)) is not None:
            raise missing
        # A JavaScript shell is rendered in the browser (under its own deadline) or refused honestly;
        # refused, it still gives what it declares about itself, when it declares enough.
        try:
            page, markdown = await self._script_pages.settle(page, markdown)
        except PageUnavailable as refused:
            return await _declared_instead(page, refused, note)
        markdown, embeds = await with_embedded_documents(page, markdown)
        if not markdown.strip():
            return await _declared_instead(page, PageUnavailable(url, "no readable text on the page"), note)
        if (missing := not_the_page(url, page, markdown)) is not None:  # as the browser rendered it
            raise missing
        paywall = PAYWALL_NOTE if page.is_html and declares_paywall(page.body) else None
        notes, title = _joined(note, embeds, paywall), await declared_title_of(page)  # as the browser rendered it
        return PageText(page.url, page.content_type, markdown, page.truncated, notes, title)

    async def read_many(
        self, urls: Sequence[str], *, budget_seconds: float, progress: PageProgress | None = None
    ) -> list[PageText | PageUnavailable]:
        """Every URL's page or the reason it is missing, in input order; never raises for a page.

        At most ``concurrency`` pages are in flight; whatever has not finished when the budget
        runs out is reported as missing rather than making the caller wait.
        """
        slots = anyio.Semaphore(self._concurrency)
        outcomes: list[PageText | PageUnavailable | None] = [None] * len(urls)
        done = 0

        async def one(index: int, url: str) -> None:
            nonlocal done
            async with slots:
                try:
                    outcomes[index] = await self.read(url)
                except PageUnavailable as missing:
                    outcomes[index] = missing
                except Exception:  # an extractor bug must cost one page, not the search
                    logger.exception("reading %s failed unexpectedly", without_userinfo(url))
                    outcomes[index] = PageUnavailable(url, "could not be read: an unexpected error, logged")
            done += 1
            await _report(progress, done, len(urls))

        with anyio.move_on_after(max(budget_seconds, 0.0)):
            async with anyio.create_task_group() as group:
                for index, url in enumerate(urls):
                    group.start_soon(one, index, url)
        if done < len(urls):  # the budget ran out: the stage is over all the same
            await _report(progress, len(urls), len(urls))
        return [
            outcome if outcome is not None else PageUnavailable(url, "not read within the call's time budget")
            for url, outcome in zip(urls, outcomes, strict=True)
        ]


def _with_reason(refused: PageUnavailable, api_failed: str | None) -> PageUnavailable:
    """When both routes failed, the agent hears about both (a forum whose JSON says 403 is private,
    and rendering its shell would only show the sign-in page; an API over quota and a page that
    refuses robots are two facts, not one)."""
    if api_failed is None:
        return refused
    return refused.with_reason(f"{refused.reason}; {api_failed}")


async def _declared_instead(page: FetchedPage, refused: PageUnavailable, note: str | None) -> PageText:
    """The title and description ``page`` declares about itself, with a note saying why, when it
    declares enough (``domain.declared``); else ``refused`` is raised."""
    summary = await declared_summary(page)
    if summary is None:
        raise refused
    said = f"{capitalised(refused.reason)}; {DECLARED}"
    markdown, title = summary.markdown(), summary.title or None
    return PageText(page.url, "text/markdown", markdown, page.truncated, _joined(note, said), title)


def _resolved_text(resolved: ResolvedPage, note: str | None) -> PageText:
    """A page a site's API (or an archive) read: its title is the heading its reader wrote first, if any."""
    markdown = resolved.markdown
    return PageText(resolved.url, "text/markdown", markdown, resolved.truncated, note, leading_title(markdown))


def _listed(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _joined(*notes: str | None) -> str | None:
    return " ".join(n for n in notes if n) or None


async def _report(progress: PageProgress | None, done: int, total: int) -> None:
    if progress is None:
        return
    try:
        await progress(done, total)
    except Exception:  # a client that went away must not cost the search its pages
        logger.warning("could not report page progress", exc_info=True)
