"""`searchrelay providers` on what reads pages: the site resolvers, their credentials, the browser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from entrypoints.reading_status import reading_report, render_reading
from entrypoints.settings import Settings


def executable(tmp_path: Path) -> str:
    path = tmp_path / "chromium"
    path.write_text("#!/bin/sh\nexit 1\n")  # never run: the report only looks at the path
    path.chmod(0o755)
    return str(path)


def test_the_resolvers_on_and_whether_their_credentials_are_set_never_their_values() -> None:
    settings = Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "github,arxiv", "GITHUB_TOKEN": "ghp_never_shown"})
    report = reading_report(settings, driver_installed=lambda: True)
    sites = {site["name"]: site for site in report["site_resolvers"]["sites"]}
    assert [name for name, site in sites.items() if site["on"]] == ["github", "arxiv"]
    assert sites["github"]["credential"]["set"] is True
    assert sites["stackexchange"]["credential"] == {
        "variable": "SEARCHRELAY_STACKEXCHANGE_KEY",
        "set": False,
        "for": "optional: raises the daily quota",
    }
    assert sites["arxiv"]["credential"] is None
    lines = render_reading(report)
    assert lines[0] == (
        "site resolvers (SEARCHRELAY_SITE_RESOLVERS=github,arxiv): github (GITHUB_TOKEN set, optional: raises the "
        "rate limit; discussions need it); arxiv; off: stackexchange, gitlab, wikipedia, hackernews, reddit, "
        "discourse, mastodon, googledocs, crates, apple, docc, bluesky, sharedfiles, openreview, youtube, jira, "
        "apidocs, x, bugzilla, mediawiki, doi, gerrit, wayback, europepmc, dockerhub, semanticscholar, confluence, "
        "vimeo, lobsters"
    )
    assert "ghp_never_shown" not in json.dumps(report) + "\n".join(lines)


def test_resolvers_turned_off_say_none() -> None:
    report = reading_report(Settings.from_values({"SEARCHRELAY_SITE_RESOLVERS": "off"}), driver_installed=lambda: True)
    assert not any(site["on"] for site in report["site_resolvers"]["sites"])
    assert render_reading(report)[0] == "site resolvers (SEARCHRELAY_SITE_RESOLVERS=off): none"


def test_a_browser_that_is_on_and_found_renders(tmp_path: Path) -> None:
    values = {"SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": executable(tmp_path)}
    report = reading_report(Settings.from_values(values), driver_installed=lambda: True)
    assert report["browser"] == {
        "setting": "auto",
        "path": values["SEARCHRELAY_BROWSER_PATH"],
        "browser_found": True,
        "playwright_installed": True,
        "renders": True,
    }
    assert (
        render_reading(report)[1] == f"browser rendering (SEARCHRELAY_BROWSER=auto): on, {executable(tmp_path)} found"
    )


@pytest.mark.parametrize(
    ("found", "driver", "says"),
    [
        (False, True, "on, but pages will not render: no browser at {path} (SEARCHRELAY_BROWSER_PATH)"),
        (True, False, "on, but pages will not render: Playwright is not installed (the searchrelay[browser] extra)"),
    ],
)
def test_a_browser_that_is_on_but_cannot_render_says_what_is_missing(
    tmp_path: Path, found: bool, driver: bool, says: str
) -> None:
    path = executable(tmp_path) if found else str(tmp_path / "missing-chromium")
    settings = Settings.from_values({"SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": path})
    report = reading_report(settings, driver_installed=lambda: driver)
    assert report["browser"]["renders"] is False
    assert render_reading(report)[1] == "browser rendering (SEARCHRELAY_BROWSER=auto): " + says.format(path=path)


def test_a_file_that_is_not_executable_is_not_a_browser(tmp_path: Path) -> None:
    path = tmp_path / "chromium"
    path.write_text("not a program")
    settings = Settings.from_values({"SEARCHRELAY_BROWSER": "auto", "SEARCHRELAY_BROWSER_PATH": str(path)})
    assert reading_report(settings, driver_installed=lambda: True)["browser"]["browser_found"] is False


def test_the_browser_off_is_said_with_how_to_turn_it_on(tmp_path: Path) -> None:
    settings = Settings.from_values({"SEARCHRELAY_BROWSER_PATH": str(tmp_path / "none")})
    report = reading_report(settings, driver_installed=lambda: True)
    assert report["browser"]["renders"] is False
    assert render_reading(report)[1] == (
        f"browser rendering (SEARCHRELAY_BROWSER=off): off ({tmp_path / 'none'} not found; "
        "SEARCHRELAY_BROWSER=auto renders JavaScript pages)"
    )


def test_the_archive_withheld_pages_are_read_from_is_said() -> None:
    on = render_reading(reading_report(Settings.from_values({}), driver_installed=lambda: True))
    assert on[2] == (
        "archived copies (SEARCHRELAY_ARCHIVED_COPIES=true): a page its site withholds (a bot check, a sign-in "
        "page, an error, a parked or dead site) is read from https://web.archive.org"
    )
    values = {"SEARCHRELAY_ARCHIVED_COPIES": "false"}
    off = render_reading(reading_report(Settings.from_values(values), driver_installed=lambda: True))
    assert off[2] == (
        "archived copies (SEARCHRELAY_ARCHIVED_COPIES=false): off (a page its site withholds is said as refused)"
    )
