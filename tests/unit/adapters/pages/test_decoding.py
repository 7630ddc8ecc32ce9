"""adapters/pages/decoding.py on large bodies: the guesswork reads a bounded head, the decode is one pass."""

from __future__ import annotations

from adapters.pages.decoding import decode_text

RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю. "


def test_an_undeclared_charset_guessed_from_the_head_decodes_a_body_far_larger_than_it() -> None:
    text = RUSSIAN * 60_000  # about 3.5 MB in cp1251, fifty times the detection sample

    decoded = decode_text(text.encode("cp1251"), None, markup=False)

    assert decoded == text


def test_a_charset_declared_past_the_sniffed_head_is_not_looked_for() -> None:
    text = "<p>Grüße</p>".encode()
    late = b"<html><body>" + b"<p>padding</p>" * 400 + b'<meta charset="koi8-r">' + text
    early = b'<html><head><meta charset="koi8-r"></head><body>' + text

    assert decode_text(late, None, markup=True).endswith("<p>Grüße</p>")  # past 4 KB: not seen
    assert not decode_text(early, None, markup=True).endswith("<p>Grüße</p>")  # in the head: honoured


def test_a_single_line_of_many_megabytes_passes_through_whole() -> None:
    line = "word " * 1_000_000

    assert decode_text(line.encode(), "utf-8", markup=False) == line
