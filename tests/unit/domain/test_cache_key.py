"""Cache keys: the same for requests that must share an answer, different for any that must not."""

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import domain
from domain.cache_key import cache_key, normalize_query
from domain.filters import Freshness, Topic
from domain.models import SearchRequest


def request(**overrides: Any) -> SearchRequest:
    fields: dict[str, Any] = {"query": "python asyncio", "num_results": 3}
    fields.update(overrides)
    return SearchRequest(**fields)


@pytest.mark.parametrize(
    "query",
    ["python asyncio", "  Python   AsyncIO ", "PYTHON\tasyncio\n", "python\u00a0asyncio"],
)
def test_queries_differing_in_case_or_whitespace_share_a_key(query: str) -> None:
    assert cache_key(request(query=query)) == cache_key(request())


def test_unicode_composition_does_not_matter() -> None:
    composed, decomposed = "caf\u00e9", "cafe\u0301"
    assert cache_key(request(query=composed)) == cache_key(request(query=decomposed))


def test_case_folding_goes_beyond_lowercase() -> None:
    assert normalize_query("STRASSE") == normalize_query("straße")


@pytest.mark.parametrize(
    "change",
    [
        {"query": "python asyncio tutorial"},
        {"query": "pythonasyncio"},
        {"num_results": 4},
        {"freshness": Freshness.parse("pw")},
        {"freshness": Freshness.parse("2024-01-01to2024-02-01")},
        {"country": "de"},
        {"language": "fr"},
        {"topic": Topic.NEWS},
        {"ui_lang": "de-DE"},
        {"include_domains": ("python.org",)},
        {"exclude_domains": ("python.org",)},
    ],
)
def test_anything_that_changes_the_answer_changes_the_key(change: dict[str, Any]) -> None:
    assert cache_key(request(**change)) != cache_key(request())


def test_asking_for_full_pages_shares_the_answer_since_pages_are_cached_apart() -> None:
    assert cache_key(request(return_full_pages=True)) == cache_key(request())


def test_different_filter_values_give_different_keys() -> None:
    assert cache_key(request(freshness=Freshness.parse("pd"))) != cache_key(request(freshness=Freshness.parse("pw")))
    assert cache_key(request(country="de")) != cache_key(request(country="fr"))
    assert cache_key(request(country="de")) != cache_key(request(language="de"))


def test_the_order_of_the_domains_does_not_matter_but_which_list_they_are_in_does() -> None:
    both = request(include_domains=("python.org", "pypi.org"), exclude_domains=("a.example", "b.example"))
    swapped = request(include_domains=("pypi.org", "python.org"), exclude_domains=("b.example", "a.example"))
    assert cache_key(both) == cache_key(swapped)
    assert cache_key(request(include_domains=("a.example",))) != cache_key(request(exclude_domains=("a.example",)))


def test_the_key_is_versioned_and_fixed_in_length() -> None:
    short, long = cache_key(request(query="a")), cache_key(request(query="a" * 2000))
    assert short.startswith("search:v3:")
    assert len(short) == len(long) == len("search:v3:") + 64


def test_the_key_is_stable_across_processes() -> None:
    script = (
        "from domain.cache_key import cache_key; from domain.models import SearchRequest; "
        "print(cache_key(SearchRequest(query='python asyncio', num_results=3)))"
    )
    root = str(Path(domain.__file__).resolve().parent.parent)
    keys = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PYTHONPATH": root},
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert keys == {cache_key(request())}


def test_the_key_is_the_sha256_of_a_canonical_json_form_that_only_a_version_bump_may_change() -> None:
    # Replicas and restarts share entries through one store: a new spelling must come with a new version.
    canonical = (
        '{"country":"de","exclude_domains":[],"freshness":null,"include_domains":["a.com","b.org"],'
        '"language":null,"num_results":5,"query":"say \\"hi\\" \\\\\\\\ to zoë","topic":"general","ui_lang":null}'
    )
    asked = request(query='Say "hi" \\\\ to Zoë', num_results=5, country="de", include_domains=("b.org", "a.com"))
    assert cache_key(asked) == "search:v3:" + hashlib.sha256(canonical.encode()).hexdigest()
