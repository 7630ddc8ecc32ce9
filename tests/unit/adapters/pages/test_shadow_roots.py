"""Declarative shadow roots composed as a browser shows them: the template's content in its host, the
host's children in the slots that take them."""

from __future__ import annotations

import pytest
from lxml import etree

from adapters.pages import profiles
from adapters.pages.html_article import html_to_article
from adapters.pages.shadow_roots import shadow_roots_opened
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

URL = "https://components.example/guide/"
STORY = (
    "The relay keeps answering when one provider fails, because every call runs down a chain of providers "
    "and each failure is classified before the next one is asked for the same answer."
)
# A server-rendered component page: a card whose shadow root holds the article, the host's children
# slotted into its title and body, one child for no slot, and a nested component inside.
PAGE = f"""<!doctype html><html><head><title>Guide</title></head><body>
<nav><a href="/">Home</a></nav><main>
<guide-card>
  <template shadowrootmode="open"><style>:host {{ display: block }}</style>
    <article><h1><slot name="title">Untitled</slot></h1><p>{STORY}</p><slot></slot>
      <section><h2>Failover</h2><slot name="missing"><p>Fallback shown when nothing is slotted.</p></slot></section>
    </article>
  </template>
  <span slot="title">How the relay fails over</span>
  <p>The default slot takes this paragraph, written in the page as the card's child.</p>
  <p slot="nowhere">No slot takes this paragraph, so a browser never shows it.</p>
  <note-box><template shadowroot="open"><aside-text><p>Inner component: <slot></slot></p></aside-text></template>
    <b>slotted into the inner one</b></note-box>
</guide-card>
</main></body></html>"""


def test_the_agent_reads_the_composed_page() -> None:
    markdown = html_to_article(PAGE, URL).markdown
    assert "# How the relay fails over" in markdown and STORY in markdown
    assert "The default slot takes this paragraph" in markdown
    assert "Fallback shown when nothing is slotted." in markdown
    assert "Inner component: **slotted into the inner one**" in markdown
    assert "Untitled" not in markdown and "a browser never shows it" not in markdown and "display" not in markdown


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_reads_the_shadow_content(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    answer = run(name)
    assert STORY in answer and "a browser never shows it" not in answer, name


def test_slots_take_children_by_name_text_goes_to_the_default_slot_and_nothing_else_shows() -> None:
    root = tree(
        '<div id="host"><template shadowrootmode="closed"><p>[<slot name="a"></slot>]'
        '(<slot>fallback</slot>)</p></template>loose text<i slot="a">named</i> tail<u slot="zz">lost</u></div>'
    )
    assert shadow_roots_opened(root) == 1
    assert etree.tostring(root.find(".//div"), encoding="unicode") == (
        '<div id="host"><p>[<i slot="a">named</i>](loose text tail)</p></div>'
    )


def test_a_second_shadow_root_on_one_host_and_ordinary_templates_are_left_inert() -> None:
    root = tree(
        '<div><template shadowrootmode="open"><p>first</p></template>'
        '<template shadowrootmode="open"><p>second</p></template></div>'
        "<template><p>a plain template</p></template><template shadowrootmode='nonsense'><p>x</p></template>"
    )
    assert shadow_roots_opened(root) == 1
    assert "first" in text(root) and "second" not in text(root)
    assert len(list(root.iter("template"))) == 2  # the two that are not shadow roots, for the pruning to drop


def test_a_page_without_shadow_roots_is_left_alone() -> None:
    root = tree("<p>plain</p><template><p>inert</p></template>")
    assert shadow_roots_opened(root) == 0
