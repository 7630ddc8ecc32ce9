"""The JavaScript-shell verdict: little text AND a structural sign, one row per case."""

from __future__ import annotations

import pytest

from domain.script_shell import LITTLE_TEXT_CHARS, script_shell_signs

LONG_TEXT = "word " * LITTLE_TEXT_CHARS
NOSCRIPT = "<noscript>You need to enable JavaScript to run this app.</noscript>"


def page(body: str, head: str = "") -> str:
    return f"<!DOCTYPE html><html><head><title>t</title>{head}</head><body>{body}</body></html>"


@pytest.mark.parametrize(
    ("html", "extracted", "signs"),
    [
        pytest.param(
            page("<div id='root'></div><script src='/a.js'></script>"),
            "",
            ['an empty app root (<div id="root">)'],
            id="react root",
        ),
        pytest.param(
            page('<div id="__next"><div></div></div>'),
            "",
            ['an empty app root (<div id="__next">)'],
            id="next.js root, nested empty divs",
        ),
        pytest.param(page("<app-root></app-root>"), "", ["an empty app root (<app-root>)"], id="angular element"),
        pytest.param(page(NOSCRIPT), "", ["a <noscript> asking for JavaScript"], id="noscript asks"),
        pytest.param(
            page("<noscript>JavaScript is required</noscript><div id='app'></div>"),
            "",
            ['an empty app root (<div id="app">)', "a <noscript> asking for JavaScript"],
            id="both",
        ),
        pytest.param(
            page("<p>hi</p><script>" + "x=1;" * 500 + "</script>"),
            "hi",
            ["mostly script (95% of the page)"],
            id="script heavy",
        ),
        pytest.param(
            page("<div id='root'>" + NOSCRIPT + "</div>"),
            "",
            ['an empty app root (<div id="root">)', "a <noscript> asking for JavaScript"],
            id="noscript text is not the root's text",
        ),
        pytest.param(
            page("<div id='root'><p>Server-rendered answer.</p></div>"),
            "Server-rendered answer.",
            None,
            id="server-rendered root has text",
        ),
        pytest.param(
            page("<p>Moved to another address.</p>"), "Moved to another address.", None, id="short page, no sign"
        ),
        pytest.param(
            page("<div id='root'></div>" + NOSCRIPT), LONG_TEXT, None, id="plenty of text wins over every sign"
        ),
        pytest.param(
            page("<noscript><img src='/pixel.gif'></noscript>"), "", None, id="tracking-pixel noscript asks nothing"
        ),
        pytest.param(
            "<div id='root'><div>", "", ['an empty app root (<div id="root">)'], id="root left open at the end"
        ),
        pytest.param("", "", None, id="empty"),
        pytest.param(
            page("<div id='splash'><div class='dots'></div></div><script src='/app.js'></script>"),
            "",
            ["no readable text, and 1 script to run"],
            id="nothing readable from a page that runs scripts",
        ),
        pytest.param(
            page("<a href='/'>esk8 news</a><section id='d-splash'><div class='dots'></div></section>"),
            "esk8 news",
            ['an empty app root (<section id="d-splash">)'],
            id="a forum's splash under a site's own header",
        ),
        pytest.param(
            page("<div id='main-outlet'></div><script type='module' src='/a.js'></script><script>boot()</script>"),
            " \n",
            ["no readable text, and 2 scripts to run"],
            id="module and inline scripts count",
        ),
        pytest.param(
            page("<img src='/photo.jpg'>", '<script type="application/ld+json">{"@type": "Photograph"}</script>'),
            "",
            None,
            id="data blocks are not scripts",
        ),
        pytest.param(
            page("<p>Sign in</p><script src='/app.js'></script>"), "Sign in", None, id="a little text is a page"
        ),
        pytest.param(
            page("<div id='root'><a href='/login'>Sign in</a></div>"),
            "[Sign in](https://example.com/login?return_to=" + "%2Fapp%2Fdashboard" * 20 + ")",
            None,
            id="a link's text is readable text",
        ),
        pytest.param(
            page("<div id='root'></div><a href='/login'>Sign in</a><script src='/app.js'></script>"),
            "[Sign in](https://example.com/login?return_to=" + "%2Fapp%2Fdashboard" * 20 + ")",
            ['an empty app root (<div id="root">)'],
            id="a long address is not text",
        ),
    ],
)
def test_shell_signs(html: str, extracted: str, signs: list[str] | None) -> None:
    found = script_shell_signs(html, extracted)
    assert (list(found.signs) if found is not None else None) == signs


def test_only_the_start_of_a_huge_page_is_scanned() -> None:
    huge = page("<div id='root'></div>" + "<p></p>" * 400_000 + NOSCRIPT)
    found = script_shell_signs(huge, "")
    assert found is not None and found.describe() == 'an empty app root (<div id="root">)'
