"""DuckDuckGo Lite: the form it posts, HTML parsing (ads, redirects), and blocks never read as 'no hits'."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import httpx
import pytest

from adapters.search.duckduckgo import DuckDuckGoLiteSearch
from domain.errors import FailureKind, ProviderFailure
from domain.filters import Filter, Freshness
from domain.models import SearchRequest
from tests.support.planned import search

if TYPE_CHECKING:
    from conftest import Recorder

pytestmark = pytest.mark.anyio
BASE = "https://ddg.test"


def adapter(recorder: Recorder, answer: Any, base_url: str = BASE) -> DuckDuckGoLiteSearch:
    return DuckDuckGoLiteSearch(recorder.client(answer), base_url=base_url)


def page(html: str, status: int = 200) -> httpx.Response:
    return httpx.Response(status, text=html, headers={"content-type": "text/html; charset=UTF-8"})


def form_of(request: httpx.Request) -> dict[str, list[str]]:
    return parse_qs(request.content.decode())


# Modeled on the real Lite page: a header form, then one table in which every hit takes three
# rows (title, snippet, link text) plus a spacer; ads come first as "result-sponsored" rows.
RESULTS_PAGE = """<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html>
<head>
  <meta http-equiv="content-type" content="text/html; charset=UTF-8">
  <meta name="referrer" content="origin">
  <title>mcp servers at DuckDuckGo</title>
  <link rel="stylesheet" href="/lite/style.css" type="text/css">
</head>
<body>
  <p class='extra'>&nbsp;</p>
  <div class="header">DuckDuckGo</div>
  <form action="/lite/" method="post">
    <input class='query' type="text" size="40" name="q" value="mcp servers" >
    <input class='submit' type="submit" value="Search">
    <select class="submit" name="kl"><option value="" selected>All Regions</option><option value="de-de">Germany</option></select>
    <select class="submit" name="df"><option value="" selected>Any Time</option><option value="d">Past Day</option></select>
  </form>
  <p class='extra'>&nbsp;</p>
  <table border="0">
    <tr class="result-sponsored">
      <td valign="top">1.&nbsp;</td>
      <td>
        <a rel="nofollow" href="https://duckduckgo.com/y.js?ad_domain=hosting.example&amp;ad_provider=bingv7aa&amp;ad_type=txad&amp;u3=https%3A%2F%2Fwww.bing.com%2Faclick%3Fld%3Dabc" class='result-link'>Managed MCP Hosting - Deploy in Minutes</a>
      </td>
    </tr>
    <tr class="result-sponsored">
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>Host your <b>MCP</b> servers from $5 a month.</td>
    </tr>
    <tr class="result-sponsored">
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td><span class='link-text'>hosting.example</span>&nbsp;&nbsp;&nbsp;<span class='link-text'>Sponsored link</span></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">1.&nbsp;</td>
      <td>
        <a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2F&amp;rut=8f3a2b" class='result-link'>Example <b>MCP</b> Servers</a>
      </td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>A curated list of <b>MCP</b> servers &amp; clients.
        Updated daily.</td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td><span class='link-text'>example.com</span></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">2.&nbsp;</td>
      <td>
        <a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fdocs.example.org%2Fsearch%3Fq%3Dmcp%26lang%3Den%23top&amp;rut=11aa" class='result-link'>Docs search</a>
      </td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>Unfortunately, bots use DuckDuckGo too - a blog post about bot checks.</td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td><span class='link-text'>docs.example.org/search</span></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">3.&nbsp;</td>
      <td><a rel="nofollow" href="https://direct.example.net/page" class="result-link">Direct link, no snippet</a></td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td><span class='link-text'>direct.example.net/page</span></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">4.&nbsp;</td>
      <td><a rel="nofollow" href="https://duckduckgo.com/y.js?ad_domain=shop.example&amp;ad_provider=bingv7aa" class='result-link'>Unmarked ad row</a></td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>An ad whose row lost its class.</td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">5.&nbsp;</td>
      <td><a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Flabelled-ad.example%2F&amp;rut=77" class='result-link'>Labelled ad</a></td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>Only the label tells.</td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td><span class='link-text'>labelled-ad.example</span> <span class='link-text'>Sponsored link</span></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">6.&nbsp;</td>
      <td><a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2F&amp;rut=dup" class='result-link'>Example again</a></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">7.&nbsp;</td>
      <td><a rel="nofollow" href="//duckduckgo.com/l/?rut=nouddg" class='result-link'>Redirect without target</a></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr class="result-sponsored">
      <td valign="top">8.&nbsp;</td>
      <td><a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fclass-ad.example%2F" class='result-link'>Class-only ad</a></td>
    </tr>
    <tr><td>&nbsp;</td><td>&nbsp;</td></tr>
    <tr>
      <td valign="top">9.&nbsp;</td>
      <td><a rel="nofollow" href="//duckduckgo.com/l/?uddg=http%3A%2F%2Flast.example%2F%C3%BCber&amp;rut=9" class='result-link'>Last &amp; final</a></td>
    </tr>
    <tr>
      <td>&nbsp;&nbsp;&nbsp;</td>
      <td class='result-snippet'>Über alles.</td>
    </tr>
  </table>
  <form action="/lite/" method="post">
    <input type="submit" class='navbutton' value="Next Page &gt;">
    <input type="hidden" name="q" value="mcp servers"><input type="hidden" name="s" value="10">
  </form>
