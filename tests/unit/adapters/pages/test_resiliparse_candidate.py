"""Resiliparse's candidate: its choice of main content, written as Markdown rather than flat text."""

from __future__ import annotations

from adapters.pages.candidates import parse_html, resiliparse_markdown
from tests.support import hostile_inputs

GUIDE = """<html><body>
<nav><a href="https://example.com/">Home</a> <a href="https://example.com/docs">Docs</a></nav>
<main><article>
  <h1>Sessions</h1>
  <p>A session keeps cookies and settings across the requests it makes, and reuses its
     connections, which is much faster when many requests go to the same host.</p>
  <h2>Persisting cookies</h2>
  <p>Make one session and send every request through it; see the
     <a href="https://example.com/api#session">session reference</a> or the <a href="../cookies">cookie guide</a>.</p>
  <pre><code>s = Session()
for url in urls:
    s.get(url)</code></pre>
  <ol><li>Create the session once.</li><li>Close it when done.</li></ol>
  <table><tr><td>Option</td><td>Meaning</td></tr>
    <tr><td>timeout</td><td>seconds to wait, see <a href="https://example.com/api#timeout">timeouts</a></td></tr>
    <tr><td>verify</td><td>check the server's certificate</td></tr></table>
  <pre>def fetch(url):
		meant = "tabs in code stay code"</pre>
  <p>Sessions can also be used as context managers, closing themselves at the end of the block.</p>
</article></main>
<footer>Copyright Example Corp</footer>
</body></html>"""


def test_headings_code_lists_and_web_links_survive_as_markdown() -> None:
    markdown = resiliparse_markdown(parse_html(GUIDE))

    assert markdown.startswith("# Sessions\n")
    assert "\n## Persisting cookies\n" in markdown
    assert "```\ns = Session()\nfor url in urls:\n    s.get(url)\n```" in markdown  # indentation kept
    assert "1. Create the session once.\n2. Close it when done." in markdown
    assert "[session reference](https://example.com/api#session)" in markdown
    # A relative link cannot be followed from the text: its words stay, its target goes.
    assert "the cookie guide." in markdown and "../cookies" not in markdown


def test_a_table_resiliparse_wrote_as_lines_of_cells_is_a_table_again() -> None:
    markdown = resiliparse_markdown(parse_html(GUIDE))

    assert (
        "| Option | Meaning |\n| --- | --- |\n"
        "| timeout | seconds to wait, see [timeouts](https://example.com/api#timeout) |\n"
        "| verify | check the server's certificate |"
    ) in markdown
    assert '```\ndef fetch(url):\n\t\tmeant = "tabs in code stay code"\n```' in markdown


def test_the_choice_of_content_is_still_resiliparse_s() -> None:
    markdown = resiliparse_markdown(parse_html(GUIDE))

    assert "Home" not in markdown and "Copyright" not in markdown
    assert markdown.endswith("closing themselves at the end of the block.")


def test_a_page_with_nothing_to_keep_gives_nothing() -> None:
    assert resiliparse_markdown(parse_html("<html><body><nav>Menu</nav></body></html>")) == ""


CONTACT_PAGE = """<html><body><main>
  <h1>Contact the studio</h1>
  <p>Classes run every weekday morning and evening, and the studio is open on Saturdays too.</p>
  <div class="map"><a href="https://maps.example/studio" title="View map"></a></div>
  <div class="address">
    <p>123 Street Avenue, City Town</p>
    <p>Call us any day of the week, or read the <a href="https://studio.example/faq">questions page</a> first.</p>
  </div>
  <h2>Reviews</h2>
  <p>What our students say about the morning classes, the teachers and the retreats.</p>
</main></body></html>"""


def test_a_link_resiliparse_leaves_open_does_not_swallow_the_sections_after_it() -> None:
    # Resiliparse writes the map's empty link without a closing tag; parsed as it came, the
    # address, the headings and paragraphs below became one long link to the map.
    markdown = resiliparse_markdown(parse_html(CONTACT_PAGE))

    assert "maps.example" not in markdown
    assert "\n\n123 Street Avenue, City Town\n\n" in markdown
    assert "[questions page](https://studio.example/faq)" in markdown
    assert "\n## Reviews\n" in markdown


def test_links_resiliparse_closed_keep_their_addresses() -> None:
    markdown = resiliparse_markdown(parse_html(CONTACT_PAGE.replace('title="View map"></a>', ">Map</a>")))

    assert "[Map](https://maps.example/studio)" in markdown
    assert "\n## Reviews\n" in markdown


