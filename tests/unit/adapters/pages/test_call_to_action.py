"""Links drawn as buttons are the page's actions, not its text: out before any extractor reads the page."""

from __future__ import annotations

import pytest

from adapters.pages.call_to_action import MAX_WORDS, action_links_out
from adapters.pages.html_article import html_to_article
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://ledgerline.example/services/bookkeeping"

PROSE = (
    "We keep the books of small firms in the valley: every invoice entered the week it arrives, every "
    "account reconciled at the month's end, and a plain report on the first Monday that says what came in, "
    "what went out and what is owed. "
)

SERVICE_PAGE = f"""<!doctype html><html><head><title>Bookkeeping</title></head><body>
<main>
<h1>Bookkeeping for small firms</h1>
<p>{PROSE * 2}</p>
<p><a class="btn btn-primary btn-lg" href="/signup">Get started today</a>
<a class="wp-block-button__link wp-element-button" href="/demo">Request a demo</a></p>
<h2>Payroll</h2>
<p>{PROSE}</p>
<div class="hero"><a id="hero-cta" href="/pricing">See pricing</a>
<a class="MuiButtonBase-root MuiButton-root" href="/tour">Take the tour</a>
<a role="button" href="#">Talk to sales</a></div>
<h2>Year-end accounts</h2>
<p>{PROSE}</p>
</main></body></html>"""


def test_the_buttons_a_service_page_draws_are_not_in_the_agent_s_text() -> None:
    article = html_to_article(SERVICE_PAGE, URL)

    assert "reconciled at the month's end" in article.markdown
    assert "## Year-end accounts" in article.markdown
    for label in ("Get started today", "Request a demo", "See pricing", "Take the tour", "Talk to sales"):
        assert label not in article.markdown


@pytest.mark.parametrize(
    "link",
    [
        '<a class="btn" href="/a">Sign up</a>',
        '<a class="button is-primary" href="/a">Add to cart</a>',
        '<a class="cta_button" href="/a">Explore service cloud</a>',
        '<a class="primaryBtn" href="/a">Shop now</a>',
        '<a class="header-CTA" href="/a">Book a call</a>',
        '<a id="signup-btn" href="/a">Join free</a>',
        '<a role="button" href="#">Learn more</a>',
        '<a class="btn" href="/a"><svg viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg> Add to cart</a>',
    ],
)
def test_a_link_named_or_made_a_button_goes(link: str) -> None:
    root = tree(f"<p>Before the link. {link}</p>")

    assert action_links_out(root) == 1
    assert text(root) == "Before the link."


@pytest.mark.parametrize(
    "link",
    [
        '<a href="/guide">the full guide</a>',  # a link in a sentence
        '<a class="subtitle" href="/a">Octaves and scales</a>',  # "subtitle", not a button's word
        '<a class="buttonless-link" href="/a">Read the notes</a>',  # one word, "buttonless"
        '<a class="octave" href="/a">Octave</a>',  # holds the letters "cta", not the word
        '<a class="card btn" href="/a"><h3>Walks in the valley</h3><p>Six routes</p></a>',  # a card
        '<a class="btn" href="/a"><img src="s.png" alt="Summer sale banner"></a>',  # a banner
        f'<a class="btn" href="/a">{"word " * (MAX_WORDS + 1)}</a>',  # a sentence drawn in a box
    ],
)
def test_links_that_are_not_buttons_stay(link: str) -> None:
    root = tree(f"<p>Before the link. {link}</p>")

    assert action_links_out(root) == 0


def test_a_button_in_code_is_the_code_s() -> None:
    root = tree('<pre><code>&lt;a class="btn"&gt; <a class="btn" href="/a">Sign up</a></code></pre>')

    assert action_links_out(root) == 0
    assert "Sign up" in text(root)


def test_the_words_after_a_button_stay_where_they_were() -> None:
    root = tree('<p>Call the office <a class="btn" href="tel:1">Call now</a> or write to us.</p>')

    action_links_out(root)

    assert text(root) == "Call the office or write to us."