</body>
</html>
"""  # noqa: E501

NO_RESULTS_PAGE = """<html><head><title>zzqqxx at DuckDuckGo</title></head><body>
  <form action="/lite/" method="post"><input class='query' type="text" name="q" value="zzqqxx"></form>
  <table border="0"><tr><td>&nbsp;&nbsp;&nbsp;</td><td>No results.</td></tr></table>
</body></html>"""

ANOMALY_PAGE = """<!DOCTYPE html><html lang="en"><head><title>DuckDuckGo</title></head><body>
  <form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=lite&amp;cc=sre&amp;ti=1700000000&amp;gk=d4cd0dab" method="POST">
    <div class="anomaly-modal__modal" data-testid="anomaly-modal">
      <div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
      <div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
      <div class="anomaly-modal__instructions">Select all squares containing a duck:</div>
      <button class="anomaly-modal__submit" type="submit">Submit</button>
    </div>
  </form>
  <p>If this persists, please email us.</p>
</body></html>"""  # noqa: E501

EXPECTED = [
    (
        "Example MCP Servers",
        "https://example.com/",
        "A curated list of MCP servers & clients. Updated daily.",
    ),
    (
        "Docs search",
        "https://docs.example.org/search?q=mcp&lang=en#top",
        "Unfortunately, bots use DuckDuckGo too - a blog post about bot checks.",
    ),
    ("Direct link, no snippet", "https://direct.example.net/page", ""),
    ("Last & final", "http://last.example/über", "Über alles."),
]


def test_declares_freshness_a_region_from_country_and_language_and_domains() -> None:
    assert DuckDuckGoLiteSearch.name == "duckduckgo"
    assert DuckDuckGoLiteSearch.capabilities == {
        Filter.FRESHNESS, Filter.COUNTRY, Filter.LANGUAGE, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    }  # fmt: skip


async def test_posts_the_query_form_with_a_browser_user_agent(recorder: Recorder) -> None:
    await search(adapter(recorder, page(NO_RESULTS_PAGE), BASE + "/"), SearchRequest(query="mcp servers & more"))
    sent = recorder.sent
    assert sent.method == "POST"
    assert str(sent.url) == "https://ddg.test/lite/"
    assert sent.headers["Content-Type"] == "application/x-www-form-urlencoded"
    assert sent.headers["User-Agent"].startswith("Mozilla/5.0 (")
    assert "python-httpx" not in sent.headers["User-Agent"]
    assert form_of(sent) == {"q": ["mcp servers & more"]}


@pytest.mark.parametrize(("freshness", "df"), [("pd", "d"), ("pw", "w"), ("pm", "m"), ("py", "y")])
async def test_freshness_periods_map_to_df(recorder: Recorder, freshness: str, df: str) -> None:
    request = SearchRequest(query="q", freshness=Freshness.parse(freshness), country="de")
    await search(adapter(recorder, page(NO_RESULTS_PAGE)), request)
    assert form_of(recorder.sent) == {"q": ["q"], "df": [df], "kl": ["de-de"]}


async def test_parses_hits_skips_ads_and_decodes_redirects(recorder: Recorder) -> None:
    answer = await search(adapter(recorder, page(RESULTS_PAGE)), SearchRequest(query="q", num_results=20))
    assert [(r.title, r.link, r.snippet) for r in answer.results] == EXPECTED
    assert answer.answer is None


async def test_results_are_limited_to_num_results(recorder: Recorder) -> None:
    answer = await search(adapter(recorder, page(RESULTS_PAGE)), SearchRequest(query="q", num_results=2))
    assert [r.link for r in answer.results] == [EXPECTED[0][1], EXPECTED[1][1]]


async def test_a_page_without_a_charset_header_is_read_as_utf8(recorder: Recorder) -> None:
    response = httpx.Response(200, content=RESULTS_PAGE.encode(), headers={"content-type": "text/html"})
    answer = await search(adapter(recorder, response), SearchRequest(query="q", num_results=20))
    assert answer.results[-1].snippet == "Über alles."


async def test_a_no_results_page_is_zero_results(recorder: Recorder) -> None:
    answer = await search(adapter(recorder, page(NO_RESULTS_PAGE)), SearchRequest(query="zzqqxx"))
    assert answer.results == []


async def test_a_page_of_only_ads_is_zero_results(recorder: Recorder) -> None:
    only_ads = RESULTS_PAGE.split("<tr><td>&nbsp;</td><td>&nbsp;</td></tr>")[0] + "</table></body></html>"
    answer = await search(adapter(recorder, page(only_ads)), SearchRequest(query="q"))
    assert answer.results == []


@pytest.mark.parametrize("status", [202, 401, 403, 418, 429])
async def test_a_bot_wall_status_is_a_block_whatever_the_body_never_a_key_or_request_problem(
    recorder: Recorder, status: int
) -> None:
    # There is no key to reject and nothing wrong with the request: DuckDuckGo took us for a bot.
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, page(RESULTS_PAGE, status=status)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.BLOCKED
    assert caught.value.detail == f"HTTP {status}: the site took the request for a bot"
    assert caught.value.status == status


async def test_a_429_block_keeps_its_retry_after(recorder: Recorder) -> None:
    response = httpx.Response(429, text="slow down", headers={"Retry-After": "120", "content-type": "text/plain"})
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, response), SearchRequest(query="q"))
    assert (caught.value.kind, caught.value.retry_after) == (FailureKind.BLOCKED, "120")


@pytest.mark.parametrize(
    "html",
    [
        ANOMALY_PAGE,
        # Each marker on its own must be enough: DuckDuckGo reshuffles this page now and then.
        '<html><body><form action="/anomaly.js?sv=lite" method="post"><input name="x"></form></body></html>',
        '<html><body><div class="anomaly-modal__title">Are you human?</div></body></html>',
        "<html><body><p>Unfortunately, bots use DuckDuckGo too.</p></body></html>",
        "<html><body><p>If this persists, please email us. Our support email address includes an "
        "anonymized error code.</p></body></html>",
        ANOMALY_PAGE.replace("</body>", RESULTS_PAGE[RESULTS_PAGE.index("<table") :]),
        # A CAPTCHA widget: its container, its frame or its script.
        '<html><body><form action="/x"><div class="g-recaptcha" data-sitekey="k"></div></form></body></html>',
        '<html><body><div id="hCaptcha-box"></div><p>No results.</p></body></html>',
        '<html><body><iframe src="https://www.google.com/recaptcha/api2/anchor"></iframe></body></html>',
        '<html><body><script src="https://js.hcaptcha.com/1/api.js"></script><p>No results.</p></body></html>',
    ],
)
async def test_a_challenge_page_is_a_block_not_zero_results(recorder: Recorder, html: str) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, page(html)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.BLOCKED
    assert caught.value.detail == "DuckDuckGo served a bot challenge instead of results"


@pytest.mark.parametrize("html", ["", "   ", "<html><body><div class='new-layout'>something else</div></body></html>"])
async def test_an_unrecognised_page_is_malformed(recorder: Recorder, html: str) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, page(html)), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.MALFORMED


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, FailureKind.BAD_REQUEST),
        (404, FailureKind.BAD_REQUEST),
        (500, FailureKind.SERVER_ERROR),
        (502, FailureKind.SERVER_ERROR),
        (503, FailureKind.SERVER_ERROR),
    ],
)
async def test_error_statuses_are_classified(recorder: Recorder, status: int, kind: FailureKind) -> None:
    with pytest.raises(ProviderFailure) as caught:
        await search(
            adapter(recorder, page("<html><body>error</body></html>", status=status)), SearchRequest(query="q")
        )
    assert caught.value.kind is kind
    assert caught.value.status == status
    assert caught.value.provider == "duckduckgo"


async def test_a_reset_connection_is_a_network_failure(recorder: Recorder) -> None:
    def reset(request: httpx.Request) -> httpx.Response:
        raise httpx.RemoteProtocolError("reset", request=request)

    with pytest.raises(ProviderFailure) as caught:
        await search(adapter(recorder, reset), SearchRequest(query="q"))
    assert caught.value.kind is FailureKind.NETWORK
