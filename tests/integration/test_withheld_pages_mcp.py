"""A page its site withholds, through the whole server: web_fetch over the in-process MCP client, the
container as the server builds it (settings, fetcher, extraction workers, the archive's wiring), and
only the network faked (the page client's transport answers for the site and the archive, both
named by public addresses, and the fetcher's resolver knows no name: no DNS, and no traffic leaves
the machine even when a change sends the server to a name)."""

from __future__ import annotations

import json
import socket
from typing import Any

import httpx
import pytest
from dependency_injector import providers
from mcp import Client

from adapters.pages.fetcher import SafePageFetcher
from entrypoints.mcp_server import build_server
from tests.support.servers import container_with
from tests.support.site_apis import SiteRouter

pytestmark = pytest.mark.anyio
SITE, ARCHIVE = "93.184.215.14", "93.184.215.15"
STORY = (
    b"<html><head><title>Relay story</title></head><body><main><article><h1>Relay story</h1>"
    b"<p>The relay moved every call to the next provider when the first failed, and nobody noticed.</p>"
    b"<p>It kept the answers it had for an hour, and the agents read them all again the next day.</p>"
    b"</article></main></body></html>"
)
HTML = {"content-type": "text/html; charset=utf-8"}


def _network(site_answer: httpx.Response) -> SiteRouter:
    router = SiteRouter().add(SITE, "/story", site_answer)
    router.add(ARCHIVE, "/cdx/search/cdx", httpx.Response(
        200, content=json.dumps([["timestamp", "statuscode"], ["20250301120000", "200"]]).encode()))  # fmt: skip
    router.add(ARCHIVE, f"/web/20250301120000id_/http://{SITE}/story", httpx.Response(200, headers=HTML, content=STORY))
    return router


class NoNames:
    """A resolver that resolves nothing, as an offline machine's: a host name reached is a failure
    the test sees, never a query leaving the machine."""

    async def resolve(self, host: str, port: int) -> list[str]:
        raise socket.gaierror(socket.EAI_AGAIN, f"{host} is not a test host")

    async def lapsed(self, domain: str) -> bool:
        raise AssertionError("never asked: no name is unknown here, only unresolvable")


async def _web_fetch(
    router: SiteRouter, env: dict[str, Any], url: str = f"http://{SITE}/story"
) -> tuple[dict[str, Any] | None, str]:
    container = container_with({"SEARCHRELAY_WAYBACK_URL": f"http://{ARCHIVE}", **env})
    container.page_client.override(
        providers.Resource(httpx.AsyncClient, transport=httpx.MockTransport(router), trust_env=False,
                           follow_redirects=False)
    )  # fmt: skip
    container.page_fetcher.override(providers.Singleton(SafePageFetcher, container.page_client, resolver=NoNames()))
    async with Client(build_server(container)) as client:
        result = await client.call_tool("web_fetch", {"url": url})
    said = "\n".join(getattr(part, "text", "") for part in result.content)
    return (None if result.is_error else result.structured_content), said


async def test_a_bot_check_is_answered_with_the_archives_copy_and_says_so() -> None:
    router = _network(httpx.Response(403, headers={"cf-mitigated": "challenge", "server": "cloudflare"}))

    data, said = await _web_fetch(router, {})

    assert data is not None, said
    assert "The relay moved every call to the next provider" in data["content"]
    assert data["source_note"] == (
        "HTTP 403: Cloudflare's bot check answered instead of the page; "
        "this is the Wayback Machine's copy, captured 2025-03-01 12:00 UTC."
    )
    assert [seen.path for seen in router.seen if seen.host == ARCHIVE] == [
        "/cdx/search/cdx",
        f"/web/20250301120000id_/http://{SITE}/story",
    ]


async def test_turned_off_the_refusal_is_said_and_the_archive_never_asked() -> None:
    router = _network(httpx.Response(403, headers={"cf-mitigated": "challenge"}))

    data, said = await _web_fetch(router, {"SEARCHRELAY_ARCHIVED_COPIES": "false"})

    assert data is None
    assert said == (
        f"Could not read http://{SITE}/story: HTTP 403: Cloudflare's bot check answered instead of the page"
    )
    assert router.paths(ARCHIVE) == []


async def test_a_parked_domains_lander_is_answered_with_the_archives_copy() -> None:
    lander = (
        b'<html data-adblockkey="MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKX74ix"><head><title>Related searches</title></head>'
        b"<body><h1>Related searches</h1><ul><li>Cheap flights</li><li>Credit cards</li></ul></body></html>"
    )
    router = _network(httpx.Response(200, headers=HTML, content=lander))

    data, said = await _web_fetch(router, {})

    assert data is not None, said
    assert "Cheap flights" not in data["content"]
    assert "The relay moved every call to the next provider" in data["content"]
    assert data["source_note"].startswith(
        "A parking page answered instead of the page (the domain is parked or for sale)"
    )


@pytest.mark.parametrize(
    ("link", "wrapper"),
    [
        (f"https://www.google.com/url?sa=t&url=http%3A%2F%2F{SITE}%2Fstory&usg=AOv", "Google's redirect"),
        (f"https://www.google.com/amp/{SITE}/story", "Google's AMP viewer"),
        (f"https://r.search.yahoo.com/_ylt=A/RU=http%3a%2f%2f{SITE}%2fstory/RK=2/RS=x-", "Yahoo's redirect"),
    ],
)
async def test_a_redirectors_link_is_read_at_its_target_without_asking_the_redirector(link: str, wrapper: str) -> None:
    router = SiteRouter().add(SITE, "/story", httpx.Response(200, headers=HTML, content=STORY))

    data, said = await _web_fetch(router, {}, link)

    assert data is not None, said  # the redirector's name would not resolve here: it was never asked
    assert "The relay moved every call to the next provider" in data["content"]
    assert data["source_note"] == f"The link goes through {wrapper}; its target was read without asking the redirector."
    assert [seen.host for seen in router.seen] == [SITE]
