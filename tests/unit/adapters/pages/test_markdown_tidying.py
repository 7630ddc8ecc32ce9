"""Every candidate's Markdown leaves without trailing spaces or runs of blank lines, code as written."""

from __future__ import annotations

from adapters.pages.candidates import parse_html, trafilatura_markdown, whole_page_markdown
from adapters.pages.html_article import html_to_article
from adapters.pages.html_markdown import tidy

SENTENCE = " ".join(f"word{number}" for number in range(60))


def test_trailing_spaces_and_runs_of_blank_lines_go() -> None:
    markdown = tidy("Filters   \n   \n\n\n- Home\t\n\n\n\n- Robotic lawn mowers  ")

    assert markdown == "Filters\n\n- Home\n\n- Robotic lawn mowers"


def test_loading_placeholders_go_and_a_heading_or_a_sentence_about_loading_stays() -> None:
    markdown = tidy(
        "## Reviews\n\nLoading...\n\n- Loading…\n\nChargement en cours...\n\n"
        "## Loading\n\nLoading... the van took an hour.\n\n```\nLoading...\n```"
    )

    assert markdown == "## Reviews\n\n## Loading\n\nLoading... the van took an hour.\n\n```\nLoading...\n```"


def test_code_blocks_keep_their_blank_lines_and_spaces() -> None:
    code = "```python\ndef a():\n    pass  \n\n\ndef b():\n    pass\n```"

    assert tidy(f"Intro\n\n\n\n{code}\n\n\n\nAfter") == f"Intro\n\n{code}\n\nAfter"


def test_a_fence_s_closing_line_ends_the_code_block() -> None:
    markdown = tidy("~~~\nx = 1\n\n\ny = 2\n~~~\n\n\n\nText   ")

    assert markdown == "~~~\nx = 1\n\n\ny = 2\n~~~\n\nText"


def test_trafilatura_s_answer_loses_the_blank_lines_of_a_run_of_line_breaks() -> None:
    # trafilatura writes each <br> of a run as a line of its own.
    html = (
        "<html><body><article><h1>Tea</h1>"
        f"<p>{SENTENCE}<br>\n\n   <br>\n   <br>\n  <b>Next</b> {SENTENCE}</p><p>{SENTENCE}</p>"
        "</article></body></html>"
    )

    markdown = trafilatura_markdown(html, None, mode="balanced", include_images=True)

    assert "**Next**" in markdown
    assert "\n\n\n" not in markdown
    assert not any(line != line.rstrip() for line in markdown.splitlines())


def test_the_whole_page_keeps_the_layout_of_its_code() -> None:
    root = parse_html(
        "<html><body><main><p>Two functions:</p>"
        "<pre><code>def a():\n    pass\n\n\ndef b():\n    pass</code></pre></main></body></html>"
    )

    assert "    pass\n\n\ndef b():" in whole_page_markdown(root)


def test_blank_lines_inside_a_quote_collapse_too() -> None:
    assert tidy("> One\n>\n>\n>\n> Two\n>\n> > Nested\n> >\n> >\n> > More") == (
        "> One\n>\n> Two\n>\n> > Nested\n> >\n> > More"
    )


def test_empty_list_items_go_and_items_whose_content_is_below_their_marker_stay() -> None:
    markdown = tidy(
        "Colours\n\n-\n-\n- \n- Bone\n*\n1.\n2. Ecru\n-\n\n  ### Pistachio\n  $20.00\n-\n  -\n- Camel"
        "\n\n  -\n\n  - by a reader"
    )

    assert markdown == "Colours\n\n- Bone\n2. Ecru\n-\n\n  ### Pistachio\n  $20.00\n- Camel\n\n  - by a reader"


def test_an_empty_item_in_code_is_code() -> None:
    code = "```text\n-\n-\n```"

    assert tidy(f"Before\n\n{code}") == f"Before\n\n{code}"


