"""What reads pages besides the generic fetch (CLI `providers`): the site resolvers, the browser and
the archive that withheld pages are read from.

Read from the settings and the file system only: no API is called and no browser is started, so
the command stays instant and free. Credentials are reported as set or not, never shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adapters.browser.chromium import executable_found, playwright_installed
from entrypoints.settings import Settings
from entrypoints.site_settings import SITE_NAMES

# What each resolver's credential is for; sites without one need none.
_CREDENTIALS = {
    "stackexchange": ("SEARCHRELAY_STACKEXCHANGE_KEY", "stackexchange_key", "optional: raises the daily quota"),
    "github": ("GITHUB_TOKEN", "github_token", "optional: raises the rate limit; discussions need it"),
    "semanticscholar": (
        "SEARCHRELAY_SEMANTICSCHOLAR_KEY",
        "semanticscholar_key",
        "optional: a rate limit of its own rather than the shared one",
    ),
}


def reading_report(
    settings: Settings, *, driver_installed: Callable[[], bool] = playwright_installed
) -> dict[str, Any]:
    enabled = settings.enabled_sites()
    sites = []
    for name in SITE_NAMES:
        site: dict[str, Any] = {"name": name, "on": name in enabled, "credential": None}
        if name in _CREDENTIALS:
            variable, field, purpose = _CREDENTIALS[name]
            site["credential"] = {"variable": variable, "set": getattr(settings, field) is not None, "for": purpose}
        sites.append(site)
    return {
        "site_resolvers": {"setting": settings.site_resolvers, "sites": sites},
        "browser": _browser(settings, driver_installed()),
        "archived_copies": {"setting": settings.archived_copies, "archive": settings.wayback_url},
    }


def _browser(settings: Settings, driver: bool) -> dict[str, Any]:
    path = settings.browser_path
    found = executable_found(path)
    return {
        "setting": settings.browser,
        "path": path,
        "browser_found": found,
        "playwright_installed": driver,
        "renders": settings.browser == "auto" and found and driver,
    }


def render_reading(report: dict[str, Any]) -> list[str]:
    resolvers = report["site_resolvers"]
    on = [_site(site) for site in resolvers["sites"] if site["on"]]
    off = [site["name"] for site in resolvers["sites"] if not site["on"]]
    line = f"site resolvers (SEARCHRELAY_SITE_RESOLVERS={resolvers['setting']}): " + ("; ".join(on) or "none")
    if off and on:
        line += f"; off: {', '.join(off)}"
    return [line, _browser_line(report["browser"]), _archive_line(report["archived_copies"])]


def _site(site: dict[str, Any]) -> str:
    credential = site["credential"]
    if credential is None:
        return str(site["name"])
    state = "set" if credential["set"] else "not set"
    return f"{site['name']} ({credential['variable']} {state}, {credential['for']})"


def _browser_line(browser: dict[str, Any]) -> str:
    head = f"browser rendering (SEARCHRELAY_BROWSER={browser['setting']}): "
    where = f"{browser['path']} {'found' if browser['browser_found'] else 'not found'}"
    if browser["setting"] == "off":
        return head + f"off ({where}; SEARCHRELAY_BROWSER=auto renders JavaScript pages)"
    if browser["renders"]:
        return head + f"on, {where}"
    missing = [] if browser["browser_found"] else [f"no browser at {browser['path']} (SEARCHRELAY_BROWSER_PATH)"]
    if not browser["playwright_installed"]:
        missing.append("Playwright is not installed (the searchrelay[browser] extra)")
    return head + "on, but pages will not render: " + " and ".join(missing)


def _archive_line(archive: dict[str, Any]) -> str:
    head = f"archived copies (SEARCHRELAY_ARCHIVED_COPIES={'true' if archive['setting'] else 'false'}): "
    if not archive["setting"]:
        return head + "off (a page its site withholds is said as refused)"
    withheld = "a bot check, a sign-in page, an error, a parked or dead site"
    return head + f"a page its site withholds ({withheld}) is read from {archive['archive']}"
