"""A streamed React page's hidden parts go where its own scripts would put them, before anything reads it."""

from __future__ import annotations

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.html_markdown import Element
from adapters.pages.streamed_segments import MAX_MOVES, put_streamed_segments_in_place

RUNTIME = "<script>$RC=function(b,c){/* React's inline runtime */};</script>"


def _text(root: Element) -> str:
    body = next(root.iter("body"))
    return " ".join(" ".join(body.itertext()).split())


def test_a_boundary_s_content_replaces_its_loading_fallback() -> None:
    page = f"""<html><body><h1>Tents</h1>
    <div class="grid"><!--$?--><template id="B:0"></template><p>Loading...</p> spinner<!--/$--></div>
    <footer>Help</footer>{RUNTIME}
    <div hidden id="S:0"><ul><li>Two-person tent</li><li>Family tent</li></ul></div>
    <script>$RC("B:0","S:0")</script></body></html>"""
    root = parse_html(page)

    assert put_streamed_segments_in_place(root) == 1
    assert _text(root).startswith("Tents Two-person tent Family tent Help")
    assert "Loading" not in _text(root) and "spinner" not in _text(root)
    assert not [element for element in root.iter("div") if element.get("hidden") is not None]


def test_a_segment_fills_its_placeholder_and_nested_parts_arrive_in_order() -> None:
    page = """<html><body><main><p>Before</p><template id="P:1"></template><p>After</p></main>
    <div hidden id="S:1">Reviews: <template id="P:2"></template> end</div>
    <div hidden id="S:2"><p>Great tent, kept us dry.</p></div>
    <script>$RS("S:1","P:1");$RS("S:2","P:2")</script></body></html>"""
    root = parse_html(page)

    assert put_streamed_segments_in_place(root) == 2
    assert _text(root).startswith("Before Reviews: Great tent, kept us dry. end After")


def test_calls_naming_nothing_on_the_page_and_parts_no_call_names_are_left_alone() -> None:
    page = """<html><body><p>Shown</p><template id="B:5"></template>
    <div hidden id="S:7"><p>Never placed</p></div>
    <script>$RC("B:9","S:9")</script></body></html>"""
    root = parse_html(page)

    assert put_streamed_segments_in_place(root) == 0
    hidden = [element for element in root.iter("div") if element.get("hidden") is not None]
    assert [element.get("id") for element in hidden] == ["S:7"]


def test_without_a_closing_marker_the_fallback_stays_and_the_content_still_arrives() -> None:
    page = """<html><body><div><!--$?--><template id="B:0"></template><p>Loading...</p></div>
    <div hidden id="S:0"><p>The catalogue</p></div><script>$RC("B:0","S:0")</script></body></html>"""
    root = parse_html(page)

    assert put_streamed_segments_in_place(root) == 1
    assert _text(root).startswith("The catalogue Loading...")


def test_a_page_of_endless_calls_costs_a_bounded_number_of_moves() -> None:
    calls = "".join(f'$RS("S:{n:x}","P:{n:x}");' for n in range(MAX_MOVES + 500))
    parts = "".join(f'<template id="P:{n:x}"></template>' for n in range(MAX_MOVES + 500))
    segments = "".join(f'<div hidden id="S:{n:x}">part {n}</div>' for n in range(MAX_MOVES + 500))
    root = parse_html(f"<html><body>{parts}{segments}<script>{calls}</script></body></html>")

    assert put_streamed_segments_in_place(root) == MAX_MOVES


def test_a_streamed_catalogue_is_read_with_its_items() -> None:
    items = "".join(
        f'<li><a href="/p/{n}">Trail shoe model {n}</a><p>Light, grippy and made for long wet days, size {n}.</p></li>'
        for n in range(12)
    )
    page = f"""<html><head><title>Trail shoes</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/shoes">Shoes</a></nav></header>
    <main><h1>Trail shoes</h1><!--$?--><template id="B:0"></template><div class="skeleton">Loading</div><!--/$--></main>
    <footer><a href="/help">Help</a></footer>{RUNTIME}
    <div hidden id="S:0"><ul class="products">{items}</ul></div><script>$RC("B:0","S:0")</script></body></html>"""

    markdown = html_to_article(page, "https://shop.example.com/shoes").markdown

    assert "Trail shoe model 0" in markdown and "Trail shoe model 11" in markdown
    assert "Loading" not in markdown
