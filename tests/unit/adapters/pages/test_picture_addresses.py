"""Text that is only a picture's address is not the page's text: out before extraction."""

from __future__ import annotations

import pytest

from adapters.pages.html_article import html_to_article
from adapters.pages.picture_addresses import picture_addresses_out
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://tees.example/products/staple-tee"

SWATCHES = "".join(
    f"<dt>swatch_{colour}:</dt><dd>https://cdn.tees.example/images/160x160/5001_{colour.upper()}_THUMB.jpg?c=1</dd>"
    for colour in ("bone", "navy", "sage", "pine", "coal")
)

PRODUCT = f"""<!doctype html><html><head><title>Staple Tee</title></head><body>
<main><h1>Staple Tee</h1>
<p>Enduring comfort in a regular fit, crafted from 5.3 oz combed cotton, with neck ribbing, side seams
and double needle hems for durability and minimal shrinkage. Available in seventy colours.</p>
<dl><dt>Fit:</dt><dd>Regular</dd><dt>Fabric:</dt><dd>Mid weight, 100% combed cotton</dd>{SWATCHES}</dl>
</main></body></html>"""


def test_a_product_s_fields_keep_their_words_and_lose_the_swatches_addresses() -> None:
    article = html_to_article(PRODUCT, URL)

    assert "crafted from 5.3 oz combed cotton" in article.markdown
    assert "Mid weight, 100% combed cotton" in article.markdown
    assert "THUMB" not in article.markdown
    assert "swatch_" not in article.markdown


@pytest.mark.parametrize(
    "address",
    [
        "https://cdn.example/a/b/photo.jpg",
        "http://example.org/wp-content/uploads/2017/03/THEATRE.JPEG",
        "//static.example/img/og-image-logo.png",
        "https://img.example/x.webp?width=400#top",
    ],
)
def test_an_element_holding_only_a_picture_s_address_goes(address: str) -> None:
    root = tree(f"<p>The story.</p><span>{address}</span>")

    assert picture_addresses_out(root) == 1
    assert text(root) == "The story."


@pytest.mark.parametrize(
    "body",
    [
        '<p><a href="https://cdn.example/photo.jpg">https://cdn.example/photo.jpg</a></p>',  # a link
        "<pre>curl -O https://cdn.example/photo.jpg</pre>",
        "<p><code>https://cdn.example/photo.jpg</code></p>",
        "<p>https://example.org/support</p>",  # an address, not a picture's
        "<p>The photo is at https://cdn.example/photo.jpg for the press.</p>",  # a sentence
        "<p>logo.png</p>",  # a file's name, not an address
    ],
)
def test_links_code_other_addresses_and_sentences_stay(body: str) -> None:
    root = tree(body)
    before = text(root)

    assert picture_addresses_out(root) == 0
    assert text(root) == before


def test_a_table_cell_is_emptied_so_its_row_keeps_its_columns() -> None:
    root = tree("<table><tr><td>Bone</td><td>https://cdn.example/bone.png</td><td>$20</td></tr></table>")

    assert picture_addresses_out(root) == 1
    assert [cell.text for cell in root.iter("td")] == ["Bone", None, "$20"]


def test_a_term_with_another_definition_keeps_it() -> None:
    root = tree("<dl><dt>Colour</dt> <dd>https://cdn.example/bone.png</dd> <dd>Bone</dd></dl>")

    picture_addresses_out(root)

    assert text(root) == "Colour Bone"


def test_the_tail_after_an_address_stays_with_its_parent() -> None:
    root = tree("<p>See <span>https://cdn.example/map.gif</span> the map below.</p>")

    picture_addresses_out(root)

    assert text(root) == "See the map below."
