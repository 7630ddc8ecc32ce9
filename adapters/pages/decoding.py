"""Bytes to text for pages: the declared charset, else what the page says, else a good guess; mojibake repaired."""

from __future__ import annotations

import codecs
import re

from adapters.pages.mojibake import repaired

# Browsers read these labels as windows-1252 (WHATWG Encoding); servers rely on that.
_WINDOWS_1252_ALIASES = frozenset({"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "us-ascii", "ascii"})
_META_CHARSET = re.compile(rb"""<meta[^>]+?charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)""", re.IGNORECASE)
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_.\-]+)""")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_SNIFF_BYTES = 4096
_DETECTION_SAMPLE_BYTES = 64 * 1024


def decode_text(body: bytes, declared: str | None, *, markup: bool) -> str:
    """Decode a page body. A byte-order mark wins, as in browsers; ``markup`` enables meta sniffing.
    Text that was encoded twice is decoded once more (``mojibake``)."""
    return repaired(_decoded(body, declared, markup=markup))


def _decoded(body: bytes, declared: str | None, *, markup: bool) -> str:
    for bom, bom_encoding in _BOMS:
        if body.startswith(bom):
            return body[len(bom) :].decode(bom_encoding, errors="replace")
    encoding = _usable(declared)
    if encoding is None and markup:
        encoding = _sniff_markup(body[:_SNIFF_BYTES])
    if encoding is not None:
        return body.decode(encoding, errors="replace")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        pass
    return body.decode(_detect(body) or "utf-8", errors="replace")


def _sniff_markup(head: bytes) -> str | None:
    for pattern in (_XML_ENCODING, _META_CHARSET):
        found = pattern.search(head)
        if found is not None:
            encoding = _usable(found.group(1).decode("ascii", errors="ignore"))
            if encoding is not None:
                # A page whose head we just read as ASCII cannot really be UTF-16 (HTML spec rule).
                return "utf-8" if encoding.startswith("utf-16") else encoding
    return None


def _usable(label: str | None) -> str | None:
    """The Python codec for a charset label, or None when Python does not know it."""
    if not label:
        return None
    label = label.strip().lower()
    if label in _WINDOWS_1252_ALIASES:
        return "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def _detect(body: bytes) -> str | None:
    from charset_normalizer import from_bytes  # lazily: only undeclared, non-UTF-8 pages need it

    best = from_bytes(body[:_DETECTION_SAMPLE_BYTES]).best()
    return None if best is None else best.encoding
