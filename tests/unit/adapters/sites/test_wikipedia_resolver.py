"""The Wikipedia resolver against a faked MediaWiki action API, through the real page fetcher."""

from __future__ import annotations

import pytest

from adapters.sites.wikipedia import WikipediaResolver, article_markdown, article_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
ARTICLE = "https://en.wikipedia.org/wiki/Python_(programming_language)"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (ARTICLE, ("en", "Python (programming language)")),
        ("https://de.m.wikipedia.org/wiki/Stra%C3%9Fe#Geschichte", ("de", "Straße")),
        ("https://zh-yue.wikipedia.org/wiki/X", ("zh-yue", "X")),
        ("https://en.wikipedia.org/w/index.php?title=Mission:_Impossible", ("en", "Mission: Impossible")),
        ("https://en.wikipedia.org/w/index.php?title=X&action=edit", None),
        ("https://en.wikipedia.org/wiki/Special:Random", None),
        ("https://en.wikipedia.org/wiki/", None),
        ("https://wikipedia.org/wiki/X", None),
        ("https://en.wikipedia.org.evil.example/wiki/X", None),
        ("https://commons.wikimedia.org/wiki/X", None),
    ],
)
def test_article_urls_in_any_language_are_recognised(url: str, expected: tuple[str, str] | None) -> None:
    assert article_of(url) == expected


async def test_an_article_reads_as_clean_text_with_its_sections_as_headings() -> None:
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(fixture("wiki_article")))
    page = await WikipediaResolver(routed_fetcher(router)).read(ARTICLE)
    assert page.markdown == (
        "# Python (programming language)\n\n"
        "Python is a high-level, general-purpose programming language.\n\n"
        "## History\n\nPython was conceived in the late 1980s by Guido van Rossum.\n\n"
        "### Python 2\n\nPython 2.0 was released in 2000.\n\n"
        "## Syntax and semantics\n\nPython uses indentation to delimit blocks.\n"
    )
    (call,) = router.seen
    assert call.params["titles"] == "Python (programming language)"
    assert (call.params["prop"], call.params["explaintext"], call.params["redirects"]) == ("extracts|info", "1", "1")
    assert call.headers["user-agent"].startswith("searchrelay/")  # not a browser's, as Wikimedia asks


async def test_the_language_picks_the_api_host() -> None:
    router = SiteRouter().add("de.wikipedia.org", "/w/api.php", json_answer(fixture("wiki_article")))
    await WikipediaResolver(routed_fetcher(router)).read("https://de.m.wikipedia.org/wiki/Python")
    assert [s.host for s in router.seen] == ["de.wikipedia.org"]


async def test_a_missing_article_is_a_reason() -> None:
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(fixture("wiki_missing")))
    with pytest.raises(SiteUnavailable, match="no such article"):
        await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/No_such_thing")


async def test_an_api_error_answer_is_a_reason_with_its_info() -> None:
    error = {"error": {"code": "ratelimited", "info": "You've exceeded your rate limit."}}
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(error, status=429))
    with pytest.raises(SiteUnavailable) as failed:
        await WikipediaResolver(routed_fetcher(router)).read(ARTICLE)
    assert failed.value.reason == "HTTP 429, rate limit reached: You've exceeded your rate limit."


def test_an_empty_heading_stays_when_a_subsection_under_it_has_text() -> None:
    text = article_markdown("T", "Lead.\n== Works ==\n=== Novels ===\nA novel.\n== Notes ==\n")
    assert text == "# T\n\nLead.\n\n## Works\n\n### Novels\n\nA novel.\n"
