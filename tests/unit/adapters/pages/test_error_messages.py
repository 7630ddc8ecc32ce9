"""The messages a page's scripts show when something fails are left out; look-alike content stays."""

from __future__ import annotations

import pytest

from adapters.pages.candidates import parse_html
from adapters.pages.error_messages import MAX_WORDS, error_messages_out
from adapters.pages.html_article import html_to_article
from adapters.pages.html_markdown import element_to_markdown

BODY = " ".join(
    ["The brochure shows the 1958 parcel delivery trucks in eight pages of colour photographs and plans."] * 4
)
CONNECTION = (
    '<section class="txn-wrapper__error" hidden><h2>Oops! Looks like we\'re having trouble connecting to our'
    " server.</h2><p>Refresh your browser window to try again.</p></section>"
)


def _cut(inner: str) -> tuple[int, str]:
    root = parse_html(f"<html><body><main><h1>Brochure</h1><p>{BODY}</p>{inner}</main></body></html>")
    removed = error_messages_out(root)
    return removed, element_to_markdown(root)


@pytest.mark.parametrize(
    "inner",
    [
        CONNECTION,
        '<div class="w-form-fail labs-form_error-message"><div class="form-error">Oops! Something went wrong'
        " while submitting the form.</div></div>",
        '<div class="a-box a-alert a-alert-error cr-error" role="alert"><h4>There was a problem filtering'
        " reviews. Please reload the page.</h4></div>",
        '<p class="wt-text-body-01 shipping-errorMessage">There was a problem calculating your shipping.</p>',
        '<div class="w-form-fail"><div>Oops! Something went wrong while submitting the form.</div></div>',
        '<p class="newsletter__submit_failed">There was a problem subscribing you to the newsletter.</p>',
    ],
)
def test_a_script_s_failure_message_goes(inner: str) -> None:
    removed, markdown = _cut(inner)

    assert removed == 1
    assert "1958 parcel delivery" in markdown
    assert not any(word in markdown for word in ("Oops", "problem", "try again"))


@pytest.mark.parametrize(
    "inner",
    [
        '<p class="price text-error">Only 2 left in stock</p>',  # a colour utility
        '<div class="card border-top-error">The traditional move: hours of calls and forms.</div>',
        '<pre><code>$ make\n<span class="error">error: no rule to make target</span></code></pre>',
        '<section id="redirects-and-errors"><h2>Redirects and Errors</h2><p>Use abort().</p></section>',
        '<div class="alert alert-danger">Warning: this deletes the files.</div>',  # documentation's boxes
        '<div class="errorless-box">Setup without surprises.</div>',
        '<a class="RowBase-styled__FailSafeLink-sc-c07 gFmQxC" href="/returns">Shipping & Return Details</a>',
        '<p class="failover-note">The service keeps answering when one provider is down.</p>',
        '<div class="error-explained">' + "An error page tells the reader what went wrong. " * 4 + "</div>",
    ],
)
def test_content_that_only_looks_like_an_error_stays(inner: str) -> None:
    removed, _ = _cut(inner)

    assert removed == 0


def test_the_bound_is_a_message_s_length() -> None:
    assert error_messages_out(parse_html(f'<div class="error">{"word " * MAX_WORDS}</div>')) == 1
    assert error_messages_out(parse_html(f'<div class="error">{"word " * (MAX_WORDS + 1)}</div>')) == 0


def test_the_agent_is_not_told_the_server_could_not_be_reached() -> None:
    shown = CONNECTION.replace(" hidden>", ">")  # shown or hidden by the style sheet, no extractor knows
    html = (
        "<html><head><title>1958 Ford brochure</title></head><body><main><h1>1958 Ford P-350 brochure</h1>"
        f"<p>{BODY}</p>{shown}<p>{BODY}</p></main></body></html>"
    )

    markdown = html_to_article(html, "https://auction.example/itm/335330783890").markdown

    assert "1958 parcel delivery" in markdown
    assert "trouble connecting" not in markdown
