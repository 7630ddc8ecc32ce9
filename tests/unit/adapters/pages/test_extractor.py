import json

import pytest

from adapters.pages import html_article
from adapters.pages.extractor import TrafilaturaExtractor
from domain.errors import PageUnavailable, UnsupportedContent
from domain.pages import FetchedPage

FILLER = (
    "The committee met on Tuesday to review the findings of the long study on river water quality, "
    "which covered more than forty sampling sites over a period of three years. "
)

ARTICLE = f"""<!doctype html>
<html><head><title>River report</title><script>var tracking = "SCRIPT-MARKER";</script></head>
<body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/news">NAV-MARKER news</a></li></ul></nav>
<div id="cookie-banner" class="cookie-consent">COOKIE-MARKER We use cookies. Accept all?</div>
<main><article>
<h1>River quality report</h1>
<p>{FILLER}Read the <a href="https://example.org/full-report">full report</a> for details.</p>
<h2>Main findings</h2>
<p>{FILLER}</p>
<ul><li>Nitrate levels fell at most sites</li><li>Phosphate levels stayed flat</li></ul>
<table><tr><th>Site</th><th>Nitrate</th></tr><tr><td>Upper weir</td><td>4.2</td></tr>
<tr><td>Mill bridge</td><td>3.9</td></tr></table>
<pre><code>def average(values):
    return sum(values) / len(values)
</code></pre>
<figure><img src="/chart.png" alt="Chart of nitrate levels by year"></figure>
<p>{FILLER}{FILLER}</p>
</article></main>
<footer><p>FOOTER-MARKER Copyright 2024 The River Trust. All rights reserved.</p></footer>
</body></html>"""


def page(body: bytes, content_type: str = "text/html", charset: str | None = None, **extra: object) -> FetchedPage:
    return FetchedPage(
        url="https://example.com/report", status=200, content_type=content_type, charset=charset, body=body,
        **extra,  # type: ignore[arg-type]
    )  # fmt: skip


@pytest.fixture(scope="module")
def article_markdown() -> str:
    return TrafilaturaExtractor().extract(page(ARTICLE.encode()))


def test_headings_are_kept(article_markdown: str) -> None:
    assert "# River quality report" in article_markdown
    assert "## Main findings" in article_markdown


def test_lists_tables_and_code_are_kept(article_markdown: str) -> None:
    assert "- Nitrate levels fell at most sites" in article_markdown
    assert "| Upper weir | 4.2 |" in article_markdown
    assert "```\ndef average(values):\n    return sum(values) / len(values)\n```" in article_markdown


def test_links_are_kept(article_markdown: str) -> None:
    assert "[full report](https://example.org/full-report)" in article_markdown


def test_relative_links_are_resolved_against_the_page_not_the_site_root() -> None:
    links = (
        '<p>See <a href="methods.html">the methods</a>, <a href="../2023/report.html?part=2">last year\'s</a>,'
        ' <a href="#findings">the findings</a> and <a href="mailto:desk@example.com">the desk</a>; the'
        ' <a href="/wiki/Weir_(river)">weirs</a>.</p>'
    )
    html = ARTICLE.replace("<h2>Main findings</h2>", links + "<h2>Main findings</h2>")
    reported = FetchedPage(
        url="https://example.com/rivers/2024/report.html", status=200, content_type="text/html", charset=None,
        body=html.encode(),
    )  # fmt: skip

    markdown = TrafilaturaExtractor().extract(reported)

    assert "[the methods](https://example.com/rivers/2024/methods.html)" in markdown
    assert "[last year's](https://example.com/rivers/2023/report.html?part=2)" in markdown
    assert "the findings and the desk;" in markdown  # no web address to follow: the words alone
    assert "[weirs](https://example.com/wiki/Weir_%28river%29)" in markdown


@pytest.mark.parametrize("marker", ["NAV-MARKER", "FOOTER-MARKER", "SCRIPT-MARKER", "COOKIE-MARKER"])
def test_page_chrome_is_dropped(article_markdown: str, marker: str) -> None:
    assert marker not in article_markdown


def test_images_become_alt_text_when_asked_for() -> None:
    markdown = TrafilaturaExtractor(include_images=True).extract(page(ARTICLE.encode()))

    assert "[Image: Chart of nitrate levels by year]" in markdown
    assert "chart.png" not in markdown


def test_a_short_page_that_is_all_content_does_not_fall_back() -> None:
    short = "<html><body><p>Just one short line of text.</p></body></html>"

    article = html_article.html_to_article(short)

    assert article.markdown == "Just one short line of text."


