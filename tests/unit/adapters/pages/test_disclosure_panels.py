"""Panels a page hides until its reader opens them are its content: shown before extraction."""

from __future__ import annotations

import pytest

from adapters.pages import disclosure_panels
from adapters.pages.candidates import whole_page_markdown
from adapters.pages.disclosure_panels import disclosures_opened, heading_buttons_as_words, question_buttons_as_words
from adapters.pages.html_article import html_to_article
from tests.unit.adapters.pages.page_trees import tree

URL = "https://advisors.example/services/data"

_OFFERS = {
    "strategy": "We review where your data lives, who owns each source and which reports the board reads, "
    "then write a plan for the two years ahead with the costs of each step set out plainly.",
    "engineering": "Our engineers move your sources into one warehouse, test every pipeline against last "
    "month's figures and hand over the runbooks your own team needs to keep it going.",
    "training": "Half-day workshops for analysts and managers: reading a dashboard, asking a good question "
    "of the data, and knowing when a number on a slide should not be trusted.",
}


def _accordion(hide: str = "hidden") -> str:
    items = "".join(
        f'<h3><button aria-expanded="false" aria-controls="panel-{name}">{name.title()}</button></h3>'
        f'<div id="panel-{name}" {hide}><p>{text}</p></div>'
        for name, text in _OFFERS.items()
    )
    return f"<section><h2>What we do</h2>{items}</section>"


SERVICE_PAGE = f"""<!doctype html><html><head><title>Data services</title></head><body>
<nav><a href="/">Home</a> <a href="/services">Services</a></nav>
<main><h1>Data services for growing firms</h1>
<p>Most firms we meet already hold the data they need; what they lack is a plan for it, the plumbing
to bring it together and the habit of using it. We help with all three, at the pace you choose.</p>
{_accordion()}
<div id="signup-error" hidden><p>ERROR-MARKER Something went wrong, please try again.</p></div>
</main><footer><p>Advisors Example LLP</p></footer></body></html>"""


def test_an_accordion_s_panels_reach_the_agent_and_a_hidden_error_box_does_not() -> None:
    article = html_to_article(SERVICE_PAGE, URL)

    for name, text in _OFFERS.items():
        assert text in article.markdown
        assert f"### {name.title()}\n" in article.markdown  # the button that titles the panel
    assert "ERROR-MARKER" not in article.markdown


def test_a_menu_s_toggle_stays_a_control_and_a_heading_s_button_is_its_words() -> None:
    page = (
        "<div><button aria-expanded='false' aria-controls='m'>Menu</button>"
        "<ul id='m' hidden><li><a href='/a'>Alpha</a></li><li><a href='/b'>Beta</a></li></ul></div>"
        "<h2><button class='copy-anchor'>Installation</button></h2><p>Run the installer.</p>"
    )
    root = tree(page)
    assert heading_buttons_as_words(root) == 1
    assert [b.text for b in root.iter("button")] == ["Menu"]
    assert "## Installation" in whole_page_markdown(root)


@pytest.mark.parametrize("hide", ["hidden", 'hidden="until-found"', 'aria-hidden="true"'])
def test_a_panel_its_control_names_is_shown_however_it_was_hidden(hide: str) -> None:
    root = tree(_accordion(hide))

    assert disclosures_opened(root) == 3
    panel = next(element for element in root.iter("div") if element.get("id") == "panel-training")
    assert panel.get("hidden") is None and panel.get("aria-hidden") is None
    assert _OFFERS["training"] in whole_page_markdown(root)


def test_a_hidden_element_no_control_opens_stays_hidden() -> None:
    root = tree(
        '<button aria-expanded="false" aria-controls="other">More</button>'
        '<template-like id="row-template" hidden>TEMPLATE-MARKER {name}</template-like>'
        '<div id="toast" hidden><button aria-controls="toast">Close</button>TOAST-MARKER Saved</div>'
    )

    assert disclosures_opened(root) == 0
    assert "MARKER" not in whole_page_markdown(root)


def test_one_control_may_open_several_panels() -> None:
    root = tree(
        '<button aria-expanded="false" aria-controls="a b">Show both</button>'
        '<p id="a" hidden>First panel text</p><p id="b" hidden>Second panel text</p>'
    )

    assert disclosures_opened(root) == 2


def test_a_menu_s_panel_is_opened_but_goes_with_the_menu() -> None:
    root = tree(
        '<nav><button aria-expanded="false" aria-controls="shop-menu">Shop</button>'
        '<ul id="shop-menu" hidden><li><a href="/tents">MENU-MARKER Tents</a></li></ul></nav>'
        "<main><p>Choosing a tent starts with how many people sleep in it and in which season.</p></main>"
    )

    assert disclosures_opened(root) == 1
    assert "MENU-MARKER" not in whole_page_markdown(root)


def test_controls_are_read_no_further_than_the_walk_s_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disclosure_panels, "MAX_ELEMENTS", 2)
    root = tree(
        "".join(f'<button aria-expanded="false" aria-controls="p{n}">Open {n}</button>' for n in range(4))
        + "".join(f'<p id="p{n}" hidden>Panel {n}</p>' for n in range(4))
    )

    assert disclosures_opened(root) == 2


