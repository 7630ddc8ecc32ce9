"""The MCP server built by the real container, driven through the in-process mcp Client."""

from __future__ import annotations

import logging

import pytest
from mcp import Client

from domain.errors import FailureKind as K
from entrypoints.mcp_server import build_server
from tests.support.fake_ports import FakeSearch, fail, ok
from tests.support.servers import SERPER_KEY, TAVILY_KEY, container_with

CHARS_FORM = "a whole number from 2000 to 200000 or null"
pytestmark = pytest.mark.anyio
BOTH = {"SERPER_API_KEY": SERPER_KEY, "TAVILY_API_KEY": TAVILY_KEY}


async def test_lists_web_search_with_schema_annotations_and_output_schema() -> None:
    async with Client(build_server(container_with({}))) as client:
        (tool,) = [t for t in (await client.list_tools()).tools if t.name == "web_search"]
    assert tool.annotations is not None
    assert tool.annotations.read_only_hint is True and tool.annotations.open_world_hint is True
    props = tool.input_schema["properties"]
    assert props["query"]["minLength"] == 1 and props["query"]["maxLength"] == 2000
    assert (
        props["num_results"]["minimum"],
        props["num_results"]["maximum"],
        props["num_results"]["default"],
    ) == (1, 20, 3)
    assert props["return_full_pages"]["default"] is True  # seed 001: full pages unless asked otherwise
    assert (props["max_chars"]["minimum"], props["max_chars"]["maximum"]) == (2000, 200000)
    assert "SEARCHRELAY_MAX_CHARS" in props["max_chars"]["description"]
    assert tool.output_schema is not None
    assert {"query", "provider", "results", "attempts", "took_ms"} <= set(tool.output_schema["properties"])


async def test_both_keys_use_serper_and_return_markdown_and_structured_content() -> None:
    serper, tavily = FakeSearch("serper", ok(3, "serper")), FakeSearch("tavily")
    async with Client(build_server(container_with(BOTH, serper=serper, tavily=tavily))) as client:
        result = await client.call_tool("web_search", {"query": "  model context protocol  ", "num_results": 3})
    assert not result.is_error
    assert result.structured_content is not None
    assert result.structured_content["provider"] == "serper"
    assert result.structured_content["query"] == "model context protocol"
    assert [r["link"] for r in result.structured_content["results"]] == [
        f"https://serper.example/{i}" for i in range(3)
    ]
    (attempt,) = result.structured_content["attempts"]
    assert attempt == {
        "provider": "serper",
        "outcome": "ok",
        "detail": attempt["detail"],
        "started_ms": attempt["started_ms"],
        "hedged": False,
    }
    assert attempt["started_ms"] >= 0
    text = result.content[0].text  # type: ignore[union-attr]
    assert "   **serper 0**\n   https://serper.example/0" in text and "https://serper.example/2" in text
    assert text.splitlines()[-1].startswith("Answered by serper")
    assert tavily.calls == []


async def test_only_tavily_configured_answers_from_tavily() -> None:
    tavily = FakeSearch("tavily", ok(2, "tavily"))
    async with Client(build_server(container_with({"TAVILY_API_KEY": TAVILY_KEY}, tavily=tavily))) as client:
        result = await client.call_tool("web_search", {"query": "q"})
    assert result.structured_content is not None and result.structured_content["provider"] == "tavily"


async def test_a_fallback_is_explained_in_the_last_line() -> None:
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR, "HTTP 500"))
    tavily = FakeSearch("tavily", ok(1, "tavily"))
    async with Client(build_server(container_with(BOTH, serper=serper, tavily=tavily))) as client:
        result = await client.call_tool("web_search", {"query": "q"})
    last = result.content[0].text.splitlines()[-1]  # type: ignore[union-attr]
    assert last.startswith("Answered by tavily after fallback: serper server error (HTTP 500)")


async def test_fewer_results_than_asked_is_fine() -> None:
    serper = FakeSearch("serper", ok(2, "serper"))
    async with Client(build_server(container_with(BOTH, serper=serper))) as client:
        result = await client.call_tool("web_search", {"query": "q", "num_results": 10})
    assert not result.is_error
    assert result.structured_content is not None and len(result.structured_content["results"]) == 2


async def test_more_results_than_asked_are_cut_to_num_results() -> None:
    serper = FakeSearch("serper", ok(9, "serper"))
    async with Client(build_server(container_with(BOTH, serper=serper))) as client:
        result = await client.call_tool("web_search", {"query": "q", "num_results": 4})
    assert result.structured_content is not None and len(result.structured_content["results"]) == 4


async def test_no_keys_gives_an_actionable_error_naming_both_variables() -> None:
    async with Client(build_server(container_with({"SERPER_API_KEY": "  ", "TAVILY_API_KEY": ""}))) as client:
        result = await client.call_tool("web_search", {"query": "q"})
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert "SERPER_API_KEY" in text and "TAVILY_API_KEY" in text