def text_page_html(encoding_tag: str = "") -> str:
    return f"<html><head>{encoding_tag}</head><body><article><h1>Café crème</h1><p>{FILLER}Naïve façade, "


@pytest.mark.parametrize("declared", ["iso-8859-1", "windows-1252", "latin-1"])
def test_a_declared_latin_charset_is_honoured(declared: str) -> None:
    body = (text_page_html() + "“quoted” — 5 €</p></article></body></html>").encode("cp1252")

    markdown = TrafilaturaExtractor().extract(page(body, charset=declared))

    assert "Café crème" in markdown
    assert "“quoted” — 5 €" in markdown


def test_a_meta_charset_is_used_when_the_header_says_nothing() -> None:
    html = text_page_html('<meta charset="windows-1252">') + "Ça marche.</p></article></body></html>"

    markdown = TrafilaturaExtractor().extract(page(html.encode("cp1252")))

    assert "Naïve façade, Ça marche." in markdown


def test_an_http_equiv_charset_is_used_when_the_header_says_nothing() -> None:
    tag = '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'
    body = f"<article><h1>Привет</h1><p>{FILLER}Привет, мир.</p></article>"
    html = f"<html><head>{tag}</head><body>{body}</body></html>"

    markdown = TrafilaturaExtractor().extract(page(html.encode("koi8-r")))

    assert "years. Привет, мир." in markdown


def test_an_undeclared_charset_is_detected() -> None:
    text = "Съешь же ещё этих мягких французских булок, да выпей чаю. " * 20
    html = f"<html><body><article><h1>Тест</h1><p>{text}</p></article></body></html>"

    markdown = TrafilaturaExtractor().extract(page(html.encode("cp1251")))

    assert "Съешь же ещё этих мягких французских булок" in markdown


def test_a_utf8_byte_order_mark_wins_over_a_wrong_declaration() -> None:
    html = text_page_html() + "ünïcödé</p></article></body></html>"

    markdown = TrafilaturaExtractor().extract(page(b"\xef\xbb\xbf" + html.encode(), charset="iso-8859-1"))

    assert "Café crème" in markdown
    assert "ünïcödé" in markdown


def test_xhtml_is_read_as_html() -> None:
    markdown = TrafilaturaExtractor().extract(page(ARTICLE.encode(), content_type="application/xhtml+xml"))

    assert "## Main findings" in markdown


@pytest.mark.parametrize("content_type", ["text/plain", "text/markdown"])
def test_plain_text_and_markdown_pass_through(content_type: str) -> None:
    text = "# Notes\n\n- keep *this* as it is\n"

    assert TrafilaturaExtractor().extract(page(text.encode(), content_type=content_type)) == text


def test_json_is_pretty_printed_in_a_fence() -> None:
    body = json.dumps({"name": "río", "values": [1, 2]}).encode()

    markdown = TrafilaturaExtractor().extract(page(body, content_type="application/json"))

    assert markdown == '```json\n{\n  "name": "río",\n  "values": [\n    1,\n    2\n  ]\n}\n```'


def test_json_that_does_not_parse_passes_through() -> None:
    assert TrafilaturaExtractor().extract(page(b'{"cut": ', content_type="application/json")) == '{"cut": '


def tiny_pdf(text: str) -> bytes:
    """A one-page PDF showing ``text`` in Helvetica, with a correct cross-reference table."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_pdf_becomes_its_text() -> None:
    markdown = TrafilaturaExtractor().extract(page(tiny_pdf("Hello from a PDF"), content_type="application/pdf"))

    assert markdown == "Hello from a PDF"


def test_an_untyped_pdf_is_recognised_by_its_signature() -> None:
    markdown = TrafilaturaExtractor().extract(page(tiny_pdf("Sniffed"), content_type="application/octet-stream"))

    assert markdown == "Sniffed"


def test_a_pdf_cut_by_the_size_limit_says_so() -> None:
    cut = tiny_pdf("Hello")[:60]

    with pytest.raises(PageUnavailable, match="cut short by the size limit"):
        TrafilaturaExtractor().extract(page(cut, content_type="application/pdf", truncated=True))


def test_unsupported_content_types_are_refused() -> None:
    with pytest.raises(UnsupportedContent) as refused:
        TrafilaturaExtractor().extract(page(b"\x89PNG\r\n", content_type="image/png"))

    assert refused.value.reason == "unsupported content type image/png"
