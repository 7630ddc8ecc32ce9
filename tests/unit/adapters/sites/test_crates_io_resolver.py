"""crates.io crates read through its API: the crate, its README and its versions, against a faked API."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.crates_io import CratesIoResolver, crate_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "crates.io"
README = (
    "<h1>relaykit</h1><p>Ask <code>serper</code> first, then <em>tavily</em>.</p>"
    "<pre><code>cargo add relaykit</code></pre>"
)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://crates.io/crates/relaykit", ("relaykit", None)),
        ("https://crates.io/crates/relay_kit-2/versions", ("relay_kit-2", None)),
        ("https://crates.io/crates/relaykit/2.0.3", ("relaykit", "2.0.3")),
        ("https://crates.io/crates/relaykit/2.1.0-beta.1/dependencies", ("relaykit", "2.1.0-beta.1")),
        ("https://crates.io/crates", None),
        ("https://crates.io/users/ada", None),
        ("https://crates.io/crates/-bad", None),
        ("https://docs.rs/relaykit", None),
    ],
)
def test_crate_links_are_recognised(url: str, expected: tuple[str, str | None] | None) -> None:
    assert crate_of(url) == expected


def html(body: str, status: int = 200) -> httpx.Response:
    return httpx.Response(status, content=body.encode(), headers={"content-type": "text/html"})


def api(readme: httpx.Response, version: str = "2.0.3") -> SiteRouter:
    return (
        SiteRouter()
        .add(HOST, "/api/v1/crates/relaykit", json_answer(fixture("crates_crate")))
        .add(HOST, f"/api/v1/crates/relaykit/{version}/readme", readme)
    )


async def test_a_crate_reads_as_its_facts_links_readme_and_versions_at_its_latest_stable_release() -> None:
    page = await CratesIoResolver(routed_fetcher(api(html(README)))).read("https://crates.io/crates/relaykit")
    assert page.markdown.startswith(
        "# relaykit\n\nFailover for search providers, with hedging.\n\n"
        "version 2.0.3 · MIT OR Apache-2.0 · 1,234,567 downloads (45,678 in the last 90 days) · "
        "updated 2025-09-06 · Rust 1.70 or newer\n\n"
        "- Documentation: https://docs.rs/relaykit\n- Repository: https://github.com/relaykit/relaykit\n"
        "- Homepage: https://relaykit.example\n- Keywords: search, failover\n\n## README\n\n"
    )
    assert "Ask `serper` first, then *tavily*." in page.markdown and "cargo add relaykit" in page.markdown
    assert page.markdown.endswith(
        "## Versions\n\n- 2.1.0-beta.1 (2025-09-06, MIT OR Apache-2.0)\n- 2.0.3 (2025-06-01, MIT OR Apache-2.0)\n"
        "- 1.9.0 (2024-01-01, MIT, yanked)\n"
    )
    assert (page.url, page.source, page.note) == ("https://crates.io/crates/relaykit", "the crates.io API", None)


async def test_a_version_link_reads_that_version_and_its_readme() -> None:
    router = api(html(README), version="2.1.0-beta.1")
    page = await CratesIoResolver(routed_fetcher(router)).read("https://crates.io/crates/relaykit/2.1.0-beta.1")
    assert "version 2.1.0-beta.1 · MIT OR Apache-2.0" in page.markdown and "Rust 1.75 or newer" in page.markdown
    assert page.url == "https://crates.io/crates/relaykit/2.1.0-beta.1"
    assert router.seen[1].headers["accept"] == "text/html"


async def test_a_readme_missing_or_failing_leaves_the_crate_and_says_why_when_it_failed() -> None:
    absent = await CratesIoResolver(routed_fetcher(api(html("", 404)))).read("https://crates.io/crates/relaykit")
    failed = await CratesIoResolver(routed_fetcher(api(html("busy", 503)))).read("https://crates.io/crates/relaykit")
    assert "## README" not in absent.markdown and absent.note is None
    assert "The README could not be read (HTTP 503)." in failed.markdown
    assert failed.note == "The README could not be read (HTTP 503)."


async def test_an_unknown_crate_is_a_reason() -> None:
    router = SiteRouter().add(
        HOST, "/api/v1/crates/nope", json_answer({"errors": [{"detail": "crate `nope` does not exist"}]}, 404)
    )
    with pytest.raises(SiteUnavailable) as refused:
        await CratesIoResolver(routed_fetcher(router)).read("https://crates.io/crates/nope")
    assert refused.value.reason.startswith("HTTP 404, not found")


async def test_fields_of_the_wrong_type_read_as_missing() -> None:
    answer = fixture("crates_crate")
    answer["crate"].update(keywords=5, downloads="many", description=None, documentation="javascript:x")
    answer["versions"] = {"not": "a list"}
    router = SiteRouter().add(HOST, "/api/v1/crates/relaykit", json_answer(answer))
    page = await CratesIoResolver(routed_fetcher(router)).read("https://crates.io/crates/relaykit")
    assert page.markdown.startswith("# relaykit\n\nversion 2.0.3 · updated 2025-09-06\n\n- Repository:")
    assert "Keywords" not in page.markdown and "Documentation" not in page.markdown
