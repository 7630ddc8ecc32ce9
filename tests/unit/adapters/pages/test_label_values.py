"""A label and its value in two boxes side by side read as one line; longer boxes stay paragraphs."""

from __future__ import annotations

import pytest

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.html_markdown import element_to_markdown
from adapters.pages.label_values import labels_joined

BODY = " ".join(["Nine classes give a broad range of tactics and personalities to a team shooter."] * 3)


def _markdown(inner: str) -> tuple[int, str]:
    root = parse_html(f"<html><body>{inner}</body></html>")
    joined = labels_joined(root)
    return joined, element_to_markdown(root)


def test_a_label_box_and_its_value_box_read_as_one_line() -> None:
    joined, markdown = _markdown(
        '<div class="row"><div class="label">Release Date:</div><div class="date">10 Oct, 2007</div></div>'
        "<div><p>Starting at:</p><p><b>$49</b>/mo</p></div>"
    )

    assert joined == 2
    assert markdown == "Release Date: 10 Oct, 2007\n\nStarting at: **$49**/mo"


@pytest.mark.parametrize(
    "inner",
    [
        "<div><div>Features:</div><div><p>Fast.</p><p>Quiet.</p></div></div>",  # a value holding blocks
        "<div><div>About:</div><div>" + "word " * 13 + "</div></div>",  # a description, not a value
        "<div><div>Release Date</div><div>10 Oct, 2007</div></div>",  # no colon: two blocks
        "<div>Note <div>Release Date:</div><div>10 Oct, 2007</div></div>",  # the box has text of its own
        "<div><span>Release Date:</span><span>10 Oct, 2007</span></div>",  # inline already
        "<div><div>Release Date:</div><div>10 Oct, 2007</div><div>Developer: Valve</div></div>",  # three
    ],
)
def test_other_boxes_are_left_as_they_are(inner: str) -> None:
    root = parse_html(f"<html><body>{inner}</body></html>")

    assert labels_joined(root) == 0


def test_a_store_page_s_details_reach_the_agent_one_pair_a_line() -> None:
    html = (
        "<html><head><title>Team Fortress 2</title></head><body><main><h1>Team Fortress 2</h1>"
        f"<p>{BODY}</p><div class='details'><div class='row'><div class='subtitle'>Release Date:</div>"
        f"<div class='date'>10 Oct, 2007</div></div></div><p>{BODY}</p></main></body></html>"
    )

    markdown = html_to_article(html, "https://store.example/app/440").markdown

    assert "Release Date: 10 Oct, 2007" in markdown
