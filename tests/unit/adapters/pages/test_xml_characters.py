"""Characters XML does not allow: left out before any tree is built, so no step fails on them later."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages.html_article import html_to_article
from adapters.pages.html_fragments import fragment_markdown
from adapters.pages.xml_characters import xml_characters


def test_controls_are_left_out_and_page_breaks_read_as_spaces() -> None:
    assert xml_characters("one\x0ctwo\x0bthree\x01\x08\x1b[0m\ufffe\uffff\ud800 four") == "one two three[0m four"
    assert xml_characters("tab\tline\ncarriage\r") == "tab\tline\ncarriage\r"  # the three XML allows


def test_ordinary_text_is_handed_back_as_it_is() -> None:
    text = "An ordinary page: café, 投资, สวัสดี, 😀."
    assert xml_characters(text) is text


def test_a_page_with_a_form_feed_where_an_element_is_dropped_is_read() -> None:
    # The script is dropped from the tree and its tail (holding the form feed) joins the
    # paragraph's text: lxml refused that text, and the page was "could not be extracted".
    html = (
        "<html><body><main><h1>Minutes of the meeting</h1><p>The committee met on Monday."
        "<script>track()</script>\x0cPage two of the minutes follows\x0b here, with the votes.</p>"
        "<p>Every motion passed and the next meeting is in March.</p></main></body></html>"
    )
    markdown = html_to_article(html, "https://example.org/minutes").markdown
    assert "Page two of the minutes follows here, with the votes." in markdown
    assert "\x0c" not in markdown and "\x0b" not in markdown


def test_a_post_from_an_api_with_controls_and_a_lone_surrogate_keeps_its_text() -> None:
    # A JSON answer decodes "\u0007" and "\ud800" as they are; lxml refused the string whole.
    post = "<p>Restart the service\u0007 and check the log\ud800 again.</p><p>It worked.</p>"
    assert fragment_markdown(post) == "Restart the service and check the log again.\n\nIt worked."


_PIECES = ["<p>", "</p>", "<div>", "</div>", "<script>x()</script>", "<br>", "<li>", "<h2>", "</h2>", "words here"]
_ODD = ["\x0c", "\x0b", "\x01", "\x1b", "\x08", "\ufffe", "\x00"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES + _ODD), min_size=1, max_size=30))
def test_any_page_holding_such_characters_is_read_without_an_error(pieces: list[str]) -> None:
    html = "<html><body><main><h1>A title</h1>" + "".join(pieces) + "</main></body></html>"
    markdown = html_to_article(html, "https://example.org/page").markdown
    assert xml_characters(markdown) == markdown
