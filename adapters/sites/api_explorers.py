"""API reference pages drawn by Swagger UI, Redoc, RapiDoc, Stoplight Elements or Scalar, read from the
OpenAPI document they draw.

Such a page is an application: its HTML is a mount point and a script, and everything the reader
sees comes from one OpenAPI (or Swagger) document the page names. Recognised once fetched, by the
renderer's mark in the page's first 64 KB; the document's address is in the page (Swagger UI's
``url:``/``urls:``, Redoc's ``spec-url`` or ``Redoc.init``, RapiDoc's ``spec-url``, Elements'
``apiDescriptionUrl``, Scalar's ``data-url``), or, for Swagger UI's own distribution, in its
``swagger-initializer.js``, which may name a ``configUrl`` whose JSON names the document. The
document is fetched like any page and read by the extraction workers (``openapi_text``: it may be
YAML, parsed there, not in the server).
"""

from __future__ import annotations

import re

import anyio
import httpx

from adapters.json_fields import obj, objs, text
from adapters.pages.openapi_text import is_reference
from adapters.sites.api_calls import GuardedCaller, call_file, call_json
from adapters.sites.page_marks import page_head
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage
from domain.ports import PageExtractionPort

_HEAD_BYTES = 65_536
#: The page (or its initializer script) searched for the document's address.
_SEARCHED_BYTES = 262_144
_NAMES = (b"swagger-ui", b"redoc", b"rapi-doc", b"elements-api", b"api-reference")
_MARKS = re.compile(
    rb"""id=["']swagger-ui["']|swagger-ui-bundle|<redoc[\s>]|redoc\.standalone|<rapi-doc[\s>]|<elements-api[\s>]"""
    rb"""|id=["']api-reference["']""",
)
_QUOTED = r"""["']([^"'<>\s]{1,500})["']"""
_ADDRESSES = [
    re.compile(
        rf"""\burls\s{{0,5}}:\s{{0,5}}\[\s{{0,5}}\{{[^}}]{{0,500}}?\burl\s{{0,5}}:\s{{0,5}}{_QUOTED}""".encode()
    ),
    re.compile(rf"""SwaggerUIBundle\(\s{{0,5}}\{{[^}}]{{0,1000}}?\burl\s{{0,5}}:\s{{0,5}}{_QUOTED}""".encode()),
    re.compile(rf"""<(?:redoc|rapi-doc)\s[^>]{{0,500}}?\bspec-url={_QUOTED}""".encode(), re.IGNORECASE),
    re.compile(rf"""Redoc\.init\(\s{{0,5}}{_QUOTED}""".encode()),
    re.compile(rf"""<elements-api\s[^>]{{0,500}}?\bapiDescriptionUrl={_QUOTED}""".encode(), re.IGNORECASE),
    re.compile(rf"""<script\s[^>]{{0,300}}?id=["']api-reference["'][^>]{{0,300}}?data-url={_QUOTED}""".encode()),
]
_CONFIG_URL = re.compile(rf"""\bconfigUrl\s{{0,5}}:\s{{0,5}}{_QUOTED}""".encode())
_INITIALIZER = re.compile(rb"""<script\s[^>]{0,300}?src=["']([^"'<>\s]{0,300}swagger-initializer\.js)["']""")


def draws_api_reference(page: FetchedPage) -> bool:
    """Pure: the page is HTML whose head shows one of the API reference renderers.

    Asked of every page fetched: the renderers' names are looked for as plain bytes first (a
    page that has none, nearly all, costs a few scans at memory speed), the marks' patterns only
    where one is.
    """
    head = page_head(page, _HEAD_BYTES)
    if head is None:
        return False
    lowered = head.lower()
    return any(name in lowered for name in _NAMES) and _MARKS.search(lowered) is not None


def document_address(body: bytes) -> tuple[str, str] | None:
    """Pure: ("document", its address) or ("config", a Swagger UI config's address) as written in ``body``."""
    searched = body[:_SEARCHED_BYTES]
    for pattern in _ADDRESSES:
        found = pattern.search(searched)
        if found is not None:
            return "document", found.group(1).decode("utf-8", errors="replace")
    config = _CONFIG_URL.search(searched)
    return ("config", config.group(1).decode("utf-8", errors="replace")) if config is not None else None


class ApiExplorerResolver:
    """Implements ``domain.ports.FetchedPageResolverPort``: a page drawn from an OpenAPI document."""

    site = "the API description the page draws"

    def __init__(self, caller: GuardedCaller, extraction: PageExtractionPort) -> None:
        self._caller = caller
        self._extraction = extraction

    def recognises(self, page: FetchedPage) -> bool:
        return draws_api_reference(page)

    async def read_page(self, page: FetchedPage) -> ResolvedPage:
        address = await self._document(page)
        try:
            document = await call_file(self._caller, address)
            if document.truncated:  # the start of a JSON or YAML document is not one
                raise SiteUnavailable("its API description is larger than the download cap")
            markdown = await self._extraction.extract(document)
        except PageUnavailable as failed:
            raise SiteUnavailable(f"its API description could not be read ({failed.reason})") from None
        if not is_reference(markdown):
            raise SiteUnavailable("the document it names is not an OpenAPI or Swagger description")
        return ResolvedPage(page.url, markdown, self.site, truncated=document.truncated)

    async def _document(self, page: FetchedPage) -> str:
        """The document's address: from the page, else from Swagger UI's initializer script, through a config."""
        # The page is anyone's: its patterns are bounded, and run off the event loop.
        named = await anyio.to_thread.run_sync(document_address, page.body)
        if named is None:
            script = _INITIALIZER.search(page.body[:_SEARCHED_BYTES])
            if script is None:
                raise SiteUnavailable("the page names no API description")
            initializer = await call_file(self._caller, _joined(page.url, script.group(1).decode("utf-8", "replace")))
            named = await anyio.to_thread.run_sync(document_address, initializer.body)
            base = initializer.url
            if named is None:
                raise SiteUnavailable("the page names no API description")
        else:
            base = page.url
        kind, address = named
        address = _joined(base, address)
        if kind == "config":
            config = obj(await call_json(self._caller, address))
            listed = text(config.get("url")) or next((text(u.get("url")) for u in objs(config.get("urls"))), "")
            if not listed:
                raise SiteUnavailable("its Swagger UI configuration names no API description")
            address = _joined(address, listed)
        return address


def _joined(base: str, address: str) -> str:
    try:
        joined = httpx.URL(base).join(address)
    except (httpx.InvalidURL, UnicodeError):  # a config's JSON can name anything, a lone surrogate too
        raise SiteUnavailable("the address of its API description is not valid") from None
    if joined.scheme not in ("http", "https"):
        raise SiteUnavailable("its API description is not at a web address")
    return str(joined)
