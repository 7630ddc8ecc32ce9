"""The one classifier of transport errors and statuses, and the capped body reader."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator

import httpx
import pytest

from adapters.http_errors import classify_status, json_body, provider_message, send
from domain.errors import FailureKind as K
from domain.errors import ProviderFailure
from tests.support import hostile_inputs

pytestmark = pytest.mark.anyio
SECRET_URL = "https://user:hunter2-secret@search.test/search?key=SECRET123"


@pytest.mark.parametrize(
    ("status", "message", "kind"),
    [
        (200, "", None), (204, "", None),
        (500, "", K.SERVER_ERROR), (502, "", K.SERVER_ERROR), (503, "", K.SERVER_ERROR), (599, "", K.SERVER_ERROR),
        (429, "", K.RATE_LIMITED),
        (402, "", K.QUOTA_EXHAUSTED), (432, "", K.QUOTA_EXHAUSTED), (433, "", K.QUOTA_EXHAUSTED),
        (400, "Not enough credits", K.QUOTA_EXHAUSTED), (403, "Monthly quota exceeded", K.QUOTA_EXHAUSTED),
        (401, "", K.AUTH), (403, "Unauthorized.", K.AUTH),
        (400, "bad query", K.BAD_REQUEST), (404, "", K.BAD_REQUEST), (422, "", K.BAD_REQUEST),
        (301, "", K.MALFORMED),
    ],
)  # fmt: skip
def test_status_classification(status: int, message: str, kind: K | None) -> None:
    assert classify_status(status, message) is kind


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (200, None),
        (202, K.BLOCKED), (401, K.BLOCKED), (403, K.BLOCKED), (418, K.BLOCKED), (429, K.BLOCKED),
        (400, K.BAD_REQUEST), (404, K.BAD_REQUEST), (500, K.SERVER_ERROR), (503, K.SERVER_ERROR),
    ],
)  # fmt: skip
def test_a_provider_without_a_key_meets_bot_walls_not_key_rejections(status: int, kind: K | None) -> None:
    assert classify_status(status, "Unauthorized.", keyless=True) is kind


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (httpx.ConnectTimeout("x"), K.TIMEOUT),
        (httpx.ReadTimeout("x"), K.TIMEOUT),
        (httpx.PoolTimeout("x"), K.TIMEOUT),
        (httpx.ConnectError("x"), K.NETWORK),
        (httpx.ReadError("x"), K.NETWORK),
        (httpx.RemoteProtocolError("x"), K.NETWORK),
        (httpx.DecodingError("x"), K.MALFORMED),
    ],
)
async def test_transport_errors_are_classified_without_the_url(exc: Exception, kind: K) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc.__class__(f"failed for {request.url}", request=request)  # type: ignore[call-arg]

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", SECRET_URL))
    assert caught.value.kind is kind
    assert "hunter2" not in str(caught.value) and "SECRET123" not in str(caught.value)


async def test_a_body_over_the_cap_is_refused_as_malformed() -> None:
    client = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(200, content=b"x" * 2_000_001)))
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", "https://s.test/"), max_bytes=2_000_000)
    assert caught.value.kind is K.MALFORMED
    assert caught.value.detail == "the answer was larger than 2 MB"


async def test_retry_after_and_status_travel_with_the_failure() -> None:
    response = httpx.Response(429, headers={"Retry-After": "17"}, json={"message": "slow down"})
    client = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: response))
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", "https://s.test/"))
    assert (caught.value.kind, caught.value.status, caught.value.retry_after) == (K.RATE_LIMITED, 429, "17")
    assert caught.value.detail == "HTTP 429: slow down"


async def test_a_gzip_answer_is_decoded_once() -> None:
    import gzip

    payload = gzip.compress(b'{"ok": true}')
    response = httpx.Response(200, headers={"Content-Encoding": "gzip"}, content=payload)
    client = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: response))
    answered = await send(client, "p", client.build_request("GET", "https://s.test/"))
    assert json_body("p", answered) == {"ok": True}


async def test_an_html_error_page_gives_just_the_status() -> None:
    response = httpx.Response(502, headers={"Content-Type": "text/html"}, text="<html><body>Bad gateway</body></html>")
    client = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: response))
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", "https://s.test/"))
    assert caught.value.detail == "HTTP 502"


async def test_long_plain_messages_are_shortened() -> None:
    response = httpx.Response(500, text="oops " * 200)
    client = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: response))
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", "https://s.test/"))
    assert len(caught.value.detail) <= 220


class WireStream(httpx.AsyncByteStream):
    """A body httpx has not read yet, as from a socket (``content=`` bodies are read at once)."""

    def __init__(self, body: bytes) -> None:
        self._body = body

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for start in range(0, len(self._body), 16_384):
            yield self._body[start : start + 16_384]


def on_the_wire(body: bytes, encoding: str, seen: list[httpx.Request] | None = None) -> httpx.AsyncClient:
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        headers = {"content-type": "application/json", "content-encoding": encoding}
        return httpx.Response(200, headers=headers, stream=WireStream(body))

    return httpx.AsyncClient(transport=httpx.MockTransport(handler))


@pytest.mark.parametrize("encoding", ["gzip", "gzip, gzip", "br", "zstd"])
async def test_a_compressed_answer_over_the_cap_is_malformed_and_never_inflated_whole(encoding: str) -> None:
    makers = {
        "gzip": hostile_inputs.gzip_bomb,
        "gzip, gzip": hostile_inputs.double_gzip_bomb,
        "br": hostile_inputs.brotli_bomb,
        "zstd": hostile_inputs.zstd_bomb,
    }
    client = on_the_wire(makers[encoding](16_000_000), encoding)
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", "https://s.test/"), max_bytes=2_000_000)
    assert caught.value.kind is K.MALFORMED
    assert caught.value.detail == "the answer was larger than 2 MB after decompression"


async def test_a_compressed_answer_is_decoded_and_only_undoable_encodings_are_asked_for() -> None:
    seen: list[httpx.Request] = []
    client = on_the_wire(gzip.compress(b'{"organic": []}'), "gzip", seen)
    response = await send(client, "p", client.build_request("GET", "https://s.test/"))
    assert json_body("p", response) == {"organic": []}
    assert seen[0].headers["accept-encoding"] == "gzip, deflate, br, zstd"


async def test_an_answer_in_an_encoding_we_cannot_undo_is_malformed() -> None:
    client = on_the_wire(b"{}", "compress")
    with pytest.raises(ProviderFailure) as caught:
        await send(client, "p", client.build_request("GET", "https://s.test/"))
    assert caught.value.kind is K.MALFORMED
    assert caught.value.detail == "the answer could not be read: unsupported content encoding 'compress'"


async def test_json_nested_beyond_the_parsers_depth_is_malformed_not_an_exception() -> None:
    response = httpx.Response(200, content=b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(ProviderFailure) as caught:
        json_body("p", response)
    assert caught.value.kind is K.MALFORMED
    error = httpx.Response(500, content=b'{"message": ' * 5000 + b'"x"' + b"}" * 5000)
    assert len(provider_message(error)) <= 200  # read as text, shortened: no RecursionError
