"""DuckDuckGo Lite: ``POST {base}/lite/`` with form field ``q``; results scraped from the HTML page.

No key, but also no contract: DuckDuckGo answers suspected bots with a 202, a 403, 418 or 429,
or a challenge (anomaly, CAPTCHA) page, and those must surface as ``blocked`` (so the chain moves
on), never as an empty result list and never as a rejected key (there is none).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx

from adapters.http_errors import malformed, send
from adapters.search.parsing import ItemKeys, result_from_item
from adapters.search.site_operators import query_with_sites
from adapters.search.wire import http_request
from domain.errors import FailureKind, ProviderFailure
from domain.filters import Filter
from domain.models import ProviderAnswer, SearchRequest, WebSearchResult
from domain.planning import Refusal, WireRequest, refuse_missing

DEFAULT_BASE_URL = "https://lite.duckduckgo.com"
# Without a browser-like agent DuckDuckGo serves the bot challenge straight away.
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
_NAME = "duckduckgo"
_BLOCKED = "DuckDuckGo served a bot challenge instead of results"
_DF = {"pd": "d", "pw": "w", "pm": "m", "py": "y"}
# ISO country -> DuckDuckGo regions ('kl'); the first is the default, the others are chosen by
# language. DuckDuckGo has its own codes for some (gb -> uk-en, si -> sl-sl, jp -> jp-jp) and
# no region at all for most countries.
_REGIONS: dict[str, tuple[str, ...]] = {
    "ar": ("ar-es",), "at": ("at-de",), "au": ("au-en",), "be": ("be-fr", "be-nl"), "bg": ("bg-bg",),
    "br": ("br-pt",), "ca": ("ca-en", "ca-fr"), "ch": ("ch-de", "ch-fr", "ch-it"), "cl": ("cl-es",),
    "cn": ("cn-zh",), "co": ("co-es",), "cz": ("cz-cs",), "de": ("de-de",), "dk": ("dk-da",),
    "ee": ("ee-et",), "es": ("es-es", "ct-ca"), "fi": ("fi-fi",), "fr": ("fr-fr",), "gb": ("uk-en",),
    "gr": ("gr-el",), "hk": ("hk-tzh",), "hr": ("hr-hr",), "hu": ("hu-hu",), "id": ("id-id", "id-en"),
    "ie": ("ie-en",), "il": ("il-he",), "in": ("in-en",), "it": ("it-it",), "jp": ("jp-jp",),
    "kr": ("kr-kr",), "lt": ("lt-lt",), "lv": ("lv-lv",), "mx": ("mx-es",), "my": ("my-ms", "my-en"),
    "nl": ("nl-nl",), "no": ("no-no",), "nz": ("nz-en",), "pe": ("pe-es",), "ph": ("ph-en", "ph-tl"),
    "pl": ("pl-pl",), "pt": ("pt-pt",), "ro": ("ro-ro",), "ru": ("ru-ru",), "se": ("se-sv",),
    "sg": ("sg-en",), "si": ("sl-sl",), "sk": ("sk-sk",), "th": ("th-th",), "tr": ("tr-tr",),
    "tw": ("tw-tzh",), "ua": ("ua-uk",), "us": ("us-en", "ue-es"), "ve": ("ve-es",), "vn": ("vn-vi",),
    "za": ("za-en",),
}  # fmt: skip
# The language half of a region is ISO 639-1 but for these.
_REGION_LANGUAGES = {"jp": "ja", "kr": "ko", "tzh": "zh"}
_CHALLENGE_PHRASES = (
    "unfortunately, bots use duckduckgo too",
    "if this persists",
    "please complete the following challenge",
    "select all squares containing a duck",
)
_KEYS = ItemKeys("title", "url", "snippet")
_AD_LABELS = frozenset({"sponsored link", "sponsored"})
_LINK_XPATH = "//a[contains(concat(' ', normalize-space(@class), ' '), ' result-link ')]"
_ROW_LINK_XPATH = "." + _LINK_XPATH  # the same test, inside one row
_SNIPPET_XPATH = ".//*[contains(concat(' ', normalize-space(@class), ' '), ' result-snippet ')]"


class DuckDuckGoLiteSearch:
    """SearchPort over the DuckDuckGo Lite HTML page (no key, best effort)."""

    name = _NAME
    # Freshness periods only (widening a date range to a period would change the filter). Country
    # and language become a region (kl), so a language counts only with a country whose region
    # speaks it: DuckDuckGo cannot ask for a language alone.
    # Domain filters are site: operators in the query. No news: Lite has no news vertical.
    capabilities = frozenset({
        Filter.FRESHNESS, Filter.COUNTRY, Filter.LANGUAGE, Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS,
    })  # fmt: skip

    def __init__(self, client: httpx.AsyncClient, base_url: str = DEFAULT_BASE_URL) -> None:
        self._client = client
        self._url = base_url.rstrip("/") + "/lite/"

    def plan(self, request: SearchRequest) -> WireRequest | Refusal:
        if refusal := refuse_missing(request, self.capabilities):
            return refusal
        form = {"q": query_with_sites(request)}
        if request.freshness and request.freshness.period:
            form["df"] = _DF[request.freshness.period]
        if request.country or request.language:
            region = _region(request.country, request.language)
            if isinstance(region, Refusal):
                return region
            form["kl"] = region
        headers = {"User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml"}
        return WireRequest("POST", self._url, form=form, headers=headers, limit=request.num_results)

    async def send(self, wire: WireRequest) -> ProviderAnswer:
        response = await send(self._client, self.name, http_request(self._client, wire), keyless=True)
        return self.parse(response.text, limit=wire.limit)

    def parse(self, html: str, limit: int = 20) -> ProviderAnswer:
        import lxml.etree  # here, not at the top: start-up should not pay for a parser (see brave._plain)
        import lxml.html

        try:
            root = lxml.html.document_fromstring(html)
        except (lxml.etree.ParserError, ValueError):
            raise malformed(self.name, "the answer was not an HTML page") from None
        if _has_challenge_form(root):
            raise ProviderFailure(self.name, FailureKind.BLOCKED, _BLOCKED)
        links = root.xpath(_LINK_XPATH)
        if not links:
            text = " ".join(root.text_content().split()).lower()
            if any(phrase in text for phrase in _CHALLENGE_PHRASES):
                raise ProviderFailure(self.name, FailureKind.BLOCKED, _BLOCKED)
            if "no results" in text:
                return ProviderAnswer(results=[])
            # Neither hits nor the "No results." notice: the layout changed or this is no Lite page.
            raise malformed(self.name, "the page held neither results nor a 'No results' notice")
        results: list[WebSearchResult] = []
        seen: set[str] = set()
        for link in links:
            result = _result(link)
            if result is not None and result.link not in seen:
                seen.add(result.link)
                results.append(result)
        return ProviderAnswer(results=results[:limit])


def _region(country: str | None, language: str | None) -> str | Refusal:
    if country is None:
        return Refusal(
            f"DuckDuckGo takes a language only with a country (a region such as de-de), not {language!r} alone"
        )
    regions = _REGIONS.get(country)
    if regions is None:
        return Refusal(f"DuckDuckGo has no region for country {country!r}")
    if language is None:
        return regions[0]
    spoken = [region for region in regions if _language_of(region) == language]
    if not spoken:
        return Refusal(
            f"DuckDuckGo has no region for language {language!r} in country {country!r} ({', '.join(regions)})"
        )
    return spoken[0]


def _language_of(region: str) -> str:
    code = region.split("-")[1]
    return _REGION_LANGUAGES.get(code, code)


def _has_challenge_form(root: Any) -> bool:
    # Markers that only a challenge page carries: the anomaly form or modal, or a CAPTCHA widget
    # (its container's class or id, or the frame or script that loads it). Markup, not words: the
    # phrases are checked only when no hit was found, since a result could quote them.
    found = root.xpath(
        "//form[contains(@action, 'anomaly')]"
        " | //*[contains(@id, 'anomaly-modal') or contains(@class, 'anomaly-modal')]"
        f" | //*[contains({_lower('@class')}, 'captcha') or contains({_lower('@id')}, 'captcha')]"
        f" | //iframe[contains({_lower('@src')}, 'captcha')] | //script[contains({_lower('@src')}, 'captcha')]"
    )
    return bool(found)


def _lower(attribute: str) -> str:
    return f"translate({attribute}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"


def _result(link: Any) -> WebSearchResult | None:
    rows = _result_rows(link)
    href = _target(str(link.get("href") or ""))
    if href is None or _is_ad(rows):
        return None
    snippets = [el for row in rows for el in row.xpath(_SNIPPET_XPATH)]
    snippet = snippets[0].text_content() if snippets else ""
    return result_from_item({"title": link.text_content(), "url": href, "snippet": snippet}, _KEYS)


def _result_rows(link: Any) -> list[Any]:
    """The table rows of one hit: the title's row and those after it, up to the next title."""
    row = next((el for el in link.iterancestors() if el.tag == "tr"), None)
    if row is None:
        return [link.getparent() if link.getparent() is not None else link]
    rows = [row]
    for sibling in row.itersiblings():
        if sibling.tag == "tr" and sibling.xpath(_ROW_LINK_XPATH):
            break
        rows.append(sibling)
    return rows


def _is_ad(rows: list[Any]) -> bool:
    for row in rows:
        for element in row.iter():
            if not isinstance(element.tag, str):
                continue  # comments and processing instructions
            if "sponsored" in str(element.get("class") or "").lower():
                return True
            if element.tag == "a" and _target(str(element.get("href") or "")) is None:
                return True
            if " ".join((element.text or "").split()).lower() in _AD_LABELS:
                return True
    return False


def _target(href: str) -> str | None:
    """The real destination of a result link; ``None`` for an ad redirect."""
    absolute = urljoin("https://duckduckgo.com/", href)
    parts = urlsplit(absolute)
    host = (parts.hostname or "").lower()
    if host == "duckduckgo.com" or host.endswith(".duckduckgo.com"):
        query = parse_qs(parts.query)
        if parts.path == "/y.js" or "ad_domain" in query or "ad_provider" in query:
            return None
        if parts.path == "/l/":
            return query.get("uddg", [""])[0]
    return absolute
