"""The one place that turns httpx exceptions and HTTP answers into a ``ProviderFailure``.

Every search adapter sends its request through ``send`` (transport errors are classified inside
``provider_call``, status codes by ``check_response``); nothing else in the code base classifies
transport errors or status codes.
Failure details never contain a URL or a header: a URL can carry a key (SearXNG credentials,
OpenRouter proxies), so only the status, the exception class and the provider's own short
message are kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from adapters.bounded_body import BodyRefused, BodyTooLarge, read_body
from adapters.content_encoding import ACCEPT_ENCODING
from domain.errors import FailureKind, ProviderFailure

_DETAIL_LIMIT = 200
_MESSAGE_DEPTH = 4  # how deep a provider's error message may sit in its JSON
MAX_ANSWER_BYTES = 5_000_000  # real search answers are tens of kilobytes
# Providers that answer "out of credits" with a plain 400 only tell it apart in the body.
_QUOTA_PHRASES = (
    "not enough credits",
    "out of credits",
    "quota",
    "usage limit",
    "plan limit",
    "credit limit",
)
_QUOTA_STATUSES = frozenset({402, 432, 433})
# What a site scraped without a key (DuckDuckGo Lite) answers when it takes the caller for a bot:
# 202 with a challenge, 401/403 "forbidden", 418 "I'm a teapot", 429. There is no key to reject
# and nothing wrong with the request, so it is a block: the chain moves on.
_BOT_WALL_STATUSES = frozenset({202, 401, 403, 418, 429})


def classify_status(status: int, message: str = "", *, keyless: bool = False) -> FailureKind | None:
    """The failure kind of an HTTP status (``None`` for success), refined by the body's message.

    ``keyless`` is for providers called without a key, where a refusal means a bot wall.
    """
    if keyless and status in _BOT_WALL_STATUSES:
        return FailureKind.BLOCKED
    if 200 <= status < 300:
        return None
    lowered = message.lower()
    if status in _QUOTA_STATUSES or (status in (400, 403) and any(p in lowered for p in _QUOTA_PHRASES)):
        return FailureKind.QUOTA_EXHAUSTED
    if status == 429:
        return FailureKind.RATE_LIMITED
    if status in (401, 403):
        return FailureKind.AUTH
    if status >= 500:
        return FailureKind.SERVER_ERROR
    if status >= 400:
        return FailureKind.BAD_REQUEST
    # 1xx/3xx where a JSON answer was expected: the provider (or a proxy) said something odd.
    return FailureKind.MALFORMED


def classify_exception(exc: httpx.HTTPError) -> FailureKind:
    """The failure kind of a transport error. Timeouts first: ConnectTimeout is no ConnectError."""
    if isinstance(exc, httpx.TimeoutException):
        return FailureKind.TIMEOUT
    if isinstance(exc, httpx.DecodingError):
        return FailureKind.MALFORMED
    return FailureKind.NETWORK


async def send(
    client: httpx.AsyncClient,
    provider: str,
    request: httpx.Request,
    *,
    max_bytes: int = MAX_ANSWER_BYTES,
    keyless: bool = False,
) -> httpx.Response:
    """Send one provider request and return its 2xx response with the body read.

    The body is read raw and decoded by our own bounded step (``adapters.bounded_body``): an
    answer over ``max_bytes`` once decompressed, in an encoding we do not undo, or corrupt, is
    a ``malformed`` failure (which fails over), never an exception, and never inflated whole.
    """
    request.headers["Accept-Encoding"] = ACCEPT_ENCODING  # only what bounded_body can undo
    with provider_call(provider):
        response = await client.send(request, stream=True)
        try:
            body = await read_body(response, max_bytes=max_bytes, cut_plain=False)
        except BodyTooLarge as too_large:
            raise ProviderFailure(provider, FailureKind.MALFORMED, f"the answer was {too_large.reason}") from None
        except BodyRefused as refused:
            raise ProviderFailure(
                provider, FailureKind.MALFORMED, f"the answer could not be read: {refused.reason}"
            ) from None
        finally:
            await response.aclose()
    # The body is already decoded; drop the headers that describe the encoded form.
    headers = [(k, v) for k, v in response.headers.multi_items() if k not in ("content-encoding", "content-length")]
    answered = httpx.Response(response.status_code, headers=headers, content=body.data, request=request)
    check_response(provider, answered, keyless=keyless)
    return answered


@contextmanager
def provider_call(provider: str) -> Iterator[None]:
    """Wrap one provider request so that transport errors leave as a classified failure."""
    try:
        yield
    except httpx.HTTPError as exc:
        kind = classify_exception(exc)
        raise ProviderFailure(provider, kind, _describe_exception(exc)) from None


def check_response(provider: str, response: httpx.Response, *, keyless: bool = False) -> None:
    """Raise a classified ``ProviderFailure`` unless the response is an answer (a 2xx, bar bot walls)."""
    if classify_status(response.status_code, keyless=keyless) is None:
        return
    message = provider_message(response)
    kind = classify_status(response.status_code, message, keyless=keyless)
    assert kind is not None  # only a 2xx has no kind
    if kind is FailureKind.BLOCKED:
        # The body of a bot wall is a challenge page, not an explanation.
        detail = f"HTTP {response.status_code}: the site took the request for a bot"
    else:
        detail = f"HTTP {response.status_code}" + (f": {message}" if message else "")
    raise ProviderFailure(
        provider,
        kind,
        detail,
        status=response.status_code,
        retry_after=response.headers.get("retry-after"),
        rate_limit_reset=_rate_limit_reset(response),
    )


def _rate_limit_reset(response: httpx.Response) -> tuple[str, str | None] | None:
    reset = response.headers.get("x-ratelimit-reset")
    return None if reset is None else (reset[:200], (response.headers.get("x-ratelimit-remaining") or "")[:200] or None)


def json_body(provider: str, response: httpx.Response) -> dict[str, Any]:
    """The response's JSON object, or a ``malformed`` failure when it is not one."""
    try:
        data = response.json()
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ProviderFailure(provider, FailureKind.MALFORMED, "the answer was not JSON") from None
    if not isinstance(data, dict):
        raise ProviderFailure(provider, FailureKind.MALFORMED, f"expected a JSON object, got {type(data).__name__}")
    return data


