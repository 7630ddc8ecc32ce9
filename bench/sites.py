"""Site resolvers against generic extraction, on saved API answers and matching saved HTML pages.

For each site (StackExchange question, GitHub and GitLab issues, Wikipedia article, arXiv paper,
Hacker News and Reddit threads) the saved HTML page in bench/data/sites/ goes through the real
extractor, as web_fetch reads a page, and the saved API answers go through the real resolver and
page fetcher (an in-memory transport plays the API; nothing leaves the machine). Printed per
site: which facts each text keeps (see bench/sites_facts.py), its words, and the median time per
page over --runs reads. The resolver's time covers its calls over the in-memory transport, JSON
parsing and rendering (and, for arXiv, extracting the paper's HTML); a real API adds its network
round trips (three for a question).

    .venv/bin/python -m bench.sites [--runs 20] [--show stackexchange]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from adapters.pages.extractor import TrafilaturaExtractor
from adapters.sites.arxiv import ArxivResolver
from adapters.sites.github import GithubResolver
from adapters.sites.gitlab import GitlabResolver
from adapters.sites.hackernews import HackerNewsResolver
from adapters.sites.reddit import RedditResolver
from adapters.sites.stackexchange import StackExchangeResolver
from adapters.sites.wikipedia import WikipediaResolver
from bench.sites_facts import (
    DATA,
    Fact,
    arxiv_facts,
    github_facts,
    gitlab_facts,
    hackernews_facts,
    reddit_facts,
    stackexchange_facts,
    wikipedia_facts,
)
from domain.pages import FetchedPage
from domain.ports import SiteResolverPort
from tests.support.site_apis import InProcessExtraction, SiteRouter, routed_fetcher

JSON, ATOM, HTML = "application/json", "application/atom+xml", "text/html; charset=utf-8"


@dataclass(frozen=True)
class Site:
    name: str
    url: str
    page: str  # the saved HTML page generic extraction reads
    routes: list[tuple[str, str, str, str]]  # host, path, saved file, content type
    build: Callable[[SiteRouter], SiteResolverPort]
    facts: Callable[[], list[Fact]]


SITES = [
    Site(
        "stackexchange",
        "https://stackoverflow.com/questions/30081275/why-is-iterating-over-a-dicts-items-slower",
        "stackexchange_page.html",
        [
            ("api.stackexchange.com", "/2.3/questions/30081275", "stackexchange_question.json", JSON),
            ("api.stackexchange.com", "/2.3/questions/30081275/answers", "stackexchange_answers.json", JSON),
            (
                "api.stackexchange.com",
                "/2.3/posts/30081275;30081502;30081399;30082777;30090001/comments",
                "stackexchange_comments.json",
                JSON,
            ),
        ],
        lambda router: StackExchangeResolver(routed_fetcher(router)),
        stackexchange_facts,
    ),
    Site(
        "github",
        "https://github.com/encode/httpx/issues/3108",
        "github_issue_page.html",
        [
            ("api.github.com", "/repos/encode/httpx/issues/3108", "github_issue.json", JSON),
            ("api.github.com", "/repos/encode/httpx/issues/3108/comments", "github_issue_comments.json", JSON),
        ],
        lambda router: GithubResolver(routed_fetcher(router)),
        github_facts,
    ),
    Site(
        "gitlab",
        "https://gitlab.com/wayland/compositors/weston/-/issues/4242",
        "gitlab_issue_page.html",
        [
            ("gitlab.com", "/api/v4/projects/wayland/compositors/weston/issues/4242", "gitlab_issue.json", JSON),
            ("gitlab.com", "/api/v4/projects/wayland/compositors/weston/issues/4242/notes", "gitlab_notes.json", JSON),
        ],
        lambda router: GitlabResolver(routed_fetcher(router)),
        gitlab_facts,
    ),
    Site(
        "wikipedia",
        "https://en.wikipedia.org/wiki/Relay",
        "wikipedia_page.html",
        [("en.wikipedia.org", "/w/api.php", "wikipedia_parse.json", JSON)],
        lambda router: WikipediaResolver(routed_fetcher(router)),
        wikipedia_facts,
    ),
    Site(
        "arxiv",
        "https://arxiv.org/abs/2405.01234v2",
        "arxiv_abs_page.html",
        [
            ("export.arxiv.org", "/api/query", "arxiv_api.xml", ATOM),
            ("arxiv.org", "/html/2405.01234v2", "arxiv_paper.html", HTML),
        ],
        lambda router: ArxivResolver(routed_fetcher(router), InProcessExtraction()),
        arxiv_facts,
    ),
    Site(
        "hackernews",
        "https://news.ycombinator.com/item?id=38100000",
        "hackernews_page.html",
        [("hn.algolia.com", "/api/v1/items/38100000", "hackernews_item.json", JSON)],
        lambda router: HackerNewsResolver(routed_fetcher(router)),
        hackernews_facts,
    ),
    Site(
        "reddit",
        "https://www.reddit.com/r/Python/comments/1d5xyz/is_asyncio_worth_it/",
        "reddit_page.html",
        [("www.reddit.com", "/r/Python/comments/1d5xyz/is_asyncio_worth_it.json", "reddit_thread.json", JSON)],
        lambda router: RedditResolver(routed_fetcher(router)),
        reddit_facts,
    ),
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20, help="reads per page and path for the median time")
    parser.add_argument("--show", choices=[s.name for s in SITES], help="print both texts of one site")
    args = parser.parse_args(argv)
    extractor = TrafilaturaExtractor()
    print(f"median of {args.runs} reads per page, one at a time; 2 cores shared with other work, so times are noisy\n")
    for site in SITES:
        generic, generic_ms = _timed(args.runs, lambda s=site: _generic(extractor, s))
        resolved, resolver_ms = _timed(args.runs, lambda s=site: asyncio.run(_resolved(s)))
        if args.show == site.name:
            print(f"===== generic =====\n{generic}\n===== resolver =====\n{resolved}\n")
        print(f"## {site.name}  ({site.url})")
        print(f"{'fact':<40} {'generic':>8} {'resolver':>9}")
        facts = site.facts()
        for fact in facts:
            print(f"{fact.label:<40} {_mark(fact.holds(generic)):>8} {_mark(fact.holds(resolved)):>9}")
        kept = (sum(f.holds(generic) for f in facts), sum(f.holds(resolved) for f in facts))
        print(f"{'facts kept':<40} {f'{kept[0]}/{len(facts)}':>8} {f'{kept[1]}/{len(facts)}':>9}")
        print(f"{'words':<40} {len(generic.split()):>8} {len(resolved.split()):>9}")
        print(f"{'ms per page (median)':<40} {generic_ms:>8.1f} {resolver_ms:>9.1f}\n")


def _generic(extractor: TrafilaturaExtractor, site: Site) -> str:
    body = (DATA / site.page).read_bytes()
    return extractor.extract(FetchedPage(site.url, 200, "text/html", "utf-8", body))


async def _resolved(site: Site) -> str:
    router = SiteRouter()
    for host, path, name, content_type in site.routes:
        body = (DATA / name).read_bytes()
        router.add(host, path, httpx.Response(200, content=body, headers={"content-type": content_type}))
    return (await site.build(router).read(site.url)).markdown


def _timed(runs: int, read: Callable[[], str]) -> tuple[str, float]:
    read()  # warm: imports and caches are not what is measured
    times, texts = [], []
    for _ in range(runs):
        started = time.perf_counter()
        texts.append(read())
        times.append((time.perf_counter() - started) * 1000)
    # Generic extraction stops adding candidates past a time budget, so a slow (cold, loaded) read
    # can keep less: the facts are those of the text most reads gave.
    return max(set(texts), key=texts.count), statistics.median(times)


def _mark(held: bool) -> str:
    return "yes" if held else "no"


if __name__ == "__main__":
    main()
