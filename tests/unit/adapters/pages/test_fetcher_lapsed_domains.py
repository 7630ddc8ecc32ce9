"""A host that does not resolve because its registered domain lapsed is a public site that is gone:
the refusal says so and may be read from a public archive. A name under a domain that exists, a
name no registry hands out and a DNS that could not be asked are said as unresolved and no more."""

from __future__ import annotations

import socket

import httpx
import pytest

from adapters.pages.fetcher import SafePageFetcher
from domain.errors import DomainLapsed, PageUnavailable
from tests.support.site_apis import SiteRouter, TableResolver, routed_fetcher

pytestmark = pytest.mark.anyio


async def test_a_host_whose_domain_lapsed_is_withheld_with_the_reason() -> None:
    resolver = TableResolver(unknown=frozenset({"blog.gone-example.co.uk"}), lapsed=frozenset({"gone-example.co.uk"}))

    with pytest.raises(DomainLapsed) as refused:
        await routed_fetcher(SiteRouter(), resolver).fetch("https://blog.gone-example.co.uk/2019/post")

    assert refused.value.reason == (
        "could not resolve host 'blog.gone-example.co.uk': its registry holds no domain gone-example.co.uk "
        "(lapsed, suspended or never registered)"
    )
    assert refused.value.domain == "gone-example.co.uk"
    assert resolver.asked == ["gone-example.co.uk"]


async def test_a_host_under_a_domain_that_exists_is_only_unresolved() -> None:
    # An intranet's name under the company's public domain resolves only inside it.
    resolver = TableResolver(unknown=frozenset({"wiki.internal.example.com"}))

    with pytest.raises(PageUnavailable) as refused:
        await routed_fetcher(SiteRouter(), resolver).fetch("https://wiki.internal.example.com/plan")

    assert type(refused.value) is PageUnavailable
    assert refused.value.reason == "could not resolve host 'wiki.internal.example.com'"
    assert resolver.asked == ["example.com"]


@pytest.mark.parametrize("host", ["wiki.corp", "printer.local", "nas.home.arpa", "intranet", "hidden.onion"])
async def test_a_name_no_registry_hands_out_is_never_asked_about(host: str) -> None:
    resolver = TableResolver(unknown=frozenset({host}), lapsed=frozenset({host}))

    with pytest.raises(PageUnavailable) as refused:
        await routed_fetcher(SiteRouter(), resolver).fetch(f"http://{host}/page")

    assert type(refused.value) is PageUnavailable
    assert resolver.asked == []


async def test_a_dns_that_could_not_be_asked_says_nothing_of_the_domain() -> None:
    class Offline(TableResolver):
        async def resolve(self, host: str, port: int) -> list[str]:
            raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    resolver = Offline(lapsed=frozenset({"example.org"}))

    with pytest.raises(PageUnavailable) as refused:
        await routed_fetcher(SiteRouter(), resolver).fetch("https://www.example.org/")

    assert type(refused.value) is PageUnavailable
    assert resolver.asked == []


async def test_a_redirect_from_an_intranet_to_a_lapsed_domain_is_not_withheld() -> None:
    router = SiteRouter().add(
        "intranet.corp", "/old-link", httpx.Response(302, headers={"location": "https://gone.example.net/x"})
    )
    resolver = TableResolver(
        {"intranet.corp": "10.0.0.7"}, unknown=frozenset({"gone.example.net"}), lapsed=frozenset({"example.net"})
    )

    with pytest.raises(PageUnavailable) as refused:
        await routed_fetcher(router, resolver, allow_private_networks=True).fetch("http://intranet.corp/old-link")

    assert type(refused.value) is PageUnavailable
    assert refused.value.reason.endswith("holds no domain example.net (lapsed, suspended or never registered)")


async def test_an_api_call_to_a_lapsed_domain_is_not_withheld() -> None:
    # A site reader's API call has its own fallback (the page), never the archive.
    resolver = TableResolver(unknown=frozenset({"api.gone-example.com"}), lapsed=frozenset({"gone-example.com"}))
    fetcher: SafePageFetcher = routed_fetcher(SiteRouter(), resolver)

    with pytest.raises(PageUnavailable) as refused:
        await fetcher.call("https://api.gone-example.com/v1/items")

    assert type(refused.value) is PageUnavailable
    assert refused.value.reason.endswith("holds no domain gone-example.com (lapsed, suspended or never registered)")