def test_a_page_of_icon_only_cards_leaves_no_empty_items() -> None:
    icons = "".join(f'<li><a href="/c/{n}"><svg viewBox="0 0 1 1"></svg></a></li>' for n in range(50))
    page = f"<html><body><main><h1>Staple Tee</h1><ul>{icons}</ul><p>{SENTENCE}</p></main></body></html>"

    markdown = whole_page_markdown(parse_html(page), "https://shop.example/tee")

    assert "Staple Tee" in markdown
    assert SENTENCE in markdown
    assert "\n-\n" not in f"\n{markdown}\n"


def test_inline_styling_tags_go_and_their_words_stay() -> None:
    markdown = tidy(
        'Hubble saw [<u>plumes from Europa</u>](https://news.example/plumes) and <font color="red">a'
        ' <SPAN class="x">warning</SPAN></font>.\n\n- <small>Small print</small>, <ul> kept, `<span>` in code'
    )

    assert markdown == (
        "Hubble saw [plumes from Europa](https://news.example/plumes) and a warning.\n\n"
        "- Small print, <ul> kept, `<span>` in code"
    )


def test_superscript_and_subscript_tags_go_and_their_text_stays() -> None:
    markdown = tidy("Now <sup>$</sup>1,899<sup>.00</sup>, H<SUB>2</SUB>O, a note<sup>[1]</sup>, the 1<sup>st</sup>")

    assert markdown == "Now $1,899.00, H2O, a note[1], the 1st"


def test_a_power_keeps_its_caret() -> None:
    markdown = tidy("E = mc<sup>2</sup>, 10<sup>-6</sup> m, (a+b)<sup>2</sup>; <subscribe> stays")

    assert markdown == "E = mc^2, 10^-6 m, (a+b)^2; <subscribe> stays"


def test_a_loading_placeholder_written_as_a_heading_goes() -> None:
    markdown = tidy("## Boots\n\n- ### Loading...\n\n### Loading…\n\n## Loading\n\nTrail boots, waterproof.")

    assert markdown == "## Boots\n\n## Loading\n\nTrail boots, waterproof."


def test_styling_tags_in_code_blocks_and_after_an_unpaired_backtick_stay() -> None:
    code = '```html\n<span class="x"><u>keep</u></span>\n```'
    unpaired = "Type ` then <u>this</u>"

    assert tidy(f"{code}\n\n{unpaired}") == f"{code}\n\n{unpaired}"


def test_trafilatura_underlined_link_text_reaches_the_agent_as_words() -> None:
    page = (
        "<html><body><article><h1>Plumes</h1>"
        f"<p>{SENTENCE} Hubble saw <a href='/plumes'><u>plumes from Europa</u></a> at last.</p>"
        f"<p>{SENTENCE}</p></article></body></html>"
    )

    markdown = trafilatura_markdown(page, "https://news.example/a", mode="precision", include_images=False)

    assert "plumes from Europa" in markdown
    assert "<u>" not in markdown


def test_trafilatura_s_bold_label_in_a_box_keeps_the_space_after_it() -> None:
    page = (
        "<html><body><article><h1>Bundle</h1>"
        f"<p>{SENTENCE}</p><div class='note'><b>Note:</b> The bundle ships in March.</div>"
        f"<div class='price'><strong>€25</strong> <span>€49</span></div><p>{SENTENCE}</p></article></body></html>"
    )

    markdown = trafilatura_markdown(page, "https://shop.example/a", mode="precision", include_images=False)

    assert "**Note:** The bundle ships in March." in markdown
    assert "**€25** €49" in markdown


def test_trafilatura_s_heading_whose_text_starts_on_a_new_line_is_one_heading() -> None:
    cards = "".join(
        f"<div class='card'><h5 class='title'>\n    \t\t\n\t\t<a href='/story-{n}' title='Story {n}'\n\t\t>\n\t\t\t"
        f"Story number {n} of the week</a></h5>"
        f"<p>{SENTENCE} teaser {n}.</p></div>"
        for n in range(3)
    )
    page = f"<html><body><main><h1>Latest</h1>{cards}<pre><code>#####\nbanner\n</code></pre></main></body></html>"

    markdown = trafilatura_markdown(page, "https://games.example/", mode="recall", include_images=False)

    assert "##### [Story number 1 of the week](https://games.example/story-1)" in markdown
    assert "#####\nbanner" in markdown  # a shell banner in code stays as it is


