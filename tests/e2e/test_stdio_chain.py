"""The installed `searchrelay` with a three-provider chain, against fake Serper, Brave and SearXNG servers.

Over stdio: the chain order of SEARCHRELAY_PROVIDERS, fallback through three providers, the
all-fail message, a date range skipping SearXNG. As a command: configuration errors at
start-up (exit 2), the providers report, and a bad --freshness.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from domain.filters import FRESHNESS_FORMS
from tests.e2e.conftest import SessionFactory, searchrelay_command
from tests.support.fake_provider import FakeProvider, Recorded, Reply, json_reply, serper_reply

SERPER_KEY = "serper-CHAIN-3c4d5e6f7a8b9c0d"
BRAVE_KEY = "brave-CHAIN-0f1e2d3c4b5a6978"
SEARXNG_PASSWORD = "searx-CHAIN-pass-7766"
PERPLEXITY_KEY = "pplx-CHAIN-1122334455667788"


def brave_reply(count: int, prefix: str = "brave") -> Reply:
    items = [
        {"title": f"{prefix} result {i}", "url": f"https://{prefix}.example/{i}", "description": f"about {i}"}
        for i in range(1, count + 1)
    ]
    return json_reply(200, {"type": "search", "query": {"original": "q"}, "web": {"type": "search", "results": items}})


def searxng_reply(count: int, prefix: str = "searxng") -> Reply:
    items = [
        {"title": f"{prefix} result {i}", "url": f"https://{prefix}.example/{i}", "content": f"text {i}"}
        for i in range(1, count + 1)
    ]
    return json_reply(200, {"query": "q", "number_of_results": count, "results": items})


BRAVE_RATE_LIMITED = json_reply(
    429,
    {
        "type": "ErrorResponse",
        "error": {"id": "e1", "status": 429, "code": "RATE_LIMITED", "detail": "Request rate limit exceeded"},
    },
)
SERPER_DOWN = json_reply(500, {"message": "Internal Server Error", "statusCode": 500})
SEARXNG_DOWN = Reply(status=502, body=b"Bad Gateway", content_type="text/plain")


@pytest.fixture
def fake_brave() -> Iterator[FakeProvider]:
    provider = FakeProvider().start()
    yield provider
    provider.stop()


@pytest.fixture
def fake_searxng() -> Iterator[FakeProvider]:
    provider = FakeProvider().start()
    yield provider
    provider.stop()


def chain_env(order: str, serper: FakeProvider, brave: FakeProvider, searxng: FakeProvider) -> dict[str, str]:
    return {
        "SEARCHRELAY_PROVIDERS": order,
        "SERPER_API_KEY": SERPER_KEY,
        "SERPER_BASE_URL": serper.url,
        "BRAVE_API_KEY": BRAVE_KEY,
        "BRAVE_BASE_URL": brave.url,
        "SEARXNG_URL": searxng.url,
    }


def text_of(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def query_of(recorded: Recorded) -> dict[str, list[str]]:
    return parse_qs(urlsplit(recorded.path).query)


# --- over stdio ---------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_serper_500_and_brave_429_fall_back_to_searxng(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_brave: FakeProvider, fake_searxng: FakeProvider
) -> None:
    fake_serper.answer(SERPER_DOWN)
    fake_brave.answer(BRAVE_RATE_LIMITED)
    fake_searxng.answer(searxng_reply(2))
    env = chain_env("serper,brave,searxng", fake_serper, fake_brave, fake_searxng)
    async with stdio_session(env) as session:
        result = await session.call_tool("web_search", {"query": "three deep", "num_results": 2})
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data is not None and data["provider"] == "searxng"
    assert [(a["provider"], a["outcome"]) for a in data["attempts"]] == [
        ("serper", "server_error"),
        ("brave", "rate_limited"),
        ("searxng", "ok"),
    ]
    assert [r["title"] for r in data["results"]] == ["searxng result 1", "searxng result 2"]
    assert (fake_serper.count, fake_brave.count, fake_searxng.count) == (1, 1, 1)
    (sent,) = fake_searxng.requests
    assert sent.method == "GET" and urlsplit(sent.path).path == "/search"
    assert query_of(sent)["q"] == ["three deep"] and query_of(sent)["format"] == ["json"]
    assert "after fallback: serper server error (HTTP 500" in text_of(result)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("order", "answered_by", "called"),
    [
        pytest.param("brave,searxng,serper", "brave", (0, 1, 0), id="brave first"),
        pytest.param("searxng,serper,brave", "searxng", (0, 0, 1), id="searxng first"),
        pytest.param(" SERPER , brave,searxng", "serper", (1, 0, 0), id="serper first, case and spaces"),
    ],
)
async def test_the_chain_order_of_searchrelay_providers_is_respected(
    stdio_session: SessionFactory,
    fake_serper: FakeProvider,
    fake_brave: FakeProvider,
    fake_searxng: FakeProvider,
    order: str,
    answered_by: str,
    called: tuple[int, int, int],
) -> None:
    fake_serper.answer(serper_reply(1))
    fake_brave.answer(brave_reply(1))
    fake_searxng.answer(searxng_reply(1))
    async with stdio_session(chain_env(order, fake_serper, fake_brave, fake_searxng)) as session:
        result = await session.call_tool("web_search", {"query": "who is first"})
    assert result.structured_content is not None
    assert result.structured_content["provider"] == answered_by
    assert (fake_serper.count, fake_brave.count, fake_searxng.count) == called


@pytest.mark.anyio
async def test_when_all_three_fail_the_error_leads_with_the_first_and_lists_the_others(
    stdio_session: SessionFactory,
    fake_serper: FakeProvider,
    fake_brave: FakeProvider,
    fake_searxng: FakeProvider,
    tmp_path: Path,
) -> None:
    fake_serper.answer(SERPER_DOWN)
    fake_brave.answer(BRAVE_RATE_LIMITED)
    fake_searxng.answer(SEARXNG_DOWN)
    async with stdio_session(chain_env("serper,brave,searxng", fake_serper, fake_brave, fake_searxng)) as session:
        result = await session.call_tool("web_search", {"query": "everything down"})
    assert result.is_error
    text = text_of(result)
    assert text.splitlines()[:3] == [
        "Web search failed. serper failed: HTTP 500: Internal Server Error (server_error).",
        "Fallback brave also failed: HTTP 429: Request rate limit exceeded (rate_limited).",
        "Fallback searxng also failed: HTTP 502: Bad Gateway (server_error).",
    ]
    assert "What to do:" in text
    assert (fake_serper.count, fake_brave.count, fake_searxng.count) == (1, 1, 1)
    log = (tmp_path / "stderr.log").read_text()
    assert SERPER_KEY not in text + log and BRAVE_KEY not in text + log


@pytest.mark.anyio
async def test_a_date_range_skips_searxng_and_brave_gets_the_range(
    stdio_session: SessionFactory, fake_serper: FakeProvider, fake_brave: FakeProvider, fake_searxng: FakeProvider
) -> None:
    fake_brave.answer(brave_reply(2))
    fake_searxng.answer(searxng_reply(2))
    async with stdio_session(chain_env("searxng,brave", fake_serper, fake_brave, fake_searxng)) as session:
        result = await session.call_tool(
            "web_search", {"query": "january news", "freshness": "2024-01-01to2024-02-01", "country": "DE"}
        )
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data is not None and data["provider"] == "brave"
    skipped = data["attempts"][0]
    assert (skipped["provider"], skipped["outcome"], skipped["detail"]) == (
        "searxng",
        "skipped",
        "does not support freshness date range",
    )
    assert fake_searxng.count == 0
    (sent,) = fake_brave.requests
    assert urlsplit(sent.path).path == "/res/v1/web/search"
    assert "freshness=2024-01-01to2024-02-01" in sent.path
    assert query_of(sent)["country"] == ["DE"] and query_of(sent)["q"] == ["january news"]
    assert sent.headers["x-subscription-token"] == BRAVE_KEY


# --- the command ----------------------------------------------------------------------------------------------


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [searchrelay_command(), *args],
        env={"PATH": os.environ.get("PATH", ""), "HOME": str(cwd), **env},
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    "args", [pytest.param([], id="serve"), pytest.param(["providers"], id="providers"), pytest.param(["search", "q"])]
)
def test_an_unknown_provider_stops_every_command_at_start_up(args: list[str], tmp_path: Path) -> None:
    done = run(args, {"SEARCHRELAY_PROVIDERS": "serper,bogus", "SERPER_API_KEY": SERPER_KEY}, tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "unknown provider(s) bogus" in done.stderr
    assert "known: serper, tavily, brave, searxng, perplexity, duckduckgo" in done.stderr


def test_a_named_provider_without_its_key_exits_2_naming_the_variable(tmp_path: Path) -> None:
    done = run(["providers"], {"SEARCHRELAY_PROVIDERS": "brave", "SERPER_API_KEY": SERPER_KEY}, tmp_path)
    assert done.returncode == 2
    assert "brave needs BRAVE_API_KEY" in done.stderr
    assert "SERPER_API_KEY" not in done.stderr


def test_providers_json_lists_the_default_chain_with_masked_secrets(tmp_path: Path) -> None:
    env = {
        "PERPLEXITY_API_KEY": PERPLEXITY_KEY,
        "SEARXNG_URL": f"https://reader:{SEARXNG_PASSWORD}@search.example.org",
        "BRAVE_API_KEY": BRAVE_KEY,
        "SERPER_API_KEY": SERPER_KEY,
    }
    done = run(["providers", "--json"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [(p["position"], p["name"], p["role"]) for p in report["chain"]] == [
        (1, "serper", "primary"),
        (2, "brave", "fallback"),
        (3, "searxng", "fallback"),
        (4, "perplexity", "fallback"),
    ]
    assert report["not_in_chain"] == ["tavily", "duckduckgo"]
    by_name = {p["name"]: p["configured_by"] for p in report["chain"]}
    # A key is only ever "set" or "not set": no prefix, no length.
    assert by_name["serper"] == "SERPER_API_KEY=set"
    assert by_name["perplexity"] == "PERPLEXITY_API_KEY=set, OPENROUTER_API_KEY=not set"
    assert by_name["searxng"] == "SEARXNG_URL=https://***@search.example.org"
    for secret in (SERPER_KEY, BRAVE_KEY, PERPLEXITY_KEY, SEARXNG_PASSWORD):
        assert secret not in done.stdout + done.stderr


def test_search_with_a_bad_freshness_exits_2_with_the_accepted_forms(fake_serper: FakeProvider, tmp_path: Path) -> None:
    env = {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url}
    done = run(["search", "q", "--freshness", "bad"], env, tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"freshness 'bad' is not valid; use {FRESHNESS_FORMS}." in done.stderr
    assert fake_serper.count == 0
