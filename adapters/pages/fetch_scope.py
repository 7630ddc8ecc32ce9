"""Who a fetch's extras are for: URL credentials and an API call's headers go to one origin only.

A page fetch is a plain GET (``PAGE``); an API call (``SafePageFetcher.call``) may be a POST with a
body and headers, and wants any status back. Either way, what the caller gave for one origin is
never sent to another that a redirect leads to.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from dataclasses import dataclass, field

import httpx

from adapters.pages.target_vetting import DEFAULT_PORTS, ascii_host


@dataclass(frozen=True)
class Credentials:
    """``user:pass@`` from the caller's URL, for the origin it was written for and no other."""

    origin: tuple[str, str, int]
    header: str

    @classmethod
    def take(cls, url: httpx.URL) -> tuple[httpx.URL, Credentials | None]:
        if not url.userinfo:
            return url, None
        token = base64.b64encode(f"{url.username}:{url.password}".encode()).decode("ascii")
        return url.copy_with(userinfo=b""), cls(origin(url), f"Basic {token}")

    def headers_for(self, url: httpx.URL) -> dict[str, str]:
        return {"Authorization": self.header} if origin(url) == self.origin else {}


@dataclass(frozen=True)
class Call:
    """How to ask: a page fetch is a GET that wants 2xx; an API call (``SafePageFetcher.call``) may differ."""

    method: str = "GET"
    # Sent to the first URL's origin only (an API token must not follow a redirect elsewhere).
    origin_headers: Mapping[str, str] = field(default_factory=dict)
    content: bytes | None = None
    any_status: bool = False  # hand back 4xx/5xx bodies too: an API's error answer explains itself


PAGE = Call()


def origin(url: httpx.URL) -> tuple[str, str, int]:
    return url.scheme, ascii_host(url), url.port or DEFAULT_PORTS.get(url.scheme, 0)
