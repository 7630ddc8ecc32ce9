"""The bounded decoding step: every encoding undone, stacked at most twice, the cap held while inflating."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable

import brotli
import pytest
from backports import zstd

from adapters.content_encoding import (
    ACCEPT_ENCODING,
    BoundedDecoder,
    DecodedTooLarge,
    EncodingRefused,
    parse_encodings,
)
from tests.support import hostile_inputs

TEXT = b"".join(b"line %d of a page that compresses well\n" % i for i in range(20_000))
STEP = 64 * 1024  # the most one decompressor is asked for at once


def raw_deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


def decode(encodings: str, body: bytes, *, limit: int = 10_000_000, chunk: int = 4096) -> bytes:
    decoder = BoundedDecoder(parse_encodings([encodings]), limit)
    out = bytearray()
    for start in range(0, len(body), chunk):
        out += decoder.feed(body[start : start + chunk])
    return bytes(out + decoder.finish())


ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": gzip.compress,
    "x-gzip": gzip.compress,
    "deflate": zlib.compress,
    "br": brotli.compress,
    "zstd": zstd.compress,
}


@pytest.mark.parametrize("encoding", list(ENCODERS))
def test_each_encoding_is_undone(encoding: str) -> None:
    assert decode(encoding, ENCODERS[encoding](TEXT)) == TEXT


@pytest.mark.parametrize("encoding", ["gzip", "br", "zstd"])
def test_bytes_fed_one_at_a_time_decode_the_same(encoding: str) -> None:
    small = TEXT[:3000]
    assert decode(encoding, ENCODERS[encoding](small), chunk=1) == small


def test_raw_deflate_as_some_servers_send_it_is_undone() -> None:
    assert decode("deflate", raw_deflate(TEXT)) == TEXT


def test_two_stacked_encodings_are_undone_last_applied_first() -> None:
    assert decode("gzip, br", brotli.compress(gzip.compress(TEXT))) == TEXT
    assert decode("zstd, gzip", gzip.compress(zstd.compress(TEXT))) == TEXT


def test_several_gzip_members_and_zstd_frames_make_one_body() -> None:
    half = len(TEXT) // 2
    assert decode("gzip", gzip.compress(TEXT[:half]) + gzip.compress(TEXT[half:])) == TEXT
    assert decode("zstd", zstd.compress(TEXT[:half]) + zstd.compress(TEXT[half:])) == TEXT


def test_padding_after_the_last_gzip_member_is_ignored() -> None:
    assert decode("gzip", gzip.compress(TEXT) + b"\0" * 16) == TEXT


def test_identity_and_empty_values_undo_nothing() -> None:
    assert parse_encodings(["identity", " ", "GZip"]) == ["gzip"]
    assert decode("identity", TEXT) == TEXT


def test_encodings_may_come_in_several_header_lines() -> None:
    assert parse_encodings(["gzip", "br"]) == ["gzip", "br"]


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        (["compress"], "unsupported content encoding 'compress'"),
        (["gzip, snappy"], "unsupported content encoding 'snappy'"),
        (["gzip, gzip, gzip"], "3 stacked content encodings (at most 2 are undone)"),
        (["gzip", "br", "zstd"], "3 stacked content encodings (at most 2 are undone)"),
    ],
)
def test_unknown_or_too_deeply_stacked_encodings_are_refused(values: list[str], reason: str) -> None:
    with pytest.raises(EncodingRefused) as refused:
        parse_encodings(values)
    assert refused.value.reason == reason


def test_what_is_advertised_is_exactly_what_can_be_undone() -> None:
    advertised = [name.strip() for name in ACCEPT_ENCODING.split(",")]
    for name in advertised:
        assert parse_encodings([name]) == [name]
    assert sorted(advertised) == sorted(name for name in ENCODERS if name != "x-gzip")


@pytest.mark.parametrize(
    ("encoding", "body"),
    [
        ("gzip", b"\x1f\x8b\x08\x00 this is not gzip at all"),
        ("br", b"not brotli at all, not at all"),
        ("zstd", b"(\xb5/\xfd not zstd"),
        ("deflate", b"neither zlib nor raw deflate \xff\xff\xff"),
    ],
)
def test_a_corrupt_body_is_refused_in_plain_words(encoding: str, body: bytes) -> None:
    with pytest.raises(EncodingRefused) as refused:
        decode(encoding, body)
    assert refused.value.reason in ("the compressed body is corrupt", "the compressed body was cut short or corrupt")


@pytest.mark.parametrize("encoding", ["gzip", "br", "zstd"])
def test_a_body_cut_short_is_refused(encoding: str) -> None:
    whole = ENCODERS[encoding](TEXT)
    with pytest.raises(EncodingRefused):
        decode(encoding, whole[: len(whole) // 2])


BOMBS = hostile_inputs.BOMBS


@pytest.mark.parametrize("encoding", list(BOMBS))
def test_a_bomb_stops_within_one_step_of_the_cap_however_it_is_fed(encoding: str) -> None:
    limit = 1_000_000
    bomb = BOMBS[encoding](64_000_000)
    decoder = BoundedDecoder(parse_encodings([encoding]), limit)
    with pytest.raises(DecodedTooLarge):
        decoder.feed(bomb)  # all at once: the worst case for a decompressor asked for "everything"
    # The cap was checked while inflating: never more than one step's output past it.
    assert limit < decoder.decoded <= limit + 2 * STEP


def test_a_body_at_the_cap_is_whole() -> None:
    body = gzip.compress(TEXT)
    assert decode("gzip", body, limit=len(TEXT)) == TEXT
    with pytest.raises(DecodedTooLarge):
        decode("gzip", body, limit=len(TEXT) - 1)