SHOP_PAGE = """<html><body><main>
  <h1>Trail boots</h1>
  <p>Waterproof leather boots with a grippy sole, made for long days on rough trails and wet ground.</p>
  <p>Price: 120 EUR. Sizes 38 to 47.</p>
  <ol class="commentlist">
    <li class="comment"><p>Great boots, very comfortable on my hike last weekend, would buy again.</p></li>
    <li class="comment"><p>Too narrow for me, sent them back after a day of wearing them around.</p></li>
  </ol>
</main></body></html>"""


def test_without_comments_a_shop_s_review_section_is_left_out() -> None:
    root = parse_html(SHOP_PAGE)

    with_reviews, without = resiliparse_markdown(root), resiliparse_markdown(root, comments=False)

    assert "Great boots" in with_reviews and "Great boots" not in without
    assert without == "# Trail boots\n\n" + (
        "Waterproof leather boots with a grippy sole, made for long days on rough trails and wet ground.\n\n"
        "Price: 120 EUR. Sizes 38 to 47."
    )


def test_one_wide_row_does_not_widen_every_other_row() -> None:
    table = "<tr>" + "<td>x</td>" * 2000 + "</tr>" + "<tr><td>y</td><td>z</td></tr>" * 2000
    words = "Every score of the season. " * 20
    page = f"<html><body><main><h1>Scores</h1><p>{words}</p><table>{table}</table></main></body></html>"

    markdown = resiliparse_markdown(parse_html(page))

    # Padded to the widest row it would be four million cells; written as lines, every row is there.
    assert markdown.count("\n\ny z") == 2000
    assert len(markdown) < 50_000


_POST = (
    "Has anybody tried a beta of the new release yet? I would like to know which version of the toolkit it"
    " packages before I upgrade the machines in the lab next week."
)
THREAD = f"""<html><body><nav><a href="/">Forums</a></nav><main>
<article class="message"><div class="message-body">{_POST}</div></article>
<article class="message"><div class="message-body">
  <blockquote class="quote"><div class="quote-title"><a href="/post/1">JonB said:</a></div>
    <div class="quote-content">{_POST}<ul><li>first machine</li><li>second machine</li></ul></div>
  </blockquote>
  I have, and it packages the older one, so I would wait for the point release before upgrading.
</div></article>
<article class="message"><div class="message-body">
  <blockquote class="quote"><div class="quote-content">so I would wait for the point release</div></blockquote>
  thank you
</div></article>
</main></body></html>"""


def test_quoted_text_is_a_quote_again_and_the_text_around_it_is_not() -> None:
    markdown = resiliparse_markdown(parse_html(THREAD))
    lines = markdown.splitlines()

    assert lines[0] == _POST  # the post itself comes first, not as a quote
    assert f"> {_POST}" in lines  # the same words in the reply are a quote
    assert "> - first machine" in lines and "> - second machine" in lines  # a quoted list stays in its quote
    assert "I have, and it packages the older one, so I would wait for the point release before upgrading." in lines
    assert "> so I would wait for the point release" in lines
    assert "thank you" in lines  # a short reply after a quote is the reply's


def test_the_same_thread_without_quote_markup_has_no_quotes() -> None:
    plain = THREAD.replace("<blockquote", "<div").replace("</blockquote>", "</div>")

    assert "> " not in resiliparse_markdown(parse_html(plain))


def test_a_page_of_a_hundred_thousand_quotes_keeps_its_first_quotes_as_quotes_and_all_its_text() -> None:
    root = parse_html(hostile_inputs.many_quotes(100_000).decode())

    markdown = resiliparse_markdown(root)

    assert "> quoted line 0" in markdown.splitlines()  # quotes within the bound are quotes
    assert "reply line 99999" in markdown  # past it the text is still there, unquoted


def test_a_quote_of_two_paragraphs_is_one_quote() -> None:
    words = " ".join(f"word{n}" for n in range(30))
    html = (
        f"<html><body><main><p>Intro {words}</p><blockquote><p>One {words}</p><p>Two {words}</p></blockquote>"
        f"<p>After {words}</p></main></body></html>"
    )

    markdown = resiliparse_markdown(parse_html(html))

    assert f"> One {words}\n>\n> Two {words}\n\nAfter {words}" in markdown