def malformed(provider: str, detail: str) -> ProviderFailure:
    """A failure for an answer whose shape is wrong (missing or mistyped fields)."""
    return ProviderFailure(provider, FailureKind.MALFORMED, detail)


def provider_message(response: httpx.Response) -> str:
    """The provider's own short explanation from an error body, whatever its JSON dialect."""
    try:
        data: Any = response.json()
    except (ValueError, RecursionError):
        text = response.text.strip() if _looks_textual(response) else ""
        return shortened(" ".join(text.split()))
    return error_message(data)


def error_message(data: Any, *, limit: int = _DETAIL_LIMIT) -> str:
    """The short explanation an API put in its parsed error body, whatever its JSON dialect; one line."""
    return shortened(_find_message(data), limit)


def _find_message(data: Any, depth: int = 0) -> str:
    # Serper {"message"}, Tavily {"detail": {"error"}}, Brave {"error": {"detail"}},
    # OpenAI-style {"error": {"message"}}, FastAPI {"detail": "..."}; for the site resolvers,
    # StackExchange {"error_message"}, MediaWiki {"error": {"info"}}, GraphQL {"errors": [{"message"}]},
    # Jira {"errorMessages": ["..."]}.
    if isinstance(data, str):
        return data
    if depth >= _MESSAGE_DEPTH:
        return ""
    if isinstance(data, list):
        return _find_message(data[0], depth + 1) if data else ""
    if isinstance(data, dict):
        for key in ("message", "error", "detail", "error_message", "msg", "info", "errors", "errorMessages"):
            if key in data:
                found = _find_message(data[key], depth + 1)
                if found:
                    return found
    return ""


def _looks_textual(response: httpx.Response) -> bool:
    media: str = response.headers.get("content-type", "").split(";")[0].strip().lower()
    return media.startswith("text/plain") or media == ""


def shortened(text: str, limit: int = _DETAIL_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _describe_exception(exc: httpx.HTTPError) -> str:
    # str(exc) of an httpx error can hold the request URL; the class name alone is safe and telling.
    names: dict[type[httpx.HTTPError], str] = {
        httpx.ConnectTimeout: "connect timed out",
        httpx.ReadTimeout: "read timed out",
        httpx.WriteTimeout: "write timed out",
        httpx.PoolTimeout: "timed out waiting for a free connection",
        httpx.ConnectError: "could not connect (refused, unreachable or DNS failure)",
        httpx.ReadError: "connection broken while reading the answer",
        httpx.RemoteProtocolError: "the server broke the HTTP protocol (connection reset or truncated answer)",
        httpx.DecodingError: "the answer could not be decoded",
        httpx.TooManyRedirects: "too many redirects",
    }
    return names.get(type(exc), type(exc).__name__)
