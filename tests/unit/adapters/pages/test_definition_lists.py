"""A list of names and values reaches the agent as "name: value" whichever extractor wins; a list of
descriptions (an API reference's) is left as it is."""

from __future__ import annotations

import pytest
from lxml import etree

from adapters.pages.candidates import parse_html, resiliparse_markdown, trafilatura_markdown, whole_page_markdown
from adapters.pages.definition_lists import definitions_paired
from adapters.pages.html_article import html_to_article, parse_page

BODY = " ".join(["The Staple Tee is a regular fit tee cut from combed cotton for everyday wear."] * 3)
SPECIFICATION = (
    "<dl><dt>Fit</dt><dd>Regular</dd><dt>Fabric</dt><dd> Mid weight, <b>5.3 oz</b> combed cotton </dd>"
    "<dt>Origin:</dt><dd>Portugal</dd></dl>"
)


def _page(inner: str) -> str:
    head = "<html><head><title>Staple Tee</title></head>"
    return f"{head}<body><main><h1>Staple Tee</h1><p>{BODY}</p>{inner}<p>{BODY}</p></main></body></html>"


def _paired(inner: str) -> str:
    root = parse_html(f"<html><body>{inner}</body></html>")
    definitions_paired(root)
    return etree.tostring(root.find("body"), encoding="unicode")


def test_each_name_is_written_with_its_value() -> None:
    assert _paired(SPECIFICATION) == (
        "<body><dl><dt>Fit: Regular</dt><dt>Fabric: Mid weight, <b>5.3 oz</b> combed cotton</dt>"
        "<dt>Origin: Portugal</dt></dl></body>"
    )


def test_names_sharing_a_value_and_values_sharing_a_name_stay_together() -> None:
    paired = _paired("<dl><div><dt>Colour</dt><dt>Color</dt><dd>Navy</dd><dd>Bone</dd></div></dl>")

    assert paired == "<body><dl><div><dt>Colour, Color: Navy; Bone</dt></div></dl></body>"


@pytest.mark.parametrize(
    "inner",
    [
        "<dl><dt><code>get(url)</code></dt><dd><p>Sends a GET request.</p><p>Returns a response.</p></dd></dl>",
        "<dl><dt>Sizes</dt><dd><ul><li>Small</li><li>Large</li></ul></dd></dl>",
        "<dl><dd>A value without a name</dd><dt>Fit</dt><dd>Regular</dd></dl>",
        "<dl><dt>Fit</dt><dd>Regular</dd><span>stray</span></dl>",
        "<dl><dt>Only a name</dt></dl>",
    ],
)
def test_lists_of_descriptions_or_of_anything_else_are_left_alone(inner: str) -> None:
    root = parse_html(f"<html><body>{inner}</body></html>")
    before = etree.tostring(root, encoding="unicode")

    assert definitions_paired(root) == 0
    assert etree.tostring(root, encoding="unicode") == before


@pytest.mark.parametrize("extractor", ["whole page", "resiliparse", "trafilatura"])
def test_every_extractor_reads_each_pair_on_one_line(extractor: str) -> None:
    parsed = parse_page(_page(SPECIFICATION))
    assert parsed is not None
    root, html = parsed

    if extractor == "whole page":
        markdown = whole_page_markdown(root)
    elif extractor == "resiliparse":
        markdown = resiliparse_markdown(root)
    else:
        markdown = trafilatura_markdown(html, None, mode="recall", include_images=False)

    lines = markdown.split("\n")
    assert any("Fit: Regular" in line for line in lines)
    assert any("Fabric: Mid weight," in line and "combed cotton" in line for line in lines)
    assert any("Origin: Portugal" in line for line in lines)


def test_a_product_s_specification_reaches_the_agent_paired() -> None:
    article = html_to_article(_page(SPECIFICATION), "https://shop.example/staple-tee")

    assert "Fit: Regular" in article.markdown
    assert "Origin: Portugal" in article.markdown
