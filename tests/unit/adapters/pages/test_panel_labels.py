"""A folded panel's title (an FAQ's question, a tab's name) goes above the panel's words where the
answer kept the words and lost the title; never twice, never for a card or a menu."""

from __future__ import annotations

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.labels_above import with_labels
from adapters.pages.panel_labels import panel_labels

FEE = "Our fee is a quarter of the base first-year salary, paid once the candidate has started work."
WEEKS = "A search normally takes four weeks from the first call to the offer, sometimes a little less."


def _bootstrap_faq(*pairs: tuple[str, str]) -> str:
    cards = "".join(
        f"""<div class="card panel"><div class="card-header" id="heading{n}"><h3 class="mb-0">
        <button class="btn btn-link collapsed" data-toggle="collapse" data-target="#collapse{n}"
          aria-expanded="false" aria-controls="collapse{n}">{question}</button></h3></div>
        <div id="collapse{n}" class="collapse" aria-labelledby="heading{n}"><div class="card-body"><p>{answer}</p></div>
        </div></div>"""
        for n, (question, answer) in enumerate(pairs)
    )
    return f"<html><body><main><h1>Recruiting FAQ</h1><div id='accordion'>{cards}</div></main></body></html>"


FAQ = _bootstrap_faq(("What does it cost?", FEE), ("How long does a search take?", WEEKS))


def test_each_folded_answer_is_read_under_its_question_at_the_header_s_level() -> None:
    labels = panel_labels(parse_html(FAQ))

    assert [label.line for label in labels] == ["### What does it cost?", "### How long does a search take?"]
    assert with_labels(f"{FEE}\n\n{WEEKS}", labels) == (
        f"### What does it cost?\n{FEE}\n\n### How long does a search take?\n{WEEKS}"
    )


def test_the_page_read_whole_keeps_each_question_once() -> None:
    markdown = html_to_article(FAQ).markdown

    assert markdown.count("What does it cost?") == 1
    assert markdown.index("What does it cost?") < markdown.index(FEE)
    assert markdown.index("How long does a search take?") < markdown.index(WEEKS)


def test_a_tab_s_name_goes_above_its_panel_in_bold() -> None:
    page = """<html><body><main><div role="tablist">
      <button role="tab" id="tab-mac" aria-selected="true">macOS</button>
      <button role="tab" id="tab-linux">Linux</button></div>
      <div role="tabpanel" id="mac" aria-labelledby="tab-mac">
        <p>Install it with the package manager you use for everything.</p></div>
      <div role="tabpanel" id="linux" aria-labelledby="tab-linux" hidden>
        <p>Download the tarball and unpack it under opt.</p></div>
      </main></body></html>"""

    labels = panel_labels(parse_html(page))

    assert [(label.line, label.words) for label in labels] == [("**macOS**", "macOS"), ("**Linux**", "Linux")]


def test_a_card_or_a_menu_that_names_its_title_gets_no_label() -> None:
    page = """<html><body>
      <nav><button id="menu-button" aria-controls="menu">Products and services</button>
        <ul id="menu" aria-labelledby="menu-button"><li><a href="/a">Search engines of every kind</a></li></ul></nav>
      <main><article aria-labelledby="card-title"><h2 id="card-title">Three words worth a billion</h2>
        <p>A post about determinism in language models and why it matters.</p></article></main></body></html>"""

    assert panel_labels(parse_html(page)) == ()


def test_a_title_the_answer_says_on_the_panel_s_line_or_just_above_is_not_said_again() -> None:
    labels = panel_labels(parse_html(FAQ))
    markdown = f"What does it cost?\n\n{FEE}\n\n**How long does a search take?** {WEEKS}"

    assert with_labels(markdown, labels) == markdown


def test_an_empty_aria_labelledby_names_no_header() -> None:
    page = """<html><body><main><div id="">Not a title at all</div>
      <div role="region" aria-labelledby=""><p>Words of a region with an empty label here.</p></div>
      <div role="region" aria-labelledby="  "><p>Words of a second region with a blank label.</p></div>
      </main></body></html>"""

    assert panel_labels(parse_html(page)) == ()


def test_ten_thousand_panels_under_one_huge_header_are_read_within_their_bounds() -> None:
    header = '<div id="h">' + "word " * 400_000 + "</div>"
    panels = "".join(
        f'<div role="region" aria-labelledby="h"><p>Panel {n} has words of its own</p></div>' for n in range(10_000)
    )

    assert panel_labels(parse_html(f"<html><body><main>{header}{panels}</main></body></html>")) == ()
