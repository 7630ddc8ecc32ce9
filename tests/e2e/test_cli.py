"""The `searchrelay` command for people: search, providers, configuration errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from tests.e2e.conftest import searchrelay_command
from tests.support.fake_provider import FakeProvider, json_reply, serper_reply, tavily_reply
from tests.support.page_server import Page, PageServer

SERPER_KEY = "serper-CLI-0a1b2c3d4e5f6a7b"
TAVILY_KEY = "tvly-CLI-7a6b5c4d3e2f1a0b"


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [searchrelay_command(), *args],
        env={"PATH": os.environ.get("PATH", ""), "HOME": str(cwd), **env},
        cwd=cwd,
        stdin=subprocess.DEVNULL,  # `serve` must never wait on the test's own stdin
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_search_prints_markdown(fake_serper: FakeProvider, tmp_path: Path) -> None:
    fake_serper.answer(serper_reply(2))
    done = run(
        ["search", "hello world", "-n", "2"],
        {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url},
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"^1\. <<<UNTRUSTED_[0-9a-f]{16} result 1>>>\n   \*\*serper result 1\*\*$", done.stdout, re.M)
    assert "Answered by serper" in done.stdout
    assert fake_serper.requests[0].json() == {"q": "hello world", "num": 2}


def test_search_json_prints_the_structured_result(
    fake_serper: FakeProvider, fake_tavily: FakeProvider, tmp_path: Path
) -> None:
    fake_serper.answer(json_reply(503, {"message": "unavailable"}))
    fake_tavily.answer(tavily_reply(1))
    env = {
        "SERPER_API_KEY": SERPER_KEY,
        "SERPER_BASE_URL": fake_serper.url,
        "TAVILY_API_KEY": TAVILY_KEY,
        "TAVILY_BASE_URL": fake_tavily.url,
    }
    done = run(["search", "q", "--json"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["provider"] == "tavily"
    assert [a["outcome"] for a in data["attempts"]] == ["server_error", "ok"]


def test_a_failed_search_goes_to_stderr_with_a_nonzero_exit(fake_serper: FakeProvider, tmp_path: Path) -> None:
    fake_serper.answer(json_reply(403, {"message": f"Unauthorized {SERPER_KEY}"}))
    done = run(["search", "q"], {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url}, tmp_path)
    assert done.returncode == 1
    assert done.stdout == ""
    assert "check SERPER_API_KEY" in done.stderr
    assert SERPER_KEY not in done.stderr


def test_no_keys_fails_naming_both_variables(tmp_path: Path) -> None:
    done = run(["search", "q"], {}, tmp_path)
    assert done.returncode == 1
    assert "SERPER_API_KEY" in done.stderr and "TAVILY_API_KEY" in done.stderr


def test_providers_shows_the_chain_with_masked_keys(tmp_path: Path) -> None:
    done = run(["providers"], {"SERPER_API_KEY": SERPER_KEY, "TAVILY_API_KEY": TAVILY_KEY}, tmp_path)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].split()[:3] == ["1.", "serper", "primary"]
    assert lines[1].split()[:3] == ["2.", "tavily", "fallback"]
    assert SERPER_KEY not in done.stdout and TAVILY_KEY not in done.stdout


def test_providers_shows_a_key_pool_by_counts_never_a_key(tmp_path: Path) -> None:
    second = "serper-CLI-second-9f8e7d6c5b4a"
    done = run(["providers"], {"SERPER_API_KEY": f"{SERPER_KEY}, {second}"}, tmp_path)
    assert done.returncode == 0
    assert "[2 keys: 2 usable; circuit closed" in done.stdout
    assert SERPER_KEY not in done.stdout + done.stderr and second not in done.stdout + done.stderr


def test_a_dotenv_file_in_the_working_directory_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"TAVILY_API_KEY={TAVILY_KEY}\nSERPER_API_KEY=from-dotenv-0000000000\n")
    done = run(["providers", "--json"], {"SERPER_API_KEY": ""}, tmp_path)
    assert done.returncode == 0
    assert [p["name"] for p in json.loads(done.stdout)["chain"]] == ["tavily"]


def test_bad_configuration_and_bad_arguments_get_clear_errors(tmp_path: Path) -> None:
    done = run(["providers"], {"SEARCHRELAY_TIMEOUT_SECONDS": "soon"}, tmp_path)
    assert done.returncode == 2
    assert "SEARCHRELAY_TIMEOUT_SECONDS" in done.stderr and "Traceback" not in done.stderr
    done = run(["search", "q", "-n", "50"], {}, tmp_path)
    assert done.returncode == 2 and "out of range" in done.stderr
    done = run(["search", "   "], {"SERPER_API_KEY": SERPER_KEY}, tmp_path)
    assert done.returncode == 2 and "1 to 2000 characters" in done.stderr


def test_the_user_config_file_is_read_wherever_the_server_starts_and_providers_names_it(tmp_path: Path) -> None:
    config = tmp_path / "home" / ".config" / "searchrelay"
    config.mkdir(parents=True)
    (config / ".env").write_text(f"TAVILY_API_KEY={TAVILY_KEY}\n")
    started_in = tmp_path / "elsewhere"
    started_in.mkdir()
    done = run(["providers"], {"HOME": str(tmp_path / "home")}, started_in)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:2] == ["1.", "tavily"]
    assert f".env files read: {config / '.env'}" in lines
    assert f"no .env file at: {started_in / '.env'} (or pass --env-file PATH)" in lines


def test_xdg_config_home_moves_the_user_config_file(tmp_path: Path) -> None:
    (tmp_path / "xdg" / "searchrelay").mkdir(parents=True)
    (tmp_path / "xdg" / "searchrelay" / ".env").write_text(f"SERPER_API_KEY={SERPER_KEY}\n")
    done = run(["providers", "--json"], {"XDG_CONFIG_HOME": str(tmp_path / "xdg")}, tmp_path)
    report = json.loads(done.stdout)
    assert [p["name"] for p in report["chain"]] == ["serper"]
    assert report["env_files_read"] == [str(tmp_path / "xdg" / "searchrelay" / ".env")]


def test_env_file_wins_over_the_working_directory_and_the_environment_wins_over_both(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("SEARCHRELAY_PROVIDERS=serper\nSERPER_API_KEY=from-cwd-000000000000\n")
    chosen = tmp_path / "chosen.env"
    chosen.write_text(f"SEARCHRELAY_PROVIDERS=tavily\nTAVILY_API_KEY={TAVILY_KEY}\n")
    done = run(["providers", "--json", "--env-file", str(chosen)], {}, tmp_path)
    report = json.loads(done.stdout)
    assert [p["name"] for p in report["chain"]] == ["tavily"]
    assert report["env_files_read"] == [str(tmp_path / ".env"), str(chosen)]
    done = run(["--env-file", str(chosen), "providers", "--json"], {"SEARCHRELAY_PROVIDERS": "serper"}, tmp_path)
    assert [p["name"] for p in json.loads(done.stdout)["chain"]] == ["serper"]


def test_a_missing_env_file_stops_start_up_with_one_line(tmp_path: Path) -> None:
    done = run(["--env-file", str(tmp_path / "nowhere.env")], {}, tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"searchrelay: --env-file {tmp_path / 'nowhere.env'}: No such file or directory\n"


def test_a_bad_base_url_stops_the_server_with_one_line_naming_it(tmp_path: Path) -> None:
    done = run([], {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": "localhost:8080"}, tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "searchrelay: SERPER_BASE_URL must be an http:// or https:// URL, e.g. https://google.serper.dev.\n"
    )


def test_a_certificate_file_that_cannot_be_used_stops_the_server_and_a_search_with_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.pem"
    expected = (
        f"searchrelay: SSL_CERT_FILE={missing} cannot be used as trusted certificates (no such file or directory); "
        "point it at a PEM file of CA certificates, or unset it to use the bundled ones\n"
    )
    for args in ([], ["search", "hello"], ["serve", "--http", "--port", "0"]):
        done = run(args, {"SERPER_API_KEY": SERPER_KEY, "SSL_CERT_FILE": str(missing)}, tmp_path)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", expected), args


def test_search_news_with_domain_filters_goes_to_serper_news_and_keeps_excluded_sites_out(
    fake_serper: FakeProvider, tmp_path: Path
) -> None:
    news = [
        {
            "title": "Kept",
            "link": "https://kept.example/a",
            "snippet": "s",
            "date": "3 hours ago",
            "source": "Kept Daily",
        },
        {"title": "Dropped", "link": "https://www.blocked.example/b", "snippet": "s", "date": "1 hour ago"},
    ]
    fake_serper.answer(json_reply(200, {"searchParameters": {"q": "q", "type": "news"}, "news": news}))
    done = run(
        ["search", "rates", "--topic", "news", "--exclude-domains", "blocked.example,other.example", "--json"],
        {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url},
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    (sent,) = fake_serper.requests
    assert sent.path == "/news"
    assert sent.json() == {"q": "rates -site:blocked.example -site:other.example", "num": 3}
    data = json.loads(done.stdout)
    assert [(r["link"], r["published"], r["site_name"]) for r in data["results"]] == [
        ("https://kept.example/a", "3 hours ago", "Kept Daily")
    ]


def test_a_bad_domain_is_a_usage_error_before_any_call(fake_serper: FakeProvider, tmp_path: Path) -> None:
    done = run(
        ["search", "q", "--include-domains", "https://python.org/"],
        {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url},
        tmp_path,
    )
    assert done.returncode == 2
    assert "include_domains entry 'https://python.org/' is not a host name" in done.stderr
    assert fake_serper.requests == []


def test_providers_says_what_reads_pages_without_showing_the_token(tmp_path: Path) -> None:
    browser = tmp_path / "chromium"
    started = tmp_path / "browser-started"
    browser.write_text(f"#!/bin/sh\ntouch {started}\nexit 1\n")  # the command only looks at the path
    browser.chmod(0o755)
    env = {
        "SERPER_API_KEY": SERPER_KEY,
        "GITHUB_TOKEN": "ghp_CLI_never_printed",
        "SEARCHRELAY_SITE_RESOLVERS": "stackexchange,github",
        "SEARCHRELAY_BROWSER": "auto",
        "SEARCHRELAY_BROWSER_PATH": str(browser),
    }
    done = run(["providers"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "site resolvers (SEARCHRELAY_SITE_RESOLVERS=stackexchange,github): stackexchange (" in done.stdout
    assert "GITHUB_TOKEN set" in done.stdout and "SEARCHRELAY_STACKEXCHANGE_KEY not set" in done.stdout
    assert (
        "off: gitlab, wikipedia, arxiv, hackernews, reddit, discourse, mastodon, googledocs, crates, apple, docc, "
        "bluesky, sharedfiles, openreview" in done.stdout
    )
    assert f"browser rendering (SEARCHRELAY_BROWSER=auto): on, {browser} found" in done.stdout
    as_json = run(["providers", "--json"], env, tmp_path)
    reading = json.loads(as_json.stdout)["page_reading"]
    assert [s["name"] for s in reading["site_resolvers"]["sites"] if s["on"]] == ["stackexchange", "github"]
    assert reading["browser"]["browser_found"] is True and reading["browser"]["renders"] is True
    assert "ghp_CLI_never_printed" not in done.stdout + done.stderr + as_json.stdout + as_json.stderr
    assert not started.exists()


# --- fetch --------------------------------------------------------------------------------------------

ZEBRAS = "Zebra stripes confuse the biting flies that carry disease, field studies found."
LONG_PAGE = "# Savanna notes\n\n" + "\n\n".join(
    ZEBRAS if i == 250 else f"Paragraph {i} tells a long story about savanna weather, grass and rivers."
    for i in range(600)
)
PRIVATE = {"SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": "true"}


def test_fetch_prints_the_page_and_with_focus_the_passages_that_answer(tmp_path: Path) -> None:
    with PageServer({"/notes.md": Page(LONG_PAGE.encode(), content_type="text/markdown")}) as pages:
        url = pages.url("/notes.md")
        plain = run(["fetch", url, "--max-bytes", "4096"], PRIVATE, tmp_path)
        focused = run(["fetch", url, "--max-bytes", "4096", "--focus", "why do zebras have stripes"], PRIVATE, tmp_path)
        as_json = run(["fetch", url, "--max-bytes", "4096", "--focus", "zebra stripes", "--json"], PRIVATE, tmp_path)
        small = run(["fetch", url, "--max-chars", "2000"], PRIVATE, tmp_path)
    assert plain.returncode == focused.returncode == as_json.returncode == small.returncode == 0, plain.stderr
    assert "Paragraph 1 tells" in plain.stdout and ZEBRAS not in plain.stdout
    assert ZEBRAS in focused.stdout and "Focused on the query" in focused.stdout
    data = json.loads(as_json.stdout)  # the fields of web_fetch's structured content
    assert data["focused"] is True and ZEBRAS in data["content"] and data["next_start_index"] > 0
    assert data["url"] == url and data["truncated"] is True and data["source_note"] is None
    assert data["title"] is None  # Markdown declares none
    assert len(small.stdout.rstrip("\n")) <= 2000 and "start_index=" in small.stdout


def test_fetch_and_search_refuse_a_focus_or_max_chars_out_of_range_before_any_call(tmp_path: Path) -> None:
    for args in (
        ["fetch", "https://example.org/", "--focus", "   "],
        ["fetch", "https://example.org/", "--max-chars", "1999"],
        ["search", "q", "--max-chars", "200001"],
    ):
        done = run(args, {"SERPER_API_KEY": SERPER_KEY}, tmp_path)
        assert done.returncode == 2, args
        assert (
            done.stderr.strip()
            .splitlines()[-1]
            .endswith(("use 1 to 2000 characters after trimming spaces", "out of range; use 2000 to 200000"))
        ), done.stderr


def test_search_with_full_pages_fits_max_chars(fake_serper: FakeProvider, tmp_path: Path) -> None:
    with PageServer({f"/{i}.md": Page(LONG_PAGE.encode(), content_type="text/markdown") for i in range(3)}) as pages:
        organic = [
            {"title": f"notes {i}", "link": pages.url(f"/{i}.md"), "snippet": "s", "position": i} for i in range(3)
        ]
        fake_serper.answer(json_reply(200, {"searchParameters": {"q": "q"}, "organic": organic}))
        env = {"SERPER_API_KEY": SERPER_KEY, "SERPER_BASE_URL": fake_serper.url, **PRIVATE}
        done = run(["search", "zebra stripes", "--full-pages", "--max-chars", "3000"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.rstrip("\n")) <= 3000 and done.stdout.count(ZEBRAS) == 3
