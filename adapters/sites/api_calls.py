"""Calling a site's API through the page fetcher's guards, and reading its JSON answer defensively.

Every call goes through ``SafePageFetcher.call``: the same address guard, byte cap (decoded
bytes) and deadline as a page. Whatever the API answers that is not the JSON we asked for -
an error status, a body that is not JSON, a quota message - becomes ``SiteUnavailable`` with
one plain line, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict, Unpack

import anyio
import httpx
from pydantic import SecretStr

from adapters.http_errors import error_message, shortened
from domain.errors import PageUnavailable, SiteUnavailable
from domain.pages import FetchedPage
from domain.redaction import Redactor

_MESSAGE_CHARS = 160
# How much of a message is read before secrets are masked in it and it is cut to _MESSAGE_CHARS.
_MESSAGE_LIMIT_BEFORE_MASK = 4_000
# APIs ask scripted clients to say who they are (Wikimedia's policy, GitHub's requirement) rather
# than pass for a browser, as page fetches do.
API_HEADERS = {"User-Agent": "searchrelay/0.1 (MCP web search; site resolvers)", "Accept": "application/json"}


class GuardedCaller(Protocol):
    """What ``adapters.pages.fetcher.SafePageFetcher`` offers site resolvers."""

    async def call(
        self,
        url: str,
        *,
        method: str = "GET",
        headers: Mapping[str, str] | None = None,
        content: bytes | None = None,
    ) -> FetchedPage: ...

    async def fetch(self, url: str) -> FetchedPage: ...


@dataclass(frozen=True)
class JsonAnswer:
    data: Any
    next_url: str | None  # the answer's Link rel="next", when the API pages the list


def with_query(base: str, params: Mapping[str, str]) -> str:
    """``base`` with ``params`` as its query; raises ``SiteUnavailable`` when a value (taken from an
    answer, say) holds what no request can carry (a lone surrogate)."""
    try:
        return str(httpx.URL(base, params=dict(params)))
    except (UnicodeEncodeError, httpx.InvalidURL):
        raise SiteUnavailable("a value it was to be asked with cannot be sent in a request") from None


class CallOptions(TypedDict, total=False):
    headers: Mapping[str, str] | None  # sent to the API's origin only
    method: str
    payload: Any  # sent as JSON
    secret: SecretStr | None  # the key or token sent: masked in a reason, should the API quote it back


async def call_json(caller: GuardedCaller, url: str, **options: Unpack[CallOptions]) -> Any:
    """The JSON an API answered with 2xx; raises ``SiteUnavailable`` for anything else."""
    return (await call_json_answer(caller, url, **options)).data


async def call_json_answer(
    caller: GuardedCaller,
    url: str,
    *,
    headers: Mapping[str, str] | None = None,
    method: str = "GET",
    payload: Any = None,
    secret: SecretStr | None = None,
) -> JsonAnswer:
    """``call_json``, with the link to the list's next page when the API gives one."""
    content = None if payload is None else json.dumps(payload).encode("utf-8")
    try:
        answer = await caller.call(url, method=method, headers={**API_HEADERS, **(headers or {})}, content=content)
    except PageUnavailable as failed:  # UnsafeUrl included: the guard said no
        raise SiteUnavailable(failed.reason) from None
    ok = 200 <= answer.status < 300
    if ok and answer.truncated:  # the start of a JSON document is not a JSON document
        raise SiteUnavailable("its answer was larger than the download cap")
    data = await anyio.to_thread.run_sync(_parsed, answer.body)
    if not ok:
        masked = Redactor([secret.get_secret_value()] if secret is not None else [])
        token_sent = secret is not None or any(name.lower() == "authorization" for name in (headers or {}))
        said = None if data is _TOO_DEEP else data
        # Masked before the message is cut to its length, so a cut never leaves part of a key showing.
        raise SiteUnavailable(masked(status_reason(answer.status, said, token_sent=token_sent, mask=masked)))
    if data is _TOO_DEEP:
        # Python's JSON parser stops near 1,000 levels; a comment thread nested that deep is read as a page.
        raise SiteUnavailable("its answer was nested too deeply to read")
    if data is None:
        raise SiteUnavailable("its answer was not valid JSON")
    return JsonAnswer(data, answer.next_url)


async def call_file(caller: GuardedCaller, url: str, *, headers: Mapping[str, str] | None = None) -> FetchedPage:
    """A file a site serves as it is (a raw file host, a page read for its data): its 2xx answer, or
    ``SiteUnavailable`` saying why not. ``headers`` go to the URL's origin only."""
    try:
        answer = await caller.call(url, headers=headers)
    except PageUnavailable as failed:
        raise SiteUnavailable(failed.reason) from None
    if not 200 <= answer.status < 300:
        token_sent = any(name.lower() == "authorization" for name in (headers or {}))
        raise SiteUnavailable(status_reason(answer.status, None, token_sent=token_sent))
    return answer


def status_reason(status: int, data: Any, *, token_sent: bool = True, mask: Callable[[str], str] | None = None) -> str:
    """An error status in plain words, with the API's own message when it gives one (``mask``: what
    hides secrets in it, applied before the message is shortened)."""
    meaning = {
        400: "the request was refused",
        401: "the token was refused" if token_sent else "it needs an account or a token",
        403: "access refused or rate limit reached",
        404: "not found",
        410: "gone",
        429: "rate limit reached",
    }.get(status, "the server failed" if status >= 500 else "unexpected answer")
    message = error_message(data, limit=_MESSAGE_LIMIT_BEFORE_MASK) if mask is not None else ""
    message = (
        shortened(mask(message), _MESSAGE_CHARS) if mask is not None else error_message(data, limit=_MESSAGE_CHARS)
    )
    return f"HTTP {status}, {meaning}" + (f": {message}" if message else "")


_TOO_DEEP = object()


# Some APIs (Gerrit) open every answer with this line, so that it cannot run as a script; it is not JSON.
_XSSI_GUARD = b")]}'"


def _parsed(body: bytes) -> Any:
    body = body[len(_XSSI_GUARD) :] if body.startswith(_XSSI_GUARD) else body
    try:
        return json.loads(body.decode("utf-8", errors="replace"))
    except ValueError:
        return None
    except RecursionError:
        return _TOO_DEEP
