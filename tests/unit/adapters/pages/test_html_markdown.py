"""The fallback converter: chrome pruned by us, Markdown written by html-to-markdown."""

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
        "the [guide](https://docs.example.com/guide/), "
        "[the slides](https://cdn.example.org/x.pdf), usage below, "
        "the team, more and a broken one.\n\n"
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


def page_markdown(body: str) -> str:
    return element_to_markdown(parse_html(f"<html><body>{body}</body></html>"))


def test_a_link_with_no_text_is_left_out_rather_than_written_as_a_bare_address() -> None:
    card = (
        '<div><a aria-label="Trail Runner 3" href="https://shop.example/p/3"><img src="/3.jpg"></a>'
        '<a href="https://shop.example/p/3">Trail Runner 3</a> $120</div>'
    )

    assert page_markdown(card) == "[Trail Runner 3](https://shop.example/p/3) $120"


def test_a_link_inside_a_link_is_the_one_kept() -> None:
    # No browser nests links (a new one closes the open one); lxml's parser does, and the outer
    # link came out as "[](address)" in front of the inner one.
    tile = (
        '<div><a href="https://shop.example/p/3"><div class="tile">'
        '<a href="https://shop.example/p/3?from=title">Trail Runner 3</a></div></a> $120</div>'
    )

    assert page_markdown(tile) == "[Trail Runner 3](https://shop.example/p/3?from=title)\n\n$120"


def test_a_card_linked_as_a_whole_is_linked_by_its_heading() -> None:
    # Written as one link, a card was a single line of title, price and teaser inside brackets.
    cards = (
        '<ul><li><a href="/p/billy-white"><div><span>New</span><h3>BILLY Bookcase, <em>white</em></h3>'
        "<p>Price $ 79.00</p></div></a></li>"
        '<li><a href="/p/billy-blue"><div><h3>BILLY Bookcase, blue</h3><p>Price $ 59.00</p></div></a></li></ul>'
    )

    markdown = element_to_markdown(parse_html(f"<html><body>{cards}</body></html>"), "https://shop.example/cat/")

    assert markdown == (
        "- New\n  ### [BILLY Bookcase, *white*](https://shop.example/p/billy-white)\n\n  Price $ 79.00\n\n"
        "- ### [BILLY Bookcase, blue](https://shop.example/p/billy-blue)\n\n  Price $ 59.00"
    )


def test_a_link_around_blocks_without_a_heading_stays_one_link() -> None:
    teaser = '<a href="https://a.example/story"><div><p>Read the story</p><p>of the year</p></div></a>'

    assert page_markdown(teaser) == "[Read the story of the year](https://a.example/story)"
    # An empty heading has no words to carry the address.
    assert (
        page_markdown(teaser.replace("<div>", "<div><h3> </h3>"))
        == "[Read the story of the year](https://a.example/story)"
    )


def test_a_placeholder_is_parted_from_the_words_beside_it() -> None:
    assert page_markdown("<p>Produced in<img alt='Germany flag'>Germany.</p>") == (
        "Produced in [Image: Germany flag] Germany."
    )
    # A letter avatar: the picture, then the first letter of the name in an element of its own.
    assert page_markdown("<div><img alt='JonB'><span>J</span> Offline</div>") == "[Image: JonB] J Offline"
    assert page_markdown("<p><img alt='Logo'></p>") == "[Image: Logo]"


def test_placeholders_side_by_side_in_a_link_are_not_escaped() -> None:
    rating = '<p><a href="https://reviews.example/b"><img alt="star"><img alt="star"> 4.58 / 5</a></p>'

    assert page_markdown(rating) == "[[Image: star] [Image: star] 4.58 / 5](https://reviews.example/b)"


def test_a_linked_picture_keeps_its_placeholder_as_the_link_s_text() -> None:
    assert page_markdown('<p><a href="https://a.example/big.png"><img alt="The map" src="m.png"></a></p>') == (
        "[[Image: The map]](https://a.example/big.png)"
    )


def test_a_line_break_between_bare_text_and_a_link_still_parts_the_words() -> None:
    # Resiliparse's minimal HTML writes a numbered heading as bare text, a line break, then the link.
    markdown = page_markdown(
        '<p>Intro.</p>\n\n/01\n<a href="https://a.example/how">How search works</a>\n\n<p>Then.</p>'
    )

    assert markdown == "Intro.\n\n/01 [How search works](https://a.example/how)\n\nThen."


