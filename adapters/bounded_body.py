"""Reading a response body from the wire with every byte bounded: raw, decompressed, in memory.

Pages and provider answers both come through here. The body is read raw (``aiter_raw``) and
decoded by ``content_encoding.BoundedDecoder``, so the cap counts decoded bytes and is checked
while inflating. A plain text body may be cut at the cap (its beginning is still worth
reading); a compressed body that inflates past the cap is refused, since that is what a
decompression bomb looks like and a real page that large is rare.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import httpx

from adapters.content_encoding import BoundedDecoder, DecodedTooLarge, EncodingRefused, parse_encodings


class BodyRefused(Exception):
    """The body cannot be read within the bounds. ``reason`` is one short line without a URL."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BodyTooLarge(BodyRefused):
    """Over the cap; ``decompressed``: it was the decoded size of a compressed body that overflowed."""

    def __init__(self, max_bytes: int, *, decompressed: bool) -> None:
        after = " after decompression" if decompressed else ""
        super().__init__(f"larger than {megabytes(max_bytes)}{after}")
        self.decompressed = decompressed


@dataclass(frozen=True)
class Body:
    data: bytes
    truncated: bool  # a plain body was cut at the cap


async def read_body(response: httpx.Response, *, max_bytes: int, cut_plain: bool) -> Body:
    """The decoded body; raises ``BodyRefused`` (unknown/corrupt encoding, or over the cap).

    ``cut_plain``: a body sent without Content-Encoding is cut at ``max_bytes`` and marked
    truncated instead of being refused.
    """
    if response.is_stream_consumed:
        # Built in memory, already read and decoded (httpx.MockTransport with content=): no wire left.
        return _in_memory(response.content, max_bytes=max_bytes, cut_plain=cut_plain)
    try:
        encodings = parse_encodings(response.headers.get_list("content-encoding"))
    except EncodingRefused as refused:
        raise BodyRefused(refused.reason) from None
    decoder = BoundedDecoder(encodings, max_bytes)
    body = bytearray()
    raw_bytes = 0
    try:
        async for raw in response.aiter_raw():
            raw_bytes += len(raw)
            if not encodings and cut_plain and raw_bytes > max_bytes:
                body += raw[: max_bytes - len(body)]
                return Body(bytes(body), truncated=True)
            if raw_bytes > max_bytes:
                raise DecodedTooLarge
            body += decoder.feed(raw)
        body += decoder.finish()
    except DecodedTooLarge:
        raise BodyTooLarge(max_bytes, decompressed=bool(encodings)) from None
    except EncodingRefused as refused:
        raise BodyRefused(refused.reason) from None
    return Body(bytes(body), truncated=False)


def _in_memory(content: bytes, *, max_bytes: int, cut_plain: bool) -> Body:
    if len(content) <= max_bytes:
        return Body(content, truncated=False)
    if cut_plain:
        return Body(content[:max_bytes], truncated=True)
    raise BodyTooLarge(max_bytes, decompressed=False)


def megabytes(size: int) -> str:
    """A size for people, in decimal megabytes rounded up to a tenth: 5_000_001 -> '5.1 MB'."""
    return f"{math.ceil(size / 100_000) / 10:g} MB"
