"""Provider key settings as pools, and SEARCHRELAY_FANOUT: parsing, secrecy, the pools the container builds."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from adapters.clock import SystemClock
from domain.redaction import Redactor
from entrypoints import provider_catalog
from entrypoints.configuration import settings_problems
from entrypoints.provider_status import render_report
from entrypoints.search_adapters import build_key_pools
from entrypoints.settings import KEY_FIELDS, Settings

ONE, TWO, THREE = "pool-key-AAAA-1111", "pool-key-BBBB-2222", "sk-or-v1-CCCC-3333"


@pytest.mark.parametrize("field", KEY_FIELDS)
def test_every_key_setting_takes_several_comma_separated_keys(field: str) -> None:
    variable = Settings.model_fields[field].validation_alias
    settings = Settings.from_values({variable: f" {ONE} ,{TWO},, "})
    assert [k.get_secret_value() for k in settings.keys(field)] == [ONE, TWO]


def test_each_key_of_a_pool_is_a_secret_on_its_own() -> None:
    settings = Settings.from_values({"SERPER_API_KEY": f"{ONE},{TWO}", "OPENROUTER_API_KEY": THREE})
    assert {ONE, TWO, THREE} <= set(settings.secret_values())
    redact = Redactor(settings.secret_values())
    assert redact(f"sent {TWO} then {ONE}") == "sent *** then ***"
    assert ONE not in repr(settings)


@pytest.mark.parametrize("listed", [",", " , ,", ""])
def test_a_setting_that_lists_no_key_leaves_the_provider_unconfigured(listed: str) -> None:
    settings = Settings.from_values({"SERPER_API_KEY": listed, "TAVILY_API_KEY": ONE})
    assert settings.serper_api_key is None
    assert provider_catalog.chain_names(settings) == ["tavily"]


def test_the_container_builds_one_pool_per_keyed_provider() -> None:
    settings = Settings.from_values(
        {"SERPER_API_KEY": f"{ONE},{TWO}", "BRAVE_API_KEY": ONE, "OPENROUTER_API_KEY": f"{THREE},{TWO}"}
    )
    pools = build_key_pools(settings, SystemClock(), None)
    assert {name: len(pool) for name, pool in pools.items()} == {"serper": 2, "brave": 1, "perplexity": 2}
    assert pools["serper"].status().describe() == "2 keys: 2 usable"


def test_a_perplexity_key_wins_over_openrouter_keys_for_the_pool() -> None:
    settings = Settings.from_values({"PERPLEXITY_API_KEY": "pplx-DDDD-4444", "OPENROUTER_API_KEY": f"{THREE},{TWO}"})
    assert len(build_key_pools(settings, SystemClock(), None)["perplexity"]) == 1


@pytest.mark.parametrize(("value", "fanout"), [(None, 1), ("1", 1), ("2", 2), ("6", 6)])
def test_fanout_defaults_to_one(value: str | None, fanout: int) -> None:
    values = {} if value is None else {"SEARCHRELAY_FANOUT": value}
    assert Settings.from_values(values).fanout == fanout


@pytest.mark.parametrize("value", ["0", "7", "two"])
def test_a_wrong_fanout_is_one_line(value: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Settings.from_values({"SEARCHRELAY_FANOUT": value})
    assert settings_problems(caught.value) == ["SEARCHRELAY_FANOUT must be a whole number from 1 to 6."]


def test_the_cli_report_shows_the_pool_beside_the_circuit() -> None:
    row = {
        "position": 1,
        "name": "serper",
        "role": "primary",
        "configured_by": "SERPER_API_KEY=set",
        "keys": "3 keys: 2 usable, 1 rejected (key #2)",
        "circuit": "closed",
        "circuit_open_until": None,
        "latency_samples": 0,
        "last_failure": None,
    }
    line = render_report({"chain": [row], "not_in_chain": []})
    assert "[3 keys: 2 usable, 1 rejected (key #2); circuit closed; no calls yet]" in line
