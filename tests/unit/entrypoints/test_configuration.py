"""Where the configuration comes from, and what a wrong value says at start-up."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from dotenv import dotenv_values
from pydantic import ValidationError

from entrypoints.configuration import ConfigurationProblem, env_files, settings_problems, user_config_file
from entrypoints.settings import Settings


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"XDG_CONFIG_HOME": "/xdg", "HOME": "/home/ann"}, "/xdg/searchrelay/.env"),
        ({"HOME": "/home/ann"}, "/home/ann/.config/searchrelay/.env"),
        ({"XDG_CONFIG_HOME": "", "HOME": "/home/ann"}, "/home/ann/.config/searchrelay/.env"),
        ({"XDG_CONFIG_HOME": "relative/dir", "HOME": "/home/ann"}, "/home/ann/.config/searchrelay/.env"),
        ({}, None),
    ],
    ids=["XDG_CONFIG_HOME", "HOME", "empty XDG", "relative XDG is ignored", "neither"],
)
def test_the_user_config_file_follows_the_xdg_rules(environ: dict[str, str], expected: str | None) -> None:
    found = user_config_file(environ)
    assert (str(found) if found else None) == expected


def test_env_files_are_the_existing_ones_lowest_priority_first(tmp_path: Path) -> None:
    xdg, cwd = tmp_path / "xdg", tmp_path / "project"
    (xdg / "searchrelay").mkdir(parents=True)
    cwd.mkdir()
    (xdg / "searchrelay" / ".env").write_text("A=1\n")
    (cwd / ".env").write_text("A=2\n")
    explicit = tmp_path / "chosen.env"
    explicit.write_text("A=3\n")
    environ = {"XDG_CONFIG_HOME": str(xdg)}
    assert env_files(explicit, environ, cwd) == (xdg / "searchrelay" / ".env", cwd / ".env", explicit)
    assert env_files(None, environ, cwd) == (xdg / "searchrelay" / ".env", cwd / ".env")
    assert env_files(None, {"XDG_CONFIG_HOME": str(tmp_path / "none")}, tmp_path / "empty") == ()


def test_a_file_reached_twice_is_read_once(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("A=1\n")
    assert env_files(tmp_path / ".env", {}, tmp_path) == (tmp_path / ".env",)


@pytest.mark.parametrize("make", ["missing", "a folder"])
def test_an_env_file_that_cannot_be_read_is_one_line_naming_it(tmp_path: Path, make: str) -> None:
    path = tmp_path / "given.env"
    if make == "a folder":
        path.mkdir()
    with pytest.raises(ConfigurationProblem) as caught:
        env_files(path, {}, tmp_path)
    (line,) = caught.value.lines
    assert line.startswith(f"--env-file {path}: ") and len(line.splitlines()) == 1


def problems(values: dict[str, object]) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        Settings.from_values(values)
    return settings_problems(caught.value)


@pytest.mark.parametrize(
    ("values", "lines"),
    [
        (
            {"SEARCHRELAY_TIMEOUT_SECONDS": "soon"},
            ["SEARCHRELAY_TIMEOUT_SECONDS must be a number of seconds above 0 and at most 120."],
        ),
        (
            {"SEARCHRELAY_DEADLINE_SECONDS": "0"},
            ["SEARCHRELAY_DEADLINE_SECONDS must be a number of seconds above 0 and at most 600."],
        ),
        (
            {"SEARCHRELAY_CACHE_MAX_ENTRIES": "1.5"},
            ["SEARCHRELAY_CACHE_MAX_ENTRIES must be a whole number from 1 to 1000000."],
        ),
        (
            {"SEARCHRELAY_HEDGE_AFTER_SECONDS": "-1"},
            ["SEARCHRELAY_HEDGE_AFTER_SECONDS must be a number of seconds from 0 to 60."],
        ),
        (
            {"SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "perhaps"},
            ["SEARCHRELAY_ALLOW_PRIVATE_NETWORKS must be true or false."],
        ),
        (
            {"SEARCHRELAY_EXTRACTION_HELPERS": "sometimes"},
            ["SEARCHRELAY_EXTRACTION_HELPERS must be true or false."],
        ),
        (
            {"SEARCHRELAY_LOG_LEVEL": "chatty"},
            ["SEARCHRELAY_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL."],
        ),
        (
            {"SERPER_BASE_URL": "google.serper.dev"},
            ["SERPER_BASE_URL must be an http:// or https:// URL, e.g. https://google.serper.dev."],
        ),
        (
            {"SEARXNG_URL": "ftp://searx.example.org"},
            ["SEARXNG_URL must be an http:// or https:// URL, e.g. https://searx.example.org."],
        ),
        (
            {"PERPLEXITY_BASE_URL": "https://"},
            ["PERPLEXITY_BASE_URL must be an http:// or https:// URL, e.g. https://api.perplexity.ai."],
        ),
        (
            {"TAVILY_BASE_URL": "nope", "SEARCHRELAY_PAGE_CONCURRENCY": "0"},
            [
                "TAVILY_BASE_URL must be an http:// or https:// URL, e.g. https://api.tavily.com.",
                "SEARCHRELAY_PAGE_CONCURRENCY must be a whole number from 1 to 50.",
            ],
        ),
        ({"SEARCHRELAY_HTTP_PORT": "http"}, ["SEARCHRELAY_HTTP_PORT must be a whole number from 0 to 65535."]),
        (
            {"SEARCHRELAY_HTTP_HOST": "http://0.0.0.0/"},
            ["SEARCHRELAY_HTTP_HOST must be a host name or an IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0."],
        ),
        (
            {"SEARCHRELAY_HTTP_TOKENS": "short,tok en-but-long-enough"},
            ["SEARCHRELAY_HTTP_TOKENS must be comma-separated bearer tokens of at least 16 characters each "
             "(letters, digits and - . _ ~ + /), e.g. made with: openssl rand -hex 32."],
        ),
        (
            {"SEARCHRELAY_OAUTH_ISSUER": "auth.example"},
            ["SEARCHRELAY_OAUTH_ISSUER must be the authorization server's http:// or https:// URL, "
             "e.g. https://auth.example.org."],
        ),
        (
            {"SEARCHRELAY_REDIS_URL": "http://cache.internal:6379"},
            ["SEARCHRELAY_REDIS_URL must be a redis://, rediss:// or unix:// URL, e.g. redis://127.0.0.1:6379/0."],
        ),
        (
            {"SEARCHRELAY_REDIS_TIMEOUT_SECONDS": "0"},
            ["SEARCHRELAY_REDIS_TIMEOUT_SECONDS must be a number of seconds above 0 and at most 5."],
        ),
        (
            {"SEARCHRELAY_SITE_RESOLVERS": "github,twitter"},
            ["SEARCHRELAY_SITE_RESOLVERS must be all, off, or a comma-separated choice among "
             "stackexchange, github, gitlab, wikipedia, arxiv, hackernews, reddit, discourse, mastodon, "
             "googledocs, crates, apple, docc, bluesky, sharedfiles, openreview, youtube, jira, apidocs, x, bugzilla, "
             "mediawiki, doi, gerrit, wayback, europepmc, dockerhub, semanticscholar, confluence, vimeo, lobsters."],
        ),
        (
            {"SEARCHRELAY_STACKEXCHANGE_API_URL": "api.stackexchange.com/2.3"},
            ["SEARCHRELAY_STACKEXCHANGE_API_URL must be an http:// or https:// URL, "
             "e.g. https://api.stackexchange.com/2.3."],
        ),
        (
            {"SEARCHRELAY_WIKIPEDIA_API_URL": "ftp://{lang}.wikipedia.org/w/api.php"},
            ["SEARCHRELAY_WIKIPEDIA_API_URL must be an http:// or https:// URL, "
             "e.g. https://{lang}.wikipedia.org/w/api.php."],
        ),
        (
            {"SEARCHRELAY_ARXIV_URL": "https://arxiv.org:port"},
            ["SEARCHRELAY_ARXIV_URL must be an http:// or https:// URL, e.g. https://arxiv.org."],
        ),
        (
            {"SEARCHRELAY_BREAKER_COOLDOWN_SECONDS": "900", "SEARCHRELAY_BREAKER_MAX_COOLDOWN_SECONDS": "60"},
            ["SEARCHRELAY_BREAKER_COOLDOWN_SECONDS must not exceed SEARCHRELAY_BREAKER_MAX_COOLDOWN_SECONDS"],
        ),
    ],
)  # fmt: skip
def test_a_wrong_setting_is_one_line_naming_the_variable_and_the_form(
    values: dict[str, object], lines: list[str]
) -> None:
    assert problems(values) == lines


def test_a_wrong_value_is_never_repeated_it_may_be_a_secret() -> None:
    secret = "https://user:hunter2-secret@searx.example.org:notaport"
    (line,) = problems({"SEARXNG_URL": secret})
    assert "hunter2" not in line and secret not in line


def test_every_setting_has_a_form_in_words() -> None:
    for field in Settings.model_fields:
        form = Settings.expected_form(field)
        assert form and "<class" not in form and "annotation" not in form


def test_settings_from_values_read_neither_the_environment_nor_a_dotenv_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SERPER_API_KEY", "from-the-environment")
    monkeypatch.setenv("SEARCHRELAY_TIMEOUT_SECONDS", "99")
    (tmp_path / ".env").write_text("TAVILY_API_KEY=from-a-dotenv-file\n")
    monkeypatch.chdir(tmp_path)
    settings = Settings.from_values({"BRAVE_API_KEY": "given"})
    assert settings.serper_api_key is None and settings.tavily_api_key is None
    assert settings.timeout_seconds == 10.0
    assert settings.brave_api_key is not None and settings.brave_api_key.get_secret_value() == "given"


def test_the_example_file_as_copied_is_a_valid_configuration() -> None:
    example = Path(__file__).resolve().parents[3] / ".env.example"
    values = {k: v for k, v in dotenv_values(example).items() if v is not None}  # the parser pydantic-settings uses
    settings = Settings.from_values(values)
    assert settings.serper_base_url == "https://google.serper.dev" and settings.perplexity_base_url is None
    assert settings.serper_api_key is None


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_base_url_means_the_default(blank: str) -> None:
    assert Settings.from_values({"BRAVE_BASE_URL": blank}).brave_base_url == "https://api.search.brave.com"


def test_each_bearer_token_is_a_secret_on_its_own() -> None:
    first, second = "a" * 20, "b-" + "c" * 30
    settings = Settings.from_values({"SEARCHRELAY_HTTP_TOKENS": f" {first} ,{second},"})
    assert settings.http_token_list() == [first, second]
    assert {first, second} <= set(settings.secret_values())
    assert first not in repr(settings) and first not in str(settings.model_dump())


def test_a_redis_url_is_a_secret_and_so_is_its_password() -> None:
    settings = Settings.from_values({"SEARCHRELAY_REDIS_URL": " redis://:s3cret%21pw@cache.internal:6379/2 "})
    assert settings.redis_url is not None
    assert settings.redis_url.get_secret_value() == "redis://:s3cret%21pw@cache.internal:6379/2"
    assert {"redis://:s3cret%21pw@cache.internal:6379/2", "s3cret%21pw", "s3cret!pw"} <= set(settings.secret_values())
    assert "s3cret" not in repr(settings)


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_redis_url_means_memory(blank: str) -> None:
    assert Settings.from_values({"SEARCHRELAY_REDIS_URL": blank}).redis_url is None


@pytest.mark.parametrize(("cpus", "helpers"), [({0}, False), ({0, 1}, True), ({0, 1, 2, 3}, True)])
def test_extraction_helpers_are_on_by_default_only_with_a_second_cpu_to_run_on(
    monkeypatch: pytest.MonkeyPatch, cpus: set[int], helpers: bool
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: cpus)
    assert Settings.from_values({}).extraction_helpers is helpers
    assert Settings.from_values({"SEARCHRELAY_EXTRACTION_HELPERS": "true"}).extraction_helpers is True