def test_a_control_naming_a_great_many_ids_opens_only_the_first_few() -> None:
    names = " ".join(f"p{n}" for n in range(100_000))
    root = tree(
        f'<button aria-expanded="true" aria-controls="{names}">Expand all</button>'
        + "".join(f'<p id="p{n}" hidden>Panel {n}</p>' for n in range(30))
    )

    assert disclosures_opened(root) == disclosure_panels.IDS_PER_CONTROL


_FAQ = {
    "How long does a refund take?": "Refunds reach your card five working days after the parcel is back with us.",
    "Can I change my plan later?": "Yes: the account page changes it from the next month, and the price with it.",
    "Do you ship abroad?": "To every country of the European Union, in four to eight days, for a flat fee.",
}
FAQ_PAGE = (
    "<!doctype html><html><head><title>Help</title></head><body><main><h1>Help with your orders</h1>"
    "<p>Most questions about orders, refunds and plans are answered below; write to us for anything else, "
    "and a person will answer within one working day.</p><h2>Questions</h2><div class='faq'>"
    + "".join(
        f"<button class='faq__toggle' aria-expanded='false' aria-controls='q{n}'>{question}</button>"
        f"<div id='q{n}' hidden><p>{answer}</p></div>"
        for n, (question, answer) in enumerate(_FAQ.items())
    )
    + "</div></main></body></html>"
)


def test_an_faqs_questions_drawn_as_buttons_reach_the_agent_with_their_answers() -> None:
    markdown = html_to_article(FAQ_PAGE, "https://shop.example/help").markdown

    for question, answer in _FAQ.items():
        assert f"{question}\n\n{answer}" in markdown


def test_only_a_question_a_control_opens_becomes_words() -> None:
    icons = "".join("<i></i>" for _ in range(12))
    page = (
        "<div><button aria-expanded='false' aria-controls='f'>Battery life</button><div id='f'><p>Two days.</p></div>"
        "<button aria-expanded='false'>Why?</button>"  # too short to be a question worth a line
        "<button>Is this a question without a panel?</button>"  # no disclosure control
        "<a role='button' aria-expanded='false' aria-controls='t' class='accordion-toggle'>Who are the therapists?</a>"
        "<div role='button' aria-expanded='false'><h3>What is a card?</h3><p>Is a card a question?</p></div>"
        f"<button aria-expanded='false'>Is a label of {icons} thirteen nodes one?</button>"
        "<button class='cookie-consent-more' aria-expanded='false'>Why do we use cookies?</button>"
        "<h3><button aria-expanded='false'>Is a heading's button left to its own pass?</button></h3></div>"
    )
    root = tree(page)

    assert question_buttons_as_words(root) == 1
    assert ["".join(p.itertext()) for p in root.iter("p")] == [
        "Two days.",
        "Who are the therapists?",
        "Is a card a question?",
    ]
    assert [" ".join("".join(b.itertext()).split()) for b in root.iter("button")] == [
        "Battery life",
        "Why?",
        "Is this a question without a panel?",
        "Is a label of thirteen nodes one?",
        "Why do we use cookies?",
        "Is a heading's button left to its own pass?",
    ]


@pytest.mark.parametrize(
    ("control", "kept"),
    [
        ("<h3 class='accordion-button' type='button' aria-expanded='false'>How long does a refund take?</h3>", "h3"),
        ("<details><summary aria-expanded='false'>How long does a refund take?</summary></details>", "summary"),
        ("<dl><dt aria-expanded='false'>How long does a refund take?</dt><dd>Five days.</dd></dl>", "dt"),
    ],
)
def test_a_title_drawn_as_the_control_keeps_its_tag_and_loses_a_controls_names(control: str, kept: str) -> None:
    root = tree(f"<div>{control}</div>")
    assert question_buttons_as_words(root) == 1
    title = next(root.iter(kept))
    assert title.attrib == {}
    assert root.find(".//p") is None


@pytest.mark.parametrize(
    "control",
    [
        "<table><tr aria-expanded='false'><td>How long does a refund take?</td></tr></table>",
        "<ul><li role='treeitem' aria-expanded='false'>How long does a refund take?</li></ul>",
        "<select aria-expanded='false'><option>Pick one</option><option>Is this a question?</option></select>",
    ],
)
def test_other_elements_carrying_the_attribute_are_left_as_they_are(control: str) -> None:
    assert question_buttons_as_words(tree(f"<div>{control}</div>")) == 0


def test_a_question_inside_a_paragraph_stays_inline_and_only_the_innermost_control_counts() -> None:
    root = tree(
        "<div><p>Q1. <button aria-expanded='false'>How long does a refund take?</button> (tap)</p>"
        "<div role='button' aria-expanded='false'><button aria-expanded='false'>Is it free to join?</button></div>"
        "<button aria-expanded='false'><span>Can I <em>return</em> it</span>?</button></div>"
    )

    assert question_buttons_as_words(root) == 3
    assert [" ".join("".join(s.itertext()).split()) for s in root.iter("strong")] == ["How long does a refund take?"]
    assert ["".join(p.itertext()) for p in root.iter("p")][1:] == ["Is it free to join?", "Can I return it?"]
    assert root.find(".//div[@role='button']") is not None
