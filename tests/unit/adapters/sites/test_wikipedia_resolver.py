"""The Wikipedia resolver against a faked MediaWiki action API, through the real page fetcher."""

from __future__ import annotations

import json

import httpx
import pytest

from adapters.sites.mediawiki_articles import article_markdown
from adapters.sites.wikipedia import WikipediaResolver, article_of
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


async def test_an_article_reads_with_its_infobox_tables_lists_and_formulas_and_without_the_rest() -> None:
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(fixture("wiki_parse")))
    page = await WikipediaResolver(routed_fetcher(router)).read(ARTICLE)
    text = page.markdown
    assert text.startswith("# Python (programming language)\n")
    assert "| Designed by | Guido van Rossum |" in text and "| First appeared | 20 February 1991 |" in text
    assert "**Python** is a high-level, general-purpose programming language. Its design" in text  # no [1]
    assert "## History\n" in text and "### Versions\n" in text and "## Syntax and semantics\n" in text
    assert "| 3.0 | 2008-12-03 | supported until 2009 |" in text
    assert "| 2.x | 2010-07-03 | 2.7, end of life 2020 |" in text  # the merged cell in each row it spans
    assert "grows as `$O(n^{2})$` for nested loops" in text  # the formula once, as TeX
    assert "- List of programming languages" in text  # another article's link: its words
    assert "- [Official website](https://www.python.org/)" in text  # a link out of Wikipedia stays
    for gone in (
        "For the snake",
        "General-purpose programming language\n",
        "General Python FAQ",
        "## References",
        "CPython",
        "Python programming language",
        "[1]",
        "cite_note",
        "wiki/",
        "NewPP",
        "box-sizing",
    ):
        assert gone not in text, gone  # fmt: skip
    (call,) = router.seen
    assert call.params["page"] == "Python (programming language)"
    assert (call.params["action"], call.params["prop"], call.params["redirects"]) == ("parse", "text", "1")
    assert call.headers["user-agent"].startswith("searchrelay/")  # not a browser's, as Wikimedia asks


async def test_a_redirected_title_reads_under_the_article_it_leads_to() -> None:
    answer = fixture("wiki_parse")
    answer["parse"]["title"] = "Python (language)"
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(answer))
    page = await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/Python_lang")
    assert page.url == "https://en.wikipedia.org/wiki/Python_(language)"
    assert page.markdown.startswith("# Python (language)\n")


async def test_a_title_with_a_slash_or_an_apostrophe_keeps_them_in_its_address() -> None:
    answer = fixture("wiki_parse")
    answer["parse"]["title"] = 'AC/DC\'s "Back in Black" & more'
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(answer))
    page = await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/ACDC")
    assert page.url == "https://en.wikipedia.org/wiki/AC/DC's_%22Back_in_Black%22_%26_more"


async def test_a_title_holding_a_lone_surrogate_still_makes_an_address() -> None:
    answer = fixture("wiki_parse")
    answer["parse"]["title"] = "Bad \ud800 title"
    # json.dumps writes the lone surrogate as an escape, as a careless API might send it.
    wire = httpx.Response(200, content=json.dumps(answer).encode(), headers={"content-type": "application/json"})
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", wire)
    page = await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/Bad")
    assert page.url == "https://en.wikipedia.org/wiki/Bad_%3F_title"


async def test_the_language_picks_the_api_host() -> None:
    router = SiteRouter().add("de.wikipedia.org", "/w/api.php", json_answer(fixture("wiki_parse")))
    page = await WikipediaResolver(routed_fetcher(router)).read("https://de.m.wikipedia.org/wiki/Python")
    assert [s.host for s in router.seen] == ["de.wikipedia.org"]
    assert page.url.startswith("https://de.wikipedia.org/wiki/")


async def test_a_missing_article_is_a_reason() -> None:
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(fixture("wiki_missing")))
    with pytest.raises(SiteUnavailable, match="no such article"):
        await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/No_such_thing")


@pytest.mark.parametrize(
    ("answer", "status", "reason"),
    [
        ({"error": {"code": "ratelimited", "info": "You've exceeded your rate limit."}}, 429,
         "HTTP 429, rate limit reached: You've exceeded your rate limit."),
        ({"error": {"code": "maxlag", "info": "Waiting for a database server."}}, 200,
         "the API said: Waiting for a database server."),
        ({"parse": {"title": "X", "text": "<div class='mw-parser-output'><div class='navbox'>a navbox</div></div>"}},
         200, "the article has no text"),
        ({"parse": {"title": "X"}}, 200, "the article has no text"),
    ],
)  # fmt: skip
async def test_an_error_or_an_empty_article_is_a_reason(answer: dict[str, object], status: int, reason: str) -> None:
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", json_answer(answer, status=status))
    with pytest.raises(SiteUnavailable) as failed:
        await WikipediaResolver(routed_fetcher(router)).read(ARTICLE)
    assert failed.value.reason == reason


def test_an_empty_heading_stays_when_a_subsection_under_it_has_text() -> None:
    html = "<p>Lead.</p><h2>Works</h2><h3>Novels</h3><p>A novel.</p><h2>Notes</h2><h2>Legacy</h2><p>Read.</p>"
    text = article_markdown("T", html, "https://en.wikipedia.org/wiki/T")
    assert text == "# T\n\nLead.\n\n## Works\n\n### Novels\n\nA novel.\n\n## Legacy\n\nRead.\n"


async def test_a_category_page_reads_with_its_members() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        params = request.url.params
        if params.get("action") == "parse":
            return json_answer({"parse": {"title": "Category:Search engines", "text": "<p>Engines.</p>"}})
        if params.get("prop") == "info":
            return json_answer({"query": {"pages": [{"ns": 14, "title": "Category:Search engines"}]}})
        return json_answer({"query": {"categorymembers": [{"title": "Relay (search)", "type": "page"}]}})

    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", answer)
    page = await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/Category:Search_engines")
    assert page.markdown == (
        "# Category:Search engines\n\nEngines.\n\n## Pages in this category\n\n"
        "- [Relay (search)](https://en.wikipedia.org/wiki/Relay_(search))\n"
    )


async def test_an_article_whose_title_holds_a_colon_is_not_asked_its_namespace() -> None:
    answer = json_answer({"parse": {"title": "Star Wars: Episode IV", "text": "<p>A film.</p>"}})
    router = SiteRouter().add("en.wikipedia.org", "/w/api.php", answer)
    await WikipediaResolver(routed_fetcher(router)).read("https://en.wikipedia.org/wiki/Star_Wars:_Episode_IV")
    assert len(router.seen) == 1
