"""The fallback converter: chrome pruned by us, Markdown written by markdownify."""

from __future__ import annotations

import lxml.html

from adapters.pages.candidates import links_base, parse_html, whole_page_markdown
from adapters.pages.html_markdown import element_to_markdown

PAGE = """<html><body>
<nav>Menu Home About</nav>
<div class="cookie-banner">We use cookies. Accept?</div>
<main>
  <h2>Title</h2>
  <p>Hello <a href="javascript:track()">tracked</a> and <a href="https://a.example/">web</a> <img alt="a diagram"
     src="x.png"><img src="spacer.gif"></p>
  <ul><li>one</li><li>two</li></ul>
  <table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>
  <pre><code>x = 1</code></pre>
  <div hidden>secret hidden text</div>
  <section class="related-posts">More stories</section>
</main>
<footer>Copyright</footer>
<script>evil()</script>
</body></html>"""


def test_structure_is_kept_and_chrome_is_dropped() -> None:
    markdown = element_to_markdown(lxml.html.document_fromstring(PAGE))
    assert markdown == (
        "## Title\n\n"
        "Hello tracked and [web](https://a.example/) [Image: a diagram]\n\n"
        "- one\n- two\n\n"
        "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n"
        "```\nx = 1\n```"
    )


def test_nothing_of_the_chrome_survives() -> None:
    markdown = element_to_markdown(lxml.html.document_fromstring(PAGE))
    for chrome in ("Menu", "cookies", "Copyright", "evil", "secret hidden", "More stories", "javascript"):
        assert chrome not in markdown


def test_the_pipeline_s_plain_tree_converts_exactly_like_an_lxml_html_tree() -> None:
    plain = parse_html(PAGE)
    assert plain is not None and not isinstance(plain, lxml.html.HtmlElement)
    assert element_to_markdown(plain) == element_to_markdown(lxml.html.document_fromstring(PAGE))


def test_text_after_a_pruned_element_stays_where_it_was() -> None:
    page = (
        "<html><body><p>Before <span class='share'>Share this</span>after the box.</p>"
        "<p><nav>Menu</nav>Lead</p></body></html>"
    )
    root = parse_html(page)
    assert root is not None
    assert element_to_markdown(root) == "Before after the box.\n\nLead"


def test_an_image_whose_alt_holds_brackets_markup_and_line_breaks_is_one_placeholder() -> None:
    root = parse_html(
        '<html><body><p><img src="/m.png" alt="Map [north up]\n of the &lt;b&gt;valley&lt;/b&gt;"></p></body></html>'
    )

    assert element_to_markdown(root) == "[Image: Map (north up) of the valley]"


LINKS = """<html><body><main><p>
  See the <a href="../api/session.html#close">API</a>, the <a href="/guide/">guide</a>,
  <a href="//cdn.example.org/x.pdf">the slides</a>, <a href="#usage">usage below</a>,
  <a href="mailto:team@example.com">the team</a>, <a href="javascript:void(0)">more</a>
  and <a href="http://[broken/">a broken one</a>.
</p><p>Written in <a href="/wiki/C_(programming_language)" title="C (programming language)">C</a>.</p>
</main></body></html>"""


def test_relative_links_lead_somewhere_when_the_page_s_address_is_known() -> None:
    markdown = element_to_markdown(parse_html(LINKS), "https://docs.example.com/v2/user/sessions.html")

    assert markdown == (
        "See the [API](https://docs.example.com/v2/api/session.html#close), "
        "the [guide](https://docs.example.com/guide/),\n"
        "[the slides](https://cdn.example.org/x.pdf), usage below,\n"
        "the team, more\nand a broken one.\n\n"
        # Parentheses encoded so that no reader ends the address early; the link's title left out.
        "Written in [C](https://docs.example.com/wiki/C_%28programming_language%29)."
    )


def test_without_the_page_s_address_only_absolute_web_links_keep_their_target() -> None:
    markdown = element_to_markdown(parse_html(LINKS))

    assert "](" not in markdown
    assert "See the API, the guide" in markdown


def test_a_page_s_base_element_is_what_its_links_are_relative_to() -> None:
    page = "<html><head><base href='/mirror/docs/'></head><body><p><a href='intro'>Intro</a></p></body></html>"
    root = parse_html(page)

    assert links_base(root, "https://example.com/a/b") == "https://example.com/mirror/docs/"
    assert links_base(parse_html(LINKS), "https://example.com/a/b") == "https://example.com/a/b"
    assert links_base(parse_html(page.replace("/mirror/docs/", "javascript:x")), "https://example.com/a/b") == (
        "https://example.com/a/b"
    )
    base = links_base(root, "https://example.com/a/b")
    assert whole_page_markdown(root, base) == "[Intro](https://example.com/mirror/docs/intro)"
