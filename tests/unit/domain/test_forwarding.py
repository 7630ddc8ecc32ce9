"""Where a page sends its reader: refreshes that move on at once, framesets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.forwarding import (
    MAX_FRAMES,
    MAX_REFRESH_SECONDS,
    SCAN_CHARS,
    Forwarding,
    Frame,
    embedded_documents,
    forwarding,
    frames_markdown,
    may_forward,
)

PAGE = "https://docs.example.org/guide/old/"


def stub(content: str, *, around: str = "{}") -> str:
    meta = f'<meta http-equiv="refresh" content="{content}">'
    head = f"<title>Redirecting</title>{around.format(meta)}"
    return f"<!DOCTYPE html><html><head>{head}</head><body>Redirecting...</body></html>"


@pytest.mark.parametrize(
    ("content", "target"),
    [
        ("0; url=https://docs.example.org/guide/new/", "https://docs.example.org/guide/new/"),
        ("0;URL='/guide/new/'", "https://docs.example.org/guide/new/"),
        ("0; url=&quot;../new/&quot;", "https://docs.example.org/guide/new/"),
        ("0;https://other.example.com/page", "https://other.example.com/page"),
        ("3, new.html", "https://docs.example.org/guide/old/new.html"),
        (f"{MAX_REFRESH_SECONDS}; url=/later", "https://docs.example.org/later"),
        ("0.5; url=/soon", "https://docs.example.org/soon"),
        ("0; url=https://user:secret@other.example.com/in", "https://other.example.com/in"),
        ("0 URL=/spaced", "https://docs.example.org/spaced"),
    ],
)
def test_a_refresh_that_moves_on_soon_is_followed_wherever_its_address_is_written(content: str, target: str) -> None:
    assert forwarding(stub(content), PAGE) == Forwarding(refresh=target)


@pytest.mark.parametrize(
    "content",
    [
        "2700",  # a news page reloading itself
        f"{MAX_REFRESH_SECONDS + 1}; url=/session-ended",  # a page meant to be seen first
        "0; url=",
        f"0; url={PAGE}",  # itself
        f"0; url={PAGE}#top",  # itself, at an anchor
        "0; url=javascript:alert(1)",
        "0; url=mailto:someone@example.org",
        "0; url=ftp://files.example.org/",
        "soon; url=/new/",
        "",
    ],
)
def test_a_refresh_that_reloads_waits_or_leads_nowhere_readable_is_not_followed(content: str) -> None:
    assert forwarding(stub(content), PAGE) is None


def test_a_refresh_meant_for_browsers_without_scripts_or_old_ones_is_not_followed() -> None:
    # The page's scripts show it to every other reader; such a refresh leads to an "enable JavaScript"
    # or "unsupported browser" page.
    assert forwarding(stub("0; url=/no-js.html", around="<noscript>{}</noscript>"), PAGE) is None
    assert forwarding(stub("1; url=/unsupported.html", around="<!--[if lte IE 9]>{}<![endif]-->"), PAGE) is None


def test_a_refresh_after_the_start_of_the_page_is_not_looked_for() -> None:
    late = "<html><body>" + "<p>words</p>" * (SCAN_CHARS // 12) + '<meta http-equiv="refresh" content="0; url=/x">'
    assert may_forward(late.encode())
    assert forwarding(late, PAGE) is None


def test_the_first_refresh_that_leads_somewhere_is_the_one_followed() -> None:
    html = stub("300") + '<meta http-equiv="Refresh" content="0; url=/second">'
    assert forwarding(html, PAGE) == Forwarding(refresh="https://docs.example.org/second")


JAVADOC = """<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN" "http://www.w3.org/TR/html4/frameset.dtd">
<html><head><title>Overview (Widgets API)</title></head>
<frameset cols="20%,80%" title="Documentation frame">
<frameset rows="30%,70%" title="Left frames">
<frame src="overview-frame.html" name="packageListFrame" title="All Packages">
<frame src="allclasses-frame.html" name="packageFrame">
</frameset>
<frame src="overview-summary.html" name="classFrame" title="Package, class and interface descriptions" scrolling="yes">
<frame src="javascript:void(0)" title="Nothing">
<frame src="/legal/notice.html">
<noframes><h2>Frame Alert</h2><p>Link to <a href="overview-summary.html">Non-frame version</a>.</p></noframes>
</frameset></html>"""


def test_a_frameset_is_its_frames_named_by_title_else_name_else_file() -> None:
    found = forwarding(JAVADOC, "https://api.example.org/widgets/8/docs/api/index.html")
    assert found == Forwarding(
        frames=(
            Frame("https://api.example.org/widgets/8/docs/api/overview-frame.html", "All Packages"),
            Frame("https://api.example.org/widgets/8/docs/api/allclasses-frame.html", "packageFrame"),
            Frame(
                "https://api.example.org/widgets/8/docs/api/overview-summary.html",
                "Package, class and interface descriptions",
            ),
            Frame("https://api.example.org/legal/notice.html", "notice.html"),
        )
    )


def test_a_frameset_wins_over_a_refresh_in_its_head() -> None:
    html = JAVADOC.replace("<head>", '<head><meta http-equiv="refresh" content="0; url=/elsewhere">')
    found = forwarding(html, PAGE)
    assert found is not None and found.refresh is None and len(found.frames) == 4


def test_a_frameset_after_the_body_has_begun_is_not_what_the_page_is() -> None:
    html = "<html><body><p>Text.</p><frameset><frame src='a.html'></frameset></body></html>"
    assert forwarding(html, PAGE) is None


def test_a_frameset_of_many_frames_names_a_bounded_number() -> None:
    html = "<frameset>" + "".join(f"<frame src='f{i}.html'>" for i in range(MAX_FRAMES * 5)) + "</frameset>"
    found = forwarding(html, PAGE)
    assert found is not None and len(found.frames) == MAX_FRAMES


def test_frames_are_written_as_links_whose_words_cannot_break_out() -> None:
    frames = (Frame("https://a.example/x (1).html", "Index [all]\n of it"), Frame("https://a.example/y", "Y"))
    assert frames_markdown(frames) == (
        "- [Index \\[all\\] of it](<https://a.example/x (1).html>)\n- [Y](<https://a.example/y>)"
    )


def test_ordinary_pages_are_not_parsed_at_all() -> None:
    assert not may_forward(b"<html><head><title>t</title></head><body><p>refresh the page</p></body></html>")
    assert may_forward(b"<HTML><FRAMESET cols='*'>")
    assert may_forward(b"<meta HTTP-EQUIV = 'Refresh' content='0'>")


@given(st.text(alphabet=st.sampled_from(list("<>/=\"' ;,:.#0123456789abcdefhmrstu-!\n")), max_size=300))
def test_any_text_is_read_without_raising(html: str) -> None:
    forwarding(html, PAGE)
    forwarding(stub(html), PAGE)


def test_the_documents_a_page_shows_inside_it_are_named_once_each_in_order() -> None:
    html = (
        "<html><body><h1>Annual report</h1><iframe src='/reports/2025.html' title='The 2025 report'></iframe>"
        "<embed src='slides.pdf' type='application/pdf'><object data='https://files.example/data.csv'></object>"
        "<iframe src='about:blank'></iframe><iframe src='javascript:void(0)'></iframe>"
        "<iframe src='/reports/2025.html'></iframe><iframe name='chart' src='//charts.example/c?id=1'></iframe>"
        "<noscript><iframe src='https://tags.example/ns.html?id=GTM-1'></iframe></noscript>"
        "<iframe src='/pixel.html' width='0' height='0'></iframe><iframe src='/h.html' style='display: none'></iframe>"
        "<iframe src='/h2.html' hidden></iframe></body></html>"
    )
    assert embedded_documents(html, PAGE) == (
        Frame("https://docs.example.org/reports/2025.html", "The 2025 report"),
        Frame("https://docs.example.org/guide/old/slides.pdf", "slides.pdf"),
        Frame("https://files.example/data.csv", "data.csv"),
        Frame("https://charts.example/c?id=1", "chart"),
    )


def test_a_page_embedding_many_documents_names_a_bounded_number() -> None:
    html = "".join(f"<iframe src='/f{i}.html'></iframe>" for i in range(MAX_FRAMES * 10))
    assert len(embedded_documents(html, PAGE)) == MAX_FRAMES
