"""Feeds and other XML are read, not refused; JSON and XML formatting cannot blow a page up."""

from __future__ import annotations

import pytest

from adapters.pages.extractor import TrafilaturaExtractor
from domain.pages import FetchedPage
from tests.support import hostile_inputs

RSS = b"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>Relay News</title><description>News about relays</description>
<atom:link href="https://news.example/feed" rel="self"/>
<item><title>First &amp; best</title><link>https://news.example/1</link>
<pubDate>Mon, 23 Nov 2026 07:00:00 GMT</pubDate>
<description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</description></item>
<item><title>Second</title><link>https://news.example/2</link><description>Plain summary</description></item>
</channel></rss>"""

ATOM = b"""<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">
<title>Atom Blog</title><subtitle>Notes</subtitle>
<entry><title type="html">Post &lt;i&gt;one&lt;/i&gt;</title><link rel="self" href="https://blog.example/self"/>
<link rel="alternate" href="https://blog.example/1"/><updated>2026-01-02T00:00:00Z</updated>
<summary>The summary.</summary></entry></feed>"""

RDF = b"""<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Old Style</title></channel>
<item><title>An item</title><link>https://old.example/1</link><dc:date>2001-01-01</dc:date></item></rdf:RDF>"""

BILLION_LAUGHS = b"""<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<catalog><book id="7"><title>Laughs &lol9;</title><price>3</price></book></catalog>"""


def extract(body: bytes, content_type: str) -> str:
    return TrafilaturaExtractor().extract(FetchedPage("https://x.example/", 200, content_type, None, body))


@pytest.mark.parametrize("content_type", ["application/rss+xml", "application/xml", "text/xml", ""])
def test_an_rss_feed_becomes_a_list_of_its_entries(content_type: str) -> None:
    assert extract(RSS, content_type) == (
        "# Relay News\n\nNews about relays\n\n"
        "- **[First & best](https://news.example/1)** (Mon, 23 Nov 2026 07:00:00 GMT)\n  Hello world\n"
        "- **[Second](https://news.example/2)**\n  Plain summary\n"
    )


def test_an_atom_feed_uses_the_alternate_link_and_plain_titles() -> None:
    assert extract(ATOM, "application/atom+xml") == (
        "# Atom Blog\n\nNotes\n\n- **[Post one](https://blog.example/1)** (2026-01-02T00:00:00Z)\n  The summary.\n"
    )


def test_an_rss_1_feed_is_read_too() -> None:
    assert extract(RDF, "application/rdf+xml") == "# Old Style\n\n- **[An item](https://old.example/1)** (2001-01-01)\n"


def test_other_xml_becomes_indented_text_and_entities_are_never_expanded() -> None:
    text = extract(BILLION_LAUGHS, "application/xml")
    assert text == 'catalog\n  book [id="7"]\n    title: Laughs\n    price: 3\n'


def test_deep_xml_cannot_multiply_its_size_in_indentation() -> None:
    body = b"<a>" * 200 + b"<b/>" * 100_000 + b"</a>" * 200
    assert len(extract(body, "text/xml")) <= 2 * len(body) + 64 * 1024 + 100  # + the "[cut: ...]" line


def test_xml_that_does_not_parse_is_shown_as_text() -> None:
    assert extract(b"<<not xml at all", "application/xml") == "<<not xml at all"


def test_json_is_pretty_printed_in_a_fence() -> None:
    assert extract(b'{"a": [1, 2]}', "application/json") == '```json\n{\n  "a": [\n    1,\n    2\n  ]\n}\n```'


@pytest.mark.parametrize(
    "body",
    [
        hostile_inputs.deep_json(500, 200_000),  # pretty-printing would make this gigabytes
        b"[" * 100_000 + b"]" * 100_000,  # deeper than the parser goes
    ],
)
def test_json_that_formatting_would_blow_up_comes_as_it_is(body: bytes) -> None:
    assert extract(body, "application/json") == body.decode()


def test_json_holding_a_code_fence_cannot_close_its_own() -> None:
    body = b'{"readme": "```python\\nx = 1\\n```"}'
    assert extract(body, "application/json") == '````json\n{\n  "readme": "```python\\nx = 1\\n```"\n}\n````'