def test_preformatted_text_keeps_its_line_breaks_and_so_does_a_post_s_text() -> None:
    assert page_markdown("<pre>def f():\n    return 1</pre>\nmy list:\n- one\n- two") == (
        "```\ndef f():\n    return 1\n```\n\nmy list:\n- one\n- two"
    )


def test_an_ordinary_table_with_a_spanning_header_stays_a_table() -> None:
    rows = "<tr><th colspan='2'>Plan</th></tr><tr><td>Basic</td><td>$5</td></tr><tr><td>Team</td><td>$20</td></tr>"
    table = f"<table>{rows}</table>"

    assert page_markdown(table) == "| Plan | |\n| --- | --- |\n| Basic | $5 |\n| Team | $20 |"


def test_spans_that_would_make_a_table_mostly_padding_are_written_as_lines() -> None:
    rows = "<tr><td colspan='1000'>cell</td></tr>" * 1000  # 34 kB of HTML, a million padded cells as a table

    markdown = page_markdown(f"<table>{rows}</table><p>After the table.</p>")

    assert markdown.count("cell") == 1000 and markdown.endswith("After the table.")
    assert len(markdown) < 10_000


def test_a_nested_table_is_judged_on_its_own_rows() -> None:
    inner = "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"
    outer = f"<table><tr><td>{inner}</td></tr>" + "<tr><td colspan='1000'>wide</td></tr>" * 50 + "</table>"

    markdown = page_markdown(outer)

    assert markdown.count("wide") == 50 and len(markdown) < 5_000


def test_links_one_per_line_in_elements_of_the_site_s_own_stay_apart() -> None:
    items = "".join(
        f'<x-list-item><a href="https://jobs.example/{n}">{n}</a></x-list-item>\n' for n in ("CFO", "Controller")
    )

    assert page_markdown(f"<x-list>{items}</x-list>") == (
        "[CFO](https://jobs.example/CFO) [Controller](https://jobs.example/Controller)"
    )


def test_code_keeps_the_line_breaks_and_indentation_at_its_edges() -> None:
    markdown = page_markdown("<pre><code>\n    indented()\n        deeper()\n</code></pre>")

    assert "\n    indented()\n        deeper()" in markdown


def test_a_form_wrapping_the_whole_page_is_the_page_and_loses_only_its_controls() -> None:
    # ASP.NET puts the whole page in one form; forum software the posts of a thread.
    markdown = page_markdown(
        '<form id="MainForm" method="post"><input type="hidden" name="__VIEWSTATE" value="dDwtMTA4">'
        "<h1>Native 4K projectors</h1><p>Every projector here shows 3840 by 2160 pixels without shifting.</p>"
        "<ul><li>BenQ LK936ST, short throw</li><li>Epson LS12000, laser</li></ul>"
        '<form action="/search"><input name="q"><button>Search</button></form></form>'
    )

    assert markdown == (
        "# Native 4K projectors\n\nEvery projector here shows 3840 by 2160 pixels without shifting.\n\n"
        "- BenQ LK936ST, short throw\n- Epson LS12000, laser"
    )


def test_a_sign_up_form_beside_the_content_still_goes() -> None:
    markdown = page_markdown(
        "<p>Every projector here shows 3840 by 2160 pixels without shifting, and each was tested in our room.</p>"
        '<form action="/subscribe"><h2>Our newsletter</h2><input name="email"><button>Sign up</button></form>'
    )

    assert (
        markdown == "Every projector here shows 3840 by 2160 pixels without shifting, and each was tested in our room."
    )


def test_a_script_built_thread_is_read_from_its_no_script_version() -> None:
    # Discourse sends a script shell and the whole thread again inside <noscript> for readers without script.
    markdown = page_markdown(
        '<div id="app"></div><noscript><div class="crawler-post"><span class="creator">rosa</span>'
        "<p>The Zigbee stick drops off every night at three; the log says the coordinator timed out.</p></div>"
        '<div class="crawler-post"><span class="creator">tomas</span>'
        "<p>Move the stick away from the USB 3 port with an extension cable; the interference goes.</p></div>"
        "</noscript>"
    )

    assert markdown == (
        "rosa\n\nThe Zigbee stick drops off every night at three; the log says the coordinator timed out.\n\n"
        "tomas\n\nMove the stick away from the USB 3 port with an extension cable; the interference goes."
    )