def test_a_drop_cap_code_and_bold_inside_a_word_keep_their_bold_against_the_word() -> None:
    page = (
        "<html><body><article><h1>Kwargs</h1>"
        f"<p><b>E</b>very {SENTENCE}</p><p>Call <code>g(**kwargs)</code> or <code>f(**a, **b)</code> to pass them.</p>"
        f"<pre><code>def f(*args, **kwargs): return g(**kwargs)</code></pre><p>{SENTENCE}</p></article></body></html>"
    )

    markdown = trafilatura_markdown(page, "https://docs.example/a", mode="precision", include_images=False)

    assert "**E**very" in markdown
    assert "g(**kwargs)" in markdown
    assert "return g(**kwargs)" in markdown


def test_no_break_spaces_are_plain_spaces_in_text_and_in_code() -> None:
    markdown = tidy("Price:\u00a0$\u00a079.00, 10\u202f€\n\n```\n:w !sudo tee\u00a0%\n```")

    assert markdown == "Price: $ 79.00, 10 €\n\n```\n:w !sudo tee %\n```"


def test_soft_hyphens_and_zero_width_spaces_leave_the_words_they_split() -> None:
    markdown = tidy("Home repair assis\u00adtance for home\u00adown\u00aders\ufeff, a\u200bvery\u2060long\u200bword")

    assert markdown == "Home repair assistance for homeowners, averylongword"


def test_the_joiners_that_shape_a_script_or_an_emoji_stay() -> None:
    text = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 and \U0001f469\u200d\U0001f4bb"

    assert tidy(text) == text


def test_an_article_s_soft_hyphens_do_not_reach_the_agent() -> None:
    paragraph = "<p>Appli&shy;cants are encour&shy;aged to apply for finan&#173;cial assis&shy;tance.</p>"
    page = f"<html><body><article><h1>Repairs</h1><p>{SENTENCE}</p>{paragraph}</article></body></html>"

    markdown = html_to_article(page, "https://city.example/repairs").markdown

    assert "Applicants are encouraged to apply for financial assistance." in markdown
    assert "\u00ad" not in markdown


def test_trafilatura_s_no_break_spaces_reach_the_agent_as_spaces() -> None:
    paragraph = '<p>Buy the&nbsp;<a href="/billy">BILLY bookcase</a> now</p>'
    page = f"<html><body><article><h1>Shelves</h1><p>{SENTENCE}</p>{paragraph}</article></body></html>"

    markdown = trafilatura_markdown(page, "https://shop.example.com/", mode="precision", include_images=False)

    assert "Buy the [BILLY bookcase](https://shop.example.com/billy) now" in markdown


def test_a_picture_in_a_wrapper_of_its_own_is_parted_from_the_words_beside_it() -> None:
    picture = '<span class="figure"><img src="/car.jpg" alt="A car at sunset"><noscript>no</noscript></span>'
    logo = "<p>Ours<span><img alt='logo'></span></p>"
    page = f"<html><body><main><p>{picture}Renting a car is easy.</p>{logo}</main></body></html>"

    markdown = whole_page_markdown(parse_html(page))

    assert "[Image: A car at sunset] Renting a car is easy." in markdown
    assert "Ours [Image: logo]" in markdown


def test_trafilatura_s_picture_after_a_tile_s_label_is_parted_from_it() -> None:
    card = (
        '<li><div class="badges"><div class="badge">hot seller</div></div><figure><a href="/berries">'
        '<div><img src="/b.jpg" alt="Relax Berries"></div></a></figure><p>$49.99</p></li>'
    )
    page = f"<html><body><main><h1>Gummies</h1><ul>{card * 8}</ul></main></body></html>"

    markdown = trafilatura_markdown(page, None, mode="balanced", include_images=True, include_comments=True)

    assert "- hot seller [Image: Relax Berries] $49.99" in markdown
