"""Which providers make the chain, in which order, and what a wrong SEARCHRELAY_PROVIDERS says.

Also: the Perplexity endpoint the container wires from the keys (checked on the wire through a
MockTransport client), and the secrets Settings hands to the redactor.
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import httpx
import pytest
from dependency_injector import providers

from domain.errors import ConfigurationError
from domain.models import SearchRequest
from domain.redaction import Redactor
from entrypoints.container import build_container, running
from entrypoints.provider_catalog import CATALOG, chain_names, key_variables, no_provider_message
from tests.support.planned import search
from tests.support.servers import settings

#: One working value per enabling variable (keyed providers only, in the default order).
ENABLERS = {
    "serper": {"SERPER_API_KEY": "serper-key-1234567890"},
    "tavily": {"TAVILY_API_KEY": "tvly-key-1234567890"},
    "brave": {"BRAVE_API_KEY": "brave-key-1234567890"},
    "searxng": {"SEARXNG_URL": "http://127.0.0.1:8888"},
    "perplexity": {"PERPLEXITY_API_KEY": "pplx-key-1234567890"},
}
DEFAULT_ORDER = ["serper", "tavily", "brave", "searxng", "perplexity"]
KNOWN = "serper, tavily, brave, searxng, perplexity, duckduckgo"


def env_for(*names: str, **extra: str) -> dict[str, str]:
    env: dict[str, str] = {}
    for name in names:
        env.update(ENABLERS[name])
    return {**env, **extra}


def chain_of(**env: str) -> list[str]:
    return chain_names(settings(**env))


def problem_with(**env: str) -> str:
    with pytest.raises(ConfigurationError) as caught:
        chain_names(settings(**env))
    return str(caught.value)


# --- the default chain (SEARCHRELAY_PROVIDERS unset) ---------------------------------------------


def test_the_catalog_default_order_is_serper_tavily_brave_searxng_perplexity_then_duckduckgo() -> None:
    assert [spec.name for spec in CATALOG] == [*DEFAULT_ORDER, "duckduckgo"]


@pytest.mark.parametrize(
    ("env", "chain"),
    [
        pytest.param({}, [], id="nothing configured gives an empty chain"),
        pytest.param(env_for("tavily"), ["tavily"], id="one key gives a chain of one"),
        pytest.param(env_for("serper", "tavily"), ["serper", "tavily"], id="the original pair"),
        pytest.param(env_for("perplexity", "brave"), ["brave", "perplexity"], id="keys in any order, catalog order"),
        pytest.param(env_for("searxng", "tavily"), ["tavily", "searxng"], id="a SearXNG URL counts as a key"),
        pytest.param(
            {"OPENROUTER_API_KEY": "sk-or-v1-abcdef123456"}, ["perplexity"], id="OpenRouter alone enables perplexity"
        ),
        pytest.param(
            {**env_for("perplexity"), "OPENROUTER_API_KEY": "sk-or-v1-abcdef123456"},
            ["perplexity"],
            id="both perplexity keys still give one perplexity",
        ),
        pytest.param(env_for(*DEFAULT_ORDER), DEFAULT_ORDER, id="everything configured"),
        pytest.param(
            {"SERPER_API_KEY": "   ", "TAVILY_API_KEY": "", "BRAVE_API_KEY": "\t", "SEARXNG_URL": " "},
            [],
            id="blank and whitespace-only values count as unset",
        ),
        pytest.param({"SERPER_API_KEY": " ", **env_for("brave")}, ["brave"], id="a blank key does not hide the others"),
        pytest.param({"SEARCHRELAY_PROVIDERS": "  ", **env_for("tavily")}, ["tavily"], id="a blank chain is unset"),
        pytest.param({"DUCKDUCKGO_BASE_URL": "http://127.0.0.1:9"}, [], id="duckduckgo never joins by default"),
    ],
)
def test_the_default_chain(env: dict[str, str], chain: list[str]) -> None:
    assert chain_of(**env) == chain


def subsets() -> list[Any]:
    chosen_sets = [c for size in range(len(DEFAULT_ORDER) + 1) for c in combinations(DEFAULT_ORDER, size)]
    return [pytest.param(chosen, id="+".join(chosen) or "none") for chosen in chosen_sets]


@pytest.mark.parametrize("configured", subsets())
def test_every_combination_of_keys_gives_the_configured_providers_in_default_order(
    configured: tuple[str, ...],
) -> None:
    # Enumerated in reverse so that the order in which variables are given can never leak through.
    env = env_for(*reversed(configured))
    assert chain_of(**env) == list(configured)
    assert "duckduckgo" not in chain_of(**env)


# --- an explicit chain (SEARCHRELAY_PROVIDERS) ----------------------------------------------------


@pytest.mark.parametrize(
    ("providers", "chain"),
    [
        pytest.param("tavily,brave,duckduckgo", ["tavily", "brave", "duckduckgo"], id="the order given is kept"),
        pytest.param("Tavily, brave ,duckduckgo", ["tavily", "brave", "duckduckgo"], id="case and spaces tolerated"),
        pytest.param(" PERPLEXITY ,SERPER", ["perplexity", "serper"], id="upper case names"),
        pytest.param("brave,,serper,", ["brave", "serper"], id="empty items are ignored"),
        pytest.param("duckduckgo", ["duckduckgo"], id="duckduckgo alone needs no key"),
        pytest.param("searxng", ["searxng"], id="a subset of the configured providers"),
    ],
)
def test_an_explicit_chain(providers: str, chain: list[str]) -> None:
    assert chain_of(**env_for(*DEFAULT_ORDER), SEARCHRELAY_PROVIDERS=providers) == chain


def test_an_explicit_chain_leaves_out_configured_providers_it_does_not_name() -> None:
    assert chain_of(**env_for("serper", "tavily", "brave"), SEARCHRELAY_PROVIDERS="brave") == ["brave"]


def test_a_chain_of_only_commas_is_not_silently_empty() -> None:
    try:
        chain = chain_of(**env_for("serper"), SEARCHRELAY_PROVIDERS=" , ,")
    except ConfigurationError:
        return
    assert chain == ["serper"]


@pytest.mark.parametrize(
    ("providers", "unknown"),
    [
        pytest.param("bogus", "bogus", id="one unknown name"),
        pytest.param("serper,googl,bing", "googl, bing", id="every unknown name is listed"),
        pytest.param("Serper, DDG", "ddg", id="named lower-cased as read"),
    ],
)
def test_an_unknown_provider_is_named_with_the_known_ones(providers: str, unknown: str) -> None:
    message = problem_with(**env_for("serper"), SEARCHRELAY_PROVIDERS=providers)
    assert f"unknown provider(s) {unknown};" in message
    assert message.endswith(f"known: {KNOWN}.")


@pytest.mark.parametrize(
    ("providers", "needs"),
    [
        pytest.param("brave", ["brave needs BRAVE_API_KEY"], id="brave"),
        pytest.param("serper", ["serper needs SERPER_API_KEY"], id="serper"),
        pytest.param("tavily", ["tavily needs TAVILY_API_KEY"], id="tavily"),
        pytest.param("searxng", ["searxng needs SEARXNG_URL"], id="searxng"),
        pytest.param("perplexity", ["perplexity needs PERPLEXITY_API_KEY or OPENROUTER_API_KEY"], id="perplexity"),
        pytest.param(
            "duckduckgo,searxng,perplexity",
            ["searxng needs SEARXNG_URL", "perplexity needs PERPLEXITY_API_KEY or OPENROUTER_API_KEY"],
            id="every missing one, in the order named",
        ),
    ],
)
def test_a_named_provider_without_its_key_names_exactly_the_missing_variables(providers: str, needs: list[str]) -> None:
    message = problem_with(SEARCHRELAY_PROVIDERS=providers, SERPER_API_KEY="   ")  # blank is as good as missing
    assert message == f"SEARCHRELAY_PROVIDERS names providers that are not configured: {'; '.join(needs)}."


def test_a_missing_key_error_does_not_mention_the_providers_that_are_configured() -> None:
    message = problem_with(**env_for("serper", "tavily"), SEARCHRELAY_PROVIDERS="serper,brave,tavily")
    assert "BRAVE_API_KEY" in message
    assert "SERPER_API_KEY" not in message and "TAVILY_API_KEY" not in message


@pytest.mark.parametrize(
    ("providers", "twice"),
    [
        pytest.param("serper,serper", "serper", id="the same spelling"),
        pytest.param("serper, Tavily ,SERPER,tavily", "serper, tavily", id="after folding case and spaces"),
    ],
)
def test_a_provider_named_twice_is_an_error(providers: str, twice: str) -> None:
    message = problem_with(**env_for("serper", "tavily"), SEARCHRELAY_PROVIDERS=providers)
    assert message == f"SEARCHRELAY_PROVIDERS names {twice} more than once."


def test_unknown_names_are_reported_before_missing_keys() -> None:
    message = problem_with(SEARCHRELAY_PROVIDERS="brave,bogus")
    assert "bogus" in message and "BRAVE_API_KEY" not in message


# --- what the user is told when nothing is configured -------------------------------------------


def test_the_no_provider_message_lists_every_enabling_variable_and_the_keyless_option() -> None:
    message = no_provider_message()
    for variable in (
        "SERPER_API_KEY",
        "TAVILY_API_KEY",
        "BRAVE_API_KEY",
        "SEARXNG_URL",
        "PERPLEXITY_API_KEY",
        "OPENROUTER_API_KEY",
    ):
        assert f"`{variable}`" in message
    assert "`duckduckgo`" in message and "`SEARCHRELAY_PROVIDERS`" in message


def test_the_no_provider_message_names_every_place_configuration_is_read_from() -> None:
    # Desktop clients start servers in / or the home folder: the per-user file is the one that works.
    message = no_provider_message()
    assert "~/.config/searchrelay/.env" in message and "$XDG_CONFIG_HOME/searchrelay/.env" in message
    assert "working directory" in message and "--env-file" in message


def test_key_variables_give_the_advice_for_each_keyed_provider() -> None:
    assert key_variables() == {
        "serper": "SERPER_API_KEY",
        "tavily": "TAVILY_API_KEY",
        "brave": "BRAVE_API_KEY",
        "searxng": "SEARXNG_URL",
        "perplexity": "PERPLEXITY_API_KEY or OPENROUTER_API_KEY",
    }


# --- the container builds exactly the chain --------------------------------------------------------


@pytest.mark.anyio
async def test_the_container_instantiates_only_the_chain_in_chain_order() -> None:
    container = build_container(settings(**env_for(*DEFAULT_ORDER), SEARCHRELAY_PROVIDERS="searxng,duckduckgo,brave"))
    async with running(container):
        assert [port.name for port in await container.search_ports()] == ["searxng", "duckduckgo", "brave"]


@pytest.mark.anyio
async def test_the_container_raises_the_catalog_error_for_a_bad_chain() -> None:
    container = build_container(settings(SEARCHRELAY_PROVIDERS="bogus"))
    with pytest.raises(ConfigurationError, match="unknown provider"):
        async with running(container):
            pass


# --- the Perplexity endpoint, as it reaches the wire -----------------------------------------------

SONAR_ANSWER = {"choices": [{"message": {"content": "Sonar says hi."}}], "citations": ["https://a.example/x"]}


async def sent_to_perplexity(env: dict[str, str], sonar: dict[str, object] = SONAR_ANSWER) -> httpx.Request:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=sonar)

    container = build_container(settings(**env))
    container.http_client.override(providers.Resource(httpx.AsyncClient, transport=httpx.MockTransport(handler)))
    async with running(container):
        (port,) = await container.search_ports()
        answer = await search(port, SearchRequest(query="hello"))
    assert answer.answer == "Sonar says hi."
    (request,) = seen
    return request


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("env", "url", "model", "key"),
    [
        pytest.param(
            {"PERPLEXITY_API_KEY": "pplx-abc123def456"},
            "https://api.perplexity.ai/chat/completions",
            "sonar-pro",
            "pplx-abc123def456",
            id="a pplx- key goes to Perplexity with sonar-pro",
        ),
        pytest.param(
            {"OPENROUTER_API_KEY": "sk-or-v1-abc123def456"},
            "https://openrouter.ai/api/v1/chat/completions",
            "perplexity/sonar-pro",
            "sk-or-v1-abc123def456",
            id="an sk-or- key goes to OpenRouter with its model naming",
        ),
        pytest.param(
            {"PERPLEXITY_API_KEY": "sk-or-v1-pasted-here"},
            "https://openrouter.ai/api/v1/chat/completions",
            "perplexity/sonar-pro",
            "sk-or-v1-pasted-here",
            id="the key's prefix beats the variable it was pasted into",
        ),
        pytest.param(
            {"OPENROUTER_API_KEY": "pplx-pasted-here-too"},
            "https://api.perplexity.ai/chat/completions",
            "sonar-pro",
            "pplx-pasted-here-too",
            id="and the reverse",
        ),
        pytest.param(
            {"PERPLEXITY_API_KEY": "pplx-direct-000111", "OPENROUTER_API_KEY": "sk-or-v1-routed-222333"},
            "https://api.perplexity.ai/chat/completions",
            "sonar-pro",
            "pplx-direct-000111",
            id="a dedicated Perplexity key wins over an OpenRouter one",
        ),
        pytest.param(
            {"PERPLEXITY_API_KEY": "plainkey-000111"},
            "https://api.perplexity.ai/chat/completions",
            "sonar-pro",
            "plainkey-000111",
            id="a key without a known prefix follows its variable: Perplexity",
        ),
        pytest.param(
            {"OPENROUTER_API_KEY": "plainkey-000111"},
            "https://openrouter.ai/api/v1/chat/completions",
            "perplexity/sonar-pro",
            "plainkey-000111",
            id="a key without a known prefix follows its variable: OpenRouter",
        ),
        pytest.param(
            {"PERPLEXITY_API_KEY": "pplx-abc123def456", "PERPLEXITY_MODEL": "sonar-reasoning"},
            "https://api.perplexity.ai/chat/completions",
            "sonar-reasoning",
            "pplx-abc123def456",
            id="PERPLEXITY_MODEL overrides the model",
        ),
        pytest.param(
            {"PERPLEXITY_API_KEY": "pplx-abc123def456", "SEARCHRELAY_PERPLEXITY_MODEL": "sonar-deep-research"},
            "https://api.perplexity.ai/chat/completions",
            "sonar-deep-research",
            "pplx-abc123def456",
            id="SEARCHRELAY_PERPLEXITY_MODEL overrides it too",
        ),
        pytest.param(
            {
                "OPENROUTER_API_KEY": "sk-or-v1-abc123def456",
                "SEARCHRELAY_PERPLEXITY_MODEL": "perplexity/sonar-reasoning-pro",
                "PERPLEXITY_MODEL": "perplexity/sonar",
            },
            "https://openrouter.ai/api/v1/chat/completions",
            "perplexity/sonar-reasoning-pro",
            "sk-or-v1-abc123def456",
            id="with both set, SEARCHRELAY_PERPLEXITY_MODEL wins",
        ),
        pytest.param(
            {
                "PERPLEXITY_API_KEY": "pplx-abc123def456",
                "SEARCHRELAY_PERPLEXITY_MODEL": " ",
                "PERPLEXITY_MODEL": "sonar-reasoning",
            },
            "https://api.perplexity.ai/chat/completions",
            "sonar-reasoning",
            "pplx-abc123def456",
            id="a blank SEARCHRELAY_PERPLEXITY_MODEL leaves PERPLEXITY_MODEL in charge",
        ),
        pytest.param(
            {"OPENROUTER_API_KEY": "sk-or-v1-abc123def456", "PERPLEXITY_BASE_URL": "http://127.0.0.1:9/v1/"},
            "http://127.0.0.1:9/v1/chat/completions",
            "perplexity/sonar-pro",
            "sk-or-v1-abc123def456",
            id="PERPLEXITY_BASE_URL overrides the host and keeps the route's model",
        ),
        pytest.param(
            {"PERPLEXITY_API_KEY": "pplx-abc123def456", "PERPLEXITY_MODEL": "  ", "PERPLEXITY_BASE_URL": ""},
            "https://api.perplexity.ai/chat/completions",
            "sonar-pro",
            "pplx-abc123def456",
            id="blank overrides count as unset",
        ),
    ],
)
async def test_the_perplexity_endpoint_follows_the_keys(env: dict[str, str], url: str, model: str, key: str) -> None:
    request = await sent_to_perplexity(env)
    assert (request.method, str(request.url)) == ("POST", url)
    assert request.headers["authorization"] == f"Bearer {key}"
    body = json.loads(request.content)
    assert body == {"model": model, "messages": [{"role": "user", "content": "hello"}]}


# --- secrets for the redactor ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "secrets"),
    [
        pytest.param(
            {"SEARXNG_URL": "https://reader:s3cr3t-pass@search.example.org"},
            {"s3cr3t-pass"},
            id="the password in SEARXNG_URL",
        ),
        pytest.param({"SEARXNG_URL": "https://search.example.org"}, set(), id="a SEARXNG_URL without a password"),
        pytest.param(
            {**env_for("serper", "tavily", "brave", "perplexity"), "OPENROUTER_API_KEY": "sk-or-v1-abcdef123456"},
            {
                "serper-key-1234567890",
                "tvly-key-1234567890",
                "brave-key-1234567890",
                "pplx-key-1234567890",
                "sk-or-v1-abcdef123456",
            },
            id="every API key",
        ),
        pytest.param({"SERPER_API_KEY": "  "}, set(), id="a blank key is no secret"),
    ],
)
def test_secret_values_hold_every_configured_secret(env: dict[str, str], secrets: set[str]) -> None:
    assert set(settings(**env).secret_values()) == secrets


def test_the_searxng_password_is_masked_by_the_redactor() -> None:
    configured = settings(SEARXNG_URL="https://reader:s3cr3t-pass@search.example.org/")
    redact = Redactor(configured.secret_values())
    assert redact("401 for reader:s3cr3t-pass") == "401 for reader:***"


@pytest.mark.anyio
async def test_a_chosen_sonar_model_answers_with_its_citations_as_results() -> None:
    reasoning = {
        "model": "sonar-reasoning-pro",
        "choices": [{"message": {"content": "<think>steps</think> Sonar says hi [1][2]."}}],
        "citations": ["https://b.example/cited-first", "https://a.example/x"],
        "search_results": [{"title": "A", "url": "https://a.example/x", "date": "2026-11-01", "snippet": "about a"}],
    }
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=reasoning)

    container = build_container(
        settings(PERPLEXITY_API_KEY="pplx-abc123def456", SEARCHRELAY_PERPLEXITY_MODEL="sonar-reasoning-pro")
    )
    container.http_client.override(providers.Resource(httpx.AsyncClient, transport=httpx.MockTransport(handler)))
    async with running(container):
        (port,) = await container.search_ports()
        answer = await search(port, SearchRequest(query="hello", num_results=5))
    assert json.loads(seen[0].content)["model"] == "sonar-reasoning-pro"
    assert [(r.link, r.title, r.published) for r in answer.results] == [
        ("https://b.example/cited-first", "b.example/cited-first", None),
        ("https://a.example/x", "A", "2026-11-01"),
    ]
