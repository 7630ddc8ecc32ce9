"""Hostile bodies for tests and bench/hostile.py: decompression bombs and pathological pages.

Bombs are made by streaming zeros through the compressor, so making a 2 GB bomb never holds
2 GB in memory (it still takes a few seconds: tests use sizes of a few MB).
"""

from __future__ import annotations

import gzip
import io
import zipfile
import zlib
from collections.abc import Callable

import brotli
from backports import zstd

from tests.support.page_server import pdf_document

_BLOCK = b"\0" * (1 << 20)


def _stream(compress: Callable[[bytes], bytes], flush: Callable[[], bytes], size: int) -> bytes:
    out = bytearray()
    for _ in range(size // len(_BLOCK)):
        out += compress(_BLOCK)
    out += compress(_BLOCK[: size % len(_BLOCK)])
    return bytes(out + flush())


def gzip_bomb(size: int) -> bytes:
    """A gzip body that inflates to ``size`` zero bytes (about 1000:1)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return _stream(packer.compress, packer.flush, size)


def double_gzip_bomb(size: int) -> bytes:
    """``Content-Encoding: gzip, gzip``: gzip of a gzip bomb; 2 GB of zeros fits in about 2 KB."""
    return gzip.compress(gzip_bomb(size), 9)


def deflate_bomb(size: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS)
    return _stream(packer.compress, packer.flush, size)


def brotli_bomb(size: int) -> bytes:
    packer = brotli.Compressor(quality=5)
    return _stream(packer.process, packer.finish, size)


def zstd_bomb(size: int) -> bytes:
    packer = zstd.ZstdCompressor(level=3)
    return _stream(packer.compress, lambda: packer.flush(zstd.ZstdCompressor.FLUSH_FRAME), size)


#: Each ``Content-Encoding`` we undo, with a bomb for it: ``BOMBS[encoding](size)``.
BOMBS: dict[str, Callable[[int], bytes]] = {
    "gzip": gzip_bomb,
    "gzip, gzip": double_gzip_bomb,
    "deflate": deflate_bomb,
    "br": brotli_bomb,
    "zstd": zstd_bomb,
}


def nested_divs(depth: int) -> bytes:
    """An HTML page of ``depth`` nested ``<div>`` elements around one sentence."""
    return b"<!DOCTYPE html><html><body>" + b"<div>" * depth + b"deep text" + b"</div>" * depth + b"</body></html>"


def many_quotes(count: int) -> bytes:
    """A thread page of ``count`` replies, each quoting a line before its own words."""
    reply = b"<blockquote><p>quoted line %d</p></blockquote><p>reply line %d</p>"
    replies = b"".join(reply % (number, number) for number in range(count))
    return b"<!DOCTYPE html><html><body><main><h1>Thread</h1>" + replies + b"</main></body></html>"


def punctuation_runs(chars: int) -> bytes:
    """An article whose paragraphs are each a run of ``chars`` characters of what Markdown links,
    images and the fence's markers begin with ("[", "[\\", "](", "![a](", "<"), never completed."""
    runs = ("[", "[\\", "](", "![a](", "&lt;")
    paragraphs = b"".join(b"<p>" + (run * (chars // len(run.replace("&lt;", "<")))).encode() + b"</p>" for run in runs)
    opening = b"<!DOCTYPE html><html><body><main><h1>Runs</h1><p>A page of runs.</p>"
    return opening + paragraphs + b"</main></body></html>"


def angle_runs(chars: int) -> bytes:
    """Plain text of four runs of ``chars`` "<" each, the fence markers' opening, on lines of their own."""
    return b"\n".join([b"Angles:"] + [b"<" * chars] * 4) + b"\n"


def markup_floods(count: int) -> bytes:
    """An article with ``count`` of each piece of markup the page is composed from before extraction:
    KaTeX formulas beside their visual copies, MathML without TeX, server-rendered components with
    slots, cells spanning two rows, code blocks naming their language, void elements holding text."""
    formula = (
        b'<span class="katex"><span class="katex-mathml"><math><semantics><mi>x</mi><annotation '
        b'encoding="application/x-tex">x_%d</annotation></semantics></math></span>'
        b'<span class="katex-html" aria-hidden="true">x%d</span></span> '
    )
    pieces = [
        b"<p>" + b"".join(formula % (n, n) for n in range(count)) + b"</p>",
        b"<p>" + b"<math><mfrac><mi>a</mi><mn>2</mn></mfrac></math> " * count + b"</p>",
        b"<x-card><template shadowrootmode='open'><b><slot name='t'></slot></b><slot></slot></template>"
        b"<i slot='t'>card</i>text</x-card>" * count,
        b"<table>" + b"<tr><td rowspan='2'>key</td><td>a</td></tr><tr><td>b</td></tr>" * count + b"</table>",
        b"<pre><code class='language-go'>fmt.Println(1)</code></pre>" * count,
        b"<div>" + b"<source src='a.mp4'>after " * count + b"</div>",
    ]
    opening = b"<!DOCTYPE html><html><body><main><h1>Floods</h1><p>A page of markup floods.</p>"
    return opening + b"".join(pieces) + b"</main></body></html>"


def single_line_text(size: int) -> bytes:
    """Plain text of ``size`` bytes with no line break anywhere."""
    return (b"word " * (size // 5 + 1))[:size]


def deep_json(depth: int, width: int) -> bytes:
    """JSON whose pretty-printed form is about ``depth * width`` times larger than itself."""
    return b"[" * depth + b",".join([b"1"] * width) + b"]" * depth


def large_pdf(size: int) -> bytes:
    """A valid one-page PDF of about ``size`` bytes: its content stream is padded with a comment."""
    content = b"BT /F1 12 Tf 72 720 Td (Large PDF text layer) Tj ET\n%"
    content += b"x" * max(0, size - len(content) - 600) + b"\n"
    return pdf_document(b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream")


def pdf_with_bomb(size: int) -> bytes:
    """A one-page PDF whose content stream is a deflate bomb inflating to ``size`` bytes."""
    bomb = deflate_bomb(size)
    return pdf_document(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(bomb) + bomb + b"\nendstream")


def word_bomb(size: int) -> bytes:
    """A .docx whose text part unpacks to ``size`` bytes of zeros (streamed, never held whole)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w", force_zip64=True) as part:
            for _ in range(size // len(_BLOCK)):
                part.write(_BLOCK)
    return out.getvalue()


def word_flood(text_bytes: int) -> bytes:
    """A valid .docx whose text part is about ``text_bytes`` of short paragraphs: the longest the
    reader accepts costs it most."""
    from tests.support.office_files import make_docx

    paragraph = b"<w:p><w:r><w:t>Relay paragraph of flood text.</w:t></w:r></w:p>"
    original, out = zipfile.ZipFile(io.BytesIO(make_docx())), io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as flooded:
        for info in original.infolist():
            data = original.read(info)
            if info.filename == "word/document.xml":
                count = max(0, text_bytes - len(data)) // len(paragraph)
                data = data.replace(b"<w:body>", b"<w:body>" + paragraph * count, 1)
            flooded.writestr(info.filename, data)
    return out.getvalue()


def notebook_flood(cells: int) -> bytes:
    """A notebook of ``cells`` small code cells, each with a stream output and an error with colour codes."""
    import json

    cell = {
        "cell_type": "code",
        "metadata": {},
        "source": "x = 1\ny = x / 0",
        "outputs": [
            {"output_type": "stream", "name": "stdout", "text": "step\r" * 20 + "done\n"},
            {"output_type": "error", "ename": "ZeroDivisionError", "evalue": "division by zero",
             "traceback": ["\x1b[0;31mZeroDivisionError\x1b[0m: division by zero"]},
        ],
    }  # fmt: skip
    return json.dumps({"cells": [cell] * cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


def open_document_flood(text_bytes: int) -> bytes:
    """An OpenDocument text whose content part is about ``text_bytes`` of short paragraphs: the longest
    the reader accepts costs it most."""
    from tests.support.open_files import odf_zip

    # Numbered, so that it packs as a real text does (odfdo refuses a part packed over 200 times).
    paragraph = "<text:p>Relay paragraph {} of flood text.</text:p>"
    return odf_zip("odt", "".join(paragraph.format(n) for n in range(text_bytes // (len(paragraph) + 5))))


def repeated_sheet(rows: int, columns: int) -> bytes:
    """An OpenDocument spreadsheet of one written row repeated ``rows`` times, its one cell ``columns`` times."""
    from tests.support.open_files import odf_zip, sheet_row, text_cell

    sheet = sheet_row(text_cell("relay", repeat=columns), repeat=rows)
    return odf_zip("ods", f'<table:table table:name="Repeats">{sheet}</table:table>')
