"""What a page declares about itself in its head: the stand-in for a page whose text needs scripts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.declared import MAX_CHARS, MIN_DESCRIPTION_CHARS, Declared, declared

DESCRIPTION = "A walk through the relay's failover table, provider by provider, with the numbers."


def head(*tags: str, title: str = "Relay talk - VideoSite") -> str:
    return f"<html><head><title>{title}</title>{''.join(tags)}</head><body><div id='app'></div></body></html>"


def test_open_graph_first_then_twitter_then_the_description_and_the_page_title() -> None:
    page = head(
        f'<meta name="description" content="Plain: {DESCRIPTION}">',
        f'<meta name="twitter:description" content="Twitter: {DESCRIPTION}">',
        f'<meta property="og:description" content="OG: {DESCRIPTION} &amp; more">',
        '<meta property="og:title" content="Relay talk">',
    )
    assert declared(page) == Declared("Relay talk", f"OG: {DESCRIPTION} & more")
    assert declared(head(f'<meta name="description" content="{DESCRIPTION}">')) == Declared(
        "Relay talk - VideoSite", DESCRIPTION
    )


def test_a_page_declaring_too_little_declares_nothing() -> None:
    assert declared(head('<meta name="description" content="Watch on VideoSite">')) is None
    assert declared(head()) is None
    assert len("Watch on VideoSite") < MIN_DESCRIPTION_CHARS


def test_it_reads_as_a_title_on_one_line_and_a_paragraph_bounded() -> None:
    long = "word " * 2_000
    found = declared(head(f'<meta name="description" content="{long}">', title="  A\n   title  "))
    assert found is not None and len(found.description) == MAX_CHARS
    assert found.markdown() == f"# A title\n\n{found.description}\n"


@given(st.text(max_size=300))
def test_any_markup_is_read_without_raising(html: str) -> None:
    declared(html)
    declared(head(html))


def test_a_head_the_html_parser_took_minutes_over_is_read_in_one_pass() -> None:
    assert declared("<title" * 150_000 + f'<meta name="description" content="{DESCRIPTION}">') == Declared(
        "", DESCRIPTION
    )


def test_the_title_is_the_one_shown_beside_any_page() -> None:
    found = declared(head(f'<meta name="description" content="{DESCRIPTION}">', title="Relay\x00talk\u202e"))
    assert found is not None and found.title == "Relay talk"
