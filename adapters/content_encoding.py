"""Undoing Content-Encoding ourselves, with a cap on the decoded size checked while inflating.

httpx would inflate each network chunk whole: a 2 KB gzip body can become gigabytes before any
cap looks at it. Here every decompressor is asked for at most ``_STEP`` bytes at a time
(zlib's ``max_length``, brotli's ``output_buffer_limit``, zstd's ``max_length``), so the cap
holds within one step. At most two stacked encodings are undone; any other is refused.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable
from typing import Protocol

import brotli

if sys.version_info >= (3, 14):
    from compression import zstd
else:
    from backports import zstd

#: What we can undo, and so what requests advertise (never more than this).
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
MAX_STACKED = 2
_STEP = 64 * 1024  # the most output asked of one decompressor at once
_IDENTITY = "identity"
_GZIP_MAGIC = b"\x1f\x8b"


class EncodingRefused(Exception):
    """The body's encoding is unknown, stacked too deep, or corrupt. ``reason`` is one short line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DecodedTooLarge(Exception):
    """The decoded body would exceed the cap."""


class _Layer(Protocol):
    def push(self, data: bytes) -> None: ...

    def pull(self, max_length: int) -> bytes: ...

    def buffered(self) -> int: ...

    def finished(self) -> bool: ...


def parse_encodings(values: list[str]) -> list[str]:
    """The encodings applied, in order, from Content-Encoding values; raises ``EncodingRefused``."""
    names = [part.strip().lower() for value in values for part in value.split(",")]
    names = [name for name in names if name and name != _IDENTITY]
    unknown = [name for name in names if name not in _LAYERS]
    if unknown:
        return _refuse(f"unsupported content encoding '{unknown[0][:40]}'")
    if len(names) > MAX_STACKED:
        return _refuse(f"{len(names)} stacked content encodings (at most {MAX_STACKED} are undone)")
    return names


def _refuse(reason: str) -> list[str]:
    raise EncodingRefused(reason)


class BoundedDecoder:
    """Undoes ``encodings`` (as ``parse_encodings`` gives them) on bytes fed in as they arrive.

    ``feed`` returns the decoded bytes that are ready and raises ``DecodedTooLarge`` as soon as
    more than ``limit`` decoded bytes have come out; ``finish`` checks the body was complete.
    """

    def __init__(self, encodings: list[str], limit: int) -> None:
        # The last encoding applied is the first to undo.
        self._layers: list[_Layer] = [_LAYERS[name]() for name in reversed(encodings)]
        self._limit = limit
        self._fed = False
        self.decoded = 0

    def feed(self, raw: bytes) -> bytes:
        if not self._layers:
            return self._count(raw)
        self._fed = self._fed or bool(raw)
        self._layers[0].push(raw)
        return self._drain()

    def finish(self) -> bytes:
        tail = self._drain()
        if self._fed and not all(layer.finished() for layer in self._layers):
            raise EncodingRefused("the compressed body was cut short or corrupt")
        return tail

    def _drain(self) -> bytes:
        out = bytearray()
        moved = True
        while moved:
            moved = False
            for index, layer in enumerate(self._layers):
                inner = self._layers[index + 1] if index + 1 < len(self._layers) else None
                if inner is not None and inner.buffered() >= _STEP:
                    continue  # let the inner layer catch up before inflating more into it
                chunk = _pull(layer)
                if not chunk:
                    continue
                moved = True
                if inner is not None:
                    inner.push(chunk)
                else:
                    out += self._count(chunk)
        return bytes(out)

    def _count(self, chunk: bytes) -> bytes:
        self.decoded += len(chunk)
        if self.decoded > self._limit:
            raise DecodedTooLarge
        return chunk


def _pull(layer: _Layer) -> bytes:
    try:
        return layer.pull(_STEP)
    except (zlib.error, brotli.error, zstd.ZstdError, EOFError):
        raise EncodingRefused("the compressed body is corrupt") from None


class _Zlib:
    """gzip (several members allowed) or deflate (zlib-wrapped, or raw as some servers send it)."""

    def __init__(self, wbits: int, *, sniff_raw: bool = False) -> None:
        self._wbits = wbits
        self._sniff_raw = sniff_raw
        self._inflater = zlib.decompressobj(wbits)
        self._input = b""
        self._started = False

    def push(self, data: bytes) -> None:
        self._input += data

    def pull(self, max_length: int) -> bytes:
        if self._inflater.eof and self._input:
            if not (self._wbits > zlib.MAX_WBITS and self._input.startswith(_GZIP_MAGIC)):
                self._input = b""  # padding after the last member, as some servers send: ignored
                return b""
            self._inflater = zlib.decompressobj(self._wbits)  # the next gzip member
        if not self._input:
            return b""
        try:
            out = self._inflater.decompress(self._input, max_length)
        except zlib.error:
            if not (self._sniff_raw and not self._started):
                raise
            self._wbits, self._sniff_raw = -zlib.MAX_WBITS, False
            self._inflater = zlib.decompressobj(self._wbits)
            out = self._inflater.decompress(self._input, max_length)
        self._started = True
        self._input = self._inflater.unused_data if self._inflater.eof else self._inflater.unconsumed_tail
        return out

    def buffered(self) -> int:
        return len(self._input)

    def finished(self) -> bool:
        return self._inflater.eof and not self._input


class _Brotli:
    def __init__(self) -> None:
        self._decompressor = brotli.Decompressor()
        self._input = b""

    def push(self, data: bytes) -> None:
        self._input += data

    def pull(self, max_length: int) -> bytes:
        # New input only once the decompressor has handed out what it holds (its API's rule).
        if self._input and self._decompressor.can_accept_more_data():
            data, self._input = self._input, b""
            return bytes(self._decompressor.process(data, output_buffer_limit=max_length))
        if self._decompressor.is_finished():
            if self._input:
                raise EOFError("data after the end of the brotli stream")
            return b""
        return bytes(self._decompressor.process(b"", output_buffer_limit=max_length))

    def buffered(self) -> int:
        return len(self._input)

    def finished(self) -> bool:
        return bool(self._decompressor.is_finished()) and not self._input


class _Zstd:
    """zstd, several frames allowed."""

    def __init__(self) -> None:
        self._decompressor = zstd.ZstdDecompressor()
        self._input = b""

    def push(self, data: bytes) -> None:
        self._input += data

    def pull(self, max_length: int) -> bytes:
        if self._decompressor.eof:
            if not self._input:
                return b""
            self._decompressor = zstd.ZstdDecompressor()
        if not self._input and self._decompressor.needs_input:
            return b""
        data, self._input = self._input, b""
        out = self._decompressor.decompress(data, max_length)
        if self._decompressor.eof:
            self._input = self._decompressor.unused_data
        return out

    def buffered(self) -> int:
        return len(self._input)

    def finished(self) -> bool:
        return self._decompressor.eof and not self._input


def _gzip() -> _Layer:
    return _Zlib(16 + zlib.MAX_WBITS)


def _deflate() -> _Layer:
    return _Zlib(zlib.MAX_WBITS, sniff_raw=True)


_LAYERS: dict[str, Callable[[], _Layer]] = {
    "gzip": _gzip,
    "x-gzip": _gzip,
    "deflate": _deflate,
    "br": _Brotli,
    "zstd": _Zstd,
}
