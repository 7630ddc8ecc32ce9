"""published and site_name on results, read from each provider's own fields, and news answers parsed.

The bodies are shaped like the providers' documented answers (docs in PROVIDER_APIS.md); every
adapter is fed through parse(), the same step send() ends with.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.brave import BraveSearch
from adapters.search.perplexity import PerplexitySearch
from adapters.search.searxng import SearxngSearch
from adapters.search.serper import SerperSearch
from adapters.search.tavily import TavilySearch
from domain.errors import ProviderFailure

CLIENT = httpx.AsyncClient(transport=httpx.MockTransport(lambda request: httpx.Response(500)))
KEY = SecretStr("dates-test-key-0123456789")


def described(results: Any) -> list[tuple[str, str | None, str | None]]:
    return [(r.link, r.published, r.site_name) for r in results]


def test_serper_organic_hits_carry_their_date() -> None:
    body = {
        "searchParameters": {"q": "q", "type": "search"},
        "organic": [
            {"title": "A", "link": "https://a.example/", "snippet": "s", "date": "Mar 3, 2024"},
            {"title": "B", "link": "https://b.example/", "snippet": "s"},
        ],
    }
    answer = SerperSearch(CLIENT, KEY).parse(body)
    assert described(answer.results) == [
        ("https://a.example/", "Mar 3, 2024", None),
        ("https://b.example/", None, None),
    ]


def test_serper_news_hits_carry_their_date_and_source() -> None:
    body = {
        "searchParameters": {"q": "q", "type": "news", "engine": "google"},
        "news": [
            {
                "title": "Rates held",
                "link": "https://news.example/rates",
                "snippet": "The bank held rates.",
                "date": "2 hours ago",
                "source": "Example News",
                "imageUrl": "https://img.example/1.jpg",
                "position": 1,
            },
            {"title": "No link", "date": "1 day ago", "source": "Nobody"},
        ],
    }
    answer = SerperSearch(CLIENT, KEY).parse(body, limit=5)
    assert described(answer.results) == [("https://news.example/rates", "2 hours ago", "Example News")]
    assert answer.results[0].snippet == "The bank held rates."


def test_serper_news_with_no_hits_is_an_empty_answer_and_a_bad_news_list_is_malformed() -> None:
    assert SerperSearch(CLIENT, KEY).parse({"searchParameters": {"q": "q", "type": "news"}}).results == []
    with pytest.raises(ProviderFailure, match="'news' is not a list"):
        SerperSearch(CLIENT, KEY).parse({"searchParameters": {}, "news": {"title": "x"}})


def test_brave_web_hits_prefer_page_age_and_the_profile_name() -> None:
    body = {
        "type": "search",
        "web": {
            "results": [
                {
                    "title": "Python <strong>3.13</strong>",
                    "url": "https://docs.python.org/3.13/",
                    "description": "What&#x27;s new",
                    "age": "March 1, 2024",
                    "page_age": "2024-03-01T08:00:00",
                    "profile": {"name": "Python documentation", "url": "https://docs.python.org"},
                    "meta_url": {"hostname": "docs.python.org"},
                },
                {"title": "Aged", "url": "https://b.example/", "description": "", "age": "2 days ago"},
                {"title": "Hosted", "url": "https://c.example/", "meta_url": {"hostname": "c.example"}},
                {"title": "Bare", "url": "https://d.example/", "profile": "not an object", "page_age": 7},
            ]
        },
    }
    answer = BraveSearch(CLIENT, KEY).parse(body)
    assert described(answer.results) == [
        ("https://docs.python.org/3.13/", "2024-03-01T08:00:00", "Python documentation"),
        ("https://b.example/", "2 days ago", None),
        ("https://c.example/", None, "c.example"),
        ("https://d.example/", None, None),
    ]
    assert (answer.results[0].title, answer.results[0].snippet) == ("Python 3.13", "What's new")


def test_brave_news_answers_list_their_hits_at_the_top() -> None:
    body = {
        "type": "news",
        "query": {"original": "rates"},
        "results": [
            {
                "type": "news_result",
                "title": "Rates <strong>held</strong>",
                "url": "https://news.example/rates",
                "description": "The bank held rates.",
                "age": "3 hours ago",
                "page_age": "2026-11-23T10:00:00",
                "meta_url": {"scheme": "https", "netloc": "news.example", "hostname": "news.example"},
            }
        ],
    }
    answer = BraveSearch(CLIENT, KEY).parse(body)
    assert described(answer.results) == [("https://news.example/rates", "2026-11-23T10:00:00", "news.example")]
    assert answer.results[0].title == "Rates held"
    assert BraveSearch(CLIENT, KEY).parse({"type": "news", "query": {}, "results": []}).results == []
    with pytest.raises(ProviderFailure, match="'results' is not a list"):
        BraveSearch(CLIENT, KEY).parse({"type": "news", "results": "none"})


def test_tavily_hits_carry_their_published_date() -> None:
    body = {
        "query": "q",
        "results": [
            {"title": "A", "url": "https://a.example/", "content": "c", "score": 0.9, "published_date": "2026-11-20"},
            {"title": "B", "url": "https://b.example/", "content": "c", "score": 0.5},
        ],
    }
    answer = TavilySearch(CLIENT, KEY).parse(body)
    assert described(answer.results) == [("https://a.example/", "2026-11-20", None), ("https://b.example/", None, None)]


def test_searxng_hits_carry_their_published_date() -> None:
    body = {
        "results": [
            {"title": "A", "url": "https://a.example/", "content": "c", "publishedDate": "2026-11-21T09:30:00"},
            {"title": "B", "url": "https://b.example/", "content": "c", "publishedDate": None},
        ]
    }
    answer = SearxngSearch(CLIENT, "https://searx.test").parse(body)
    assert described(answer.results) == [
        ("https://a.example/", "2026-11-21T09:30:00", None),
        ("https://b.example/", None, None),
    ]


def test_perplexity_sources_carry_their_date() -> None:
    body = {
        "choices": [{"message": {"content": "An answer [1]."}}],
        "citations": ["https://a.example/"],
        "search_results": [{"title": "A", "url": "https://a.example/", "date": "2026-11-01"}],
    }
    answer = PerplexitySearch(CLIENT, KEY, "https://sonar.test", "sonar").parse(body)
    assert described(answer.results) == [("https://a.example/", "2026-11-01", None)]