def test_a_no_script_notice_beside_the_content_still_goes() -> None:
    markdown = page_markdown(
        "<p>The Zigbee stick drops off every night at three; the log says the coordinator timed out again.</p>"
        "<noscript><p>Please enable JavaScript to see the comments.</p></noscript>"
    )

    assert markdown == "The Zigbee stick drops off every night at three; the log says the coordinator timed out again."


def test_a_hidden_tab_panel_is_content_and_other_hidden_boxes_are_not() -> None:
    page = """<html><body><main><h1>Install</h1>
<div role="tablist"><button role="tab" aria-selected="true">npm</button><button role="tab">yarn</button>
<button role="tab">pnpm</button></div>
<div role="tabpanel"><pre><code>npm install relay</code></pre></div>
<div role="tabpanel" hidden><pre><code>yarn add relay</code></pre></div>
<div role="tabpanel" aria-hidden="true"><pre><code>pnpm add relay</code></pre></div>
<div class="error-box" hidden>Something went wrong, please try again.</div>
<template hidden><p>TEMPLATE-MARKER</p></template>
</main></body></html>"""
    root = parse_html(page)

    markdown = element_to_markdown(root)

    for command in ("npm install relay", "yarn add relay", "pnpm add relay"):
        assert command in markdown
    assert "Something went wrong" not in markdown
    assert "TEMPLATE-MARKER" not in markdown


def test_elements_whose_role_says_sidebar_menu_or_widget_go_like_the_tags_that_mean_the_same() -> None:
    # role="complementary" is what <aside> means; a menu, a list box, a search box, a toolbar and
    # a tooltip are controls the reader works, not text the page says; a marquee (ARIA: information
    # that is not essential, changing often: a ticker of offers) and a timer neither.
    page = """<html><body><main><h1>Two ports on the case</h1>
<p>The front port drops off when the fan spins up.</p>
<div role="complementary"><h3>About me</h3><p>SIDEBAR-MARKER I write about hardware.</p></div>
<ul role="menu"><li role="menuitem"><a href="/a">MENU-MARKER Account</a></li></ul>
<div role="menubar"><a href="/x">MENUBAR-MARKER File</a></div>
<div role="listbox"><div role="option">LISTBOX-MARKER Afrikaans</div></div>
<div role="search"><span>SEARCH-MARKER Search the forum</span></div>
<div role="toolbar"><span>TOOLBAR-MARKER Bold</span></div>
<span role="tooltip">TOOLTIP-MARKER Posted by the moderator</span>
<div role="marquee"><p>MARQUEE-MARKER message 1 of 3. Earn $130 with the card</p></div>
<div role="timer">TIMER-MARKER 00 Minutes 12 Seconds</div>
<div role="tablist"><span role="tab">Specifications</span></div>
</main></body></html>"""
    root = parse_html(page)

    markdown = element_to_markdown(root)

    assert "The front port drops off" in markdown
    assert "Specifications" in markdown  # a tab's name says what its panel holds
    for marker in ("SIDEBAR", "MENU-", "MENUBAR", "LISTBOX", "SEARCH", "TOOLBAR", "TOOLTIP", "MARQUEE", "TIMER"):
        assert f"{marker}" not in markdown


def test_a_list_of_links_named_a_menu_goes_from_the_whole_page_and_a_menu_of_dishes_stays() -> None:
    links = "".join(f'<li><a href="/c/{n}">Category {n}</a></li>' for n in range(8))
    page = f"""<html><body><main><h1>Opening hours</h1>
<div class="dropdown-menu"><ul>{links}</ul></div>
<ul class="navMenu"><li><a href="/a">Account</a></li><li><a href="/b">Basket</a></li></ul>
<p>We open at eight and close when the last loaf is gone.</p>
<div class="menu"><h2>Our menu</h2><p>Sourdough with salted butter, a bowl of soup of the day and
<a href="/allergens">allergens</a> on request.</p></div>
<div class="megamenu-panel"><p>Delivery: we bring bread to the village on Saturdays.</p></div>
</main></body></html>"""

    markdown = element_to_markdown(parse_html(page))

    assert "Category" not in markdown and "Basket" not in markdown
    assert "Sourdough with salted butter" in markdown  # a menu of dishes is prose, not links
    assert "we bring bread to the village" in markdown  # named a menu, but no links in it
    assert "close when the last loaf is gone" in markdown