@pytest.mark.parametrize(
    ("arguments", "sentences"),
    [
        ({}, ["query is required: a string of 1 to 2000 characters after trimming spaces."]),
        ({"query": ""}, ['query must be a string of 1 to 2000 characters after trimming spaces; got "".']),
        ({"query": "   "}, ['query must be a string of 1 to 2000 characters after trimming spaces; got "   ".']),
        ({"query": "q", "num_results": 0}, ["num_results must be a whole number from 1 to 20; got 0."]),
        ({"query": "q", "num_results": 21}, ["num_results must be a whole number from 1 to 20; got 21."]),
        ({"query": "q", "num_results": True}, ["num_results must be a whole number from 1 to 20; got true."]),
        ({"query": "q", "num_results": "5"}, ['num_results must be a whole number from 1 to 20; got "5".']),
        ({"query": "q", "return_full_pages": "yes"}, ['return_full_pages must be true or false; got "yes".']),
        ({"query": "q", "return_full_pages": 1}, ["return_full_pages must be true or false; got 1."]),
        ({"query": "q", "max_chars": 1999}, [f"max_chars must be {CHARS_FORM}; got 1999."]),
        ({"query": "q", "max_chars": "lots"}, [f'max_chars must be {CHARS_FORM}; got "lots".']),
        ({"query": ["q"]}, ["query must be a string of 1 to 2000 characters after trimming spaces; got a list."]),
        (
            {"query": "q", "country": {"code": "de"}},
            ["country must be null or an ISO 3166-1 alpha-2 code such as 'us'; got an object."],
        ),
        (
            {"query": "q", "limit": 5},
            [
                "Unknown argument limit; web_search accepts query, num_results, return_full_pages, freshness, "
                "country, language, topic, include_domains, exclude_domains, ui_lang, max_chars."
            ],
        ),
        ({"query": "q", "topic": "sports"}, ["""topic must be 'general' or 'news'; got "sports"."""]),
        (
            {"query": "q", "include_domains": "python.org"},
            [
                "include_domains must be null or a list of at most 20 host names such as 'python.org'; "
                'got "python.org".'
            ],
        ),
        (
            {"query": "q", "exclude_domains": [f"site{n}.example" for n in range(21)]},
            ["exclude_domains must be null or a list of at most 20 host names such as 'pinterest.com'; got a list."],
        ),
        (
            {"query": "q", "exclude_domains": ["ok.example", 7]},
            ["exclude_domains must be null or a list of at most 20 host names such as 'pinterest.com'; got a list."],
        ),
        (
            {"query": "q", "num_results": False, "top_k": 5, "lang": "en"},
            [
                "num_results must be a whole number from 1 to 20; got false.",
                "Unknown arguments lang, top_k; web_search accepts query, num_results, return_full_pages, freshness, "
                "country, language, topic, include_domains, exclude_domains, ui_lang, max_chars.",
            ],
        ),
    ],
)  # fmt: skip
async def test_bad_arguments_get_one_plain_sentence_per_problem_and_nothing_runs(
    arguments: dict[str, object], sentences: list[str]
) -> None:
    serper = FakeSearch("serper")
    async with Client(build_server(container_with(BOTH, serper=serper))) as client:
        result = await client.call_tool("web_search", arguments)
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.splitlines() == ["Invalid arguments for web_search; nothing was done:", *sentences]
    assert serper.calls == []


@pytest.mark.parametrize(
    ("kind", "advice"),
    [
        (K.AUTH, "check SERPER_API_KEY"),
        (K.BAD_REQUEST, "simplify the query"),
        (K.RATE_LIMITED, "Wait a few seconds"),
    ],
)
async def test_failures_are_error_results_that_say_what_to_do(kind: K, advice: str) -> None:
    serper = FakeSearch("serper", fail("serper", kind, f"HTTP 4xx with {SERPER_KEY}"))
    tavily = FakeSearch("tavily", fail("tavily", K.SERVER_ERROR, f"HTTP 500 {TAVILY_KEY}"))
    async with Client(build_server(container_with(BOTH, serper=serper, tavily=tavily))) as client:
        result = await client.call_tool("web_search", {"query": "q"})
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith("Web search failed. serper failed:")
    assert advice in text
    assert SERPER_KEY not in text and TAVILY_KEY not in text


async def test_no_key_value_leaks_on_any_path(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    scripts = [
        fail("serper", K.AUTH, f"key {SERPER_KEY} rejected"),
        fail("serper", K.SERVER_ERROR, f"echo {SERPER_KEY}"),
        fail("serper", K.RATE_LIMITED, f"echo {SERPER_KEY}"),
        fail("serper", K.TIMEOUT, f"echo {SERPER_KEY}"),
        fail("serper", K.MALFORMED, f"echo {SERPER_KEY}"),
        RuntimeError(f"adapter bug holding {SERPER_KEY}"),
    ]
    produced: list[str] = []
    for step in scripts:
        serper = FakeSearch("serper", step)
        tavily = FakeSearch("tavily", fail("tavily", K.AUTH, f"tavily says {TAVILY_KEY} is bad"))
        async with Client(build_server(container_with(BOTH, serper=serper, tavily=tavily))) as client:
            result = await client.call_tool("web_search", {"query": "q"})
        produced += [c.text for c in result.content if hasattr(c, "text")]
        produced.append(str(result.structured_content))
    produced.append(caplog.text)
    assert produced
    for text in produced:
        assert SERPER_KEY not in text and TAVILY_KEY not in text


async def test_the_advice_follows_a_rejected_key_further_down_the_chain() -> None:
    serper = FakeSearch("serper", fail("serper", K.SERVER_ERROR, "HTTP 500"))
    tavily = FakeSearch("tavily", fail("tavily", K.AUTH, "HTTP 401: invalid key"))
    async with Client(build_server(container_with(BOTH, serper=serper, tavily=tavily))) as client:
        result = await client.call_tool("web_search", {"query": "q"})
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith("Web search failed. serper failed: HTTP 500 (server_error).")
    assert "check TAVILY_API_KEY" in text
