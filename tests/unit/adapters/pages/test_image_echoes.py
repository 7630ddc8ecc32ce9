"""A picture placeholder goes when the words right after it say the same; the words always stay."""

from __future__ import annotations

from adapters.pages.html_article import html_to_article
from adapters.pages.image_echoes import without_echoed_images


def test_a_tile_s_picture_named_like_its_caption_goes() -> None:
    assert without_echoed_images("- [Image: Men's Shoes] Men's shoes") == "- Men's shoes"


def test_an_icon_named_like_its_link_s_label_goes_and_the_link_stays() -> None:
    markdown = "- [[Image: Blog] Blog](https://example.com/blog)"

    assert without_echoed_images(markdown) == "- [Blog](https://example.com/blog)"


def test_a_photo_above_a_bio_that_starts_with_its_name_goes_with_its_blank_line() -> None:
    markdown = "Intro.\n\n[Image: Julia Berg]\n\nJulia Berg writes about trains.\n\nMore."

    assert without_echoed_images(markdown) == "Intro.\n\nJulia Berg writes about trains.\n\nMore."


def test_a_picture_above_a_heading_that_repeats_it_goes() -> None:
    markdown = "[Image: Apple Music]\n\n### [Apple Music](https://example.com/music)\n\nSongs."

    assert without_echoed_images(markdown) == "### [Apple Music](https://example.com/music)\n\nSongs."


def test_pictures_whose_words_are_not_repeated_stay() -> None:
    markdown = "[Image: Sales by region, 2024]\n\nSales grew in every region.\n\n[Image: a map] Our offices."

    assert without_echoed_images(markdown) == markdown


def test_a_picture_that_is_a_link_s_only_content_stays() -> None:
    markdown = "[[Image: Blog]](https://example.com/blog)\n\nBlog posts below."

    assert without_echoed_images(markdown) == markdown


def test_of_two_pictures_side_by_side_only_the_one_the_text_repeats_goes() -> None:
    assert without_echoed_images("[Image: logo] [Image: Trail boots] Trail boots") == "[Image: logo] Trail boots"


def test_a_picture_the_next_lines_repeat_is_said_once_with_the_text_around_it_kept() -> None:
    markdown = "# Classic II\n\n[Image: Moon Silver]\n\n[Image: Moon Silver]\n\n[Image: Moon Silver]\n\n40 mm case."

    assert without_echoed_images(markdown) == "# Classic II\n\n[Image: Moon Silver]\n\n40 mm case."


def test_a_gallery_list_of_one_picture_again_and_again_keeps_one() -> None:
    markdown = "- [Image: Trail 25 Pack]\n- [Image: Trail 25 Pack]\n- [Image: Trail 25 Pack, side]"

    assert without_echoed_images(markdown) == "- [Image: Trail 25 Pack]\n- [Image: Trail 25 Pack, side]"


def test_pictures_side_by_side_on_one_line_and_different_pictures_in_a_row_stay() -> None:
    markdown = (
        "Rated [Image: star] [Image: star] [Image: star]\n\n[Image: front]\n\n[Image: back]\n\n[Image: front] again"
    )

    assert without_echoed_images(markdown) == markdown


def test_short_picture_names_and_code_are_left_alone() -> None:
    markdown = "[Image: J] Jon Offline\n\n```\n[Image: Men] Men\n```"

    assert without_echoed_images(markdown) == markdown


def test_a_catalogue_page_read_through_the_tool_says_each_tile_once() -> None:
    tiles = "".join(
        f'<li><a href="/c/{slug}"><img src="/{slug}.jpg" alt="{name}"><span>{name}</span></a>'
        f"<p>{name} for every season, in every size we make.</p></li>"
        for slug, name in [("boots", "Trail boots"), ("socks", "Wool socks"), ("tents", "Two-person tents")] * 3
    )
    page = f"<html><body><main><h1>Outdoor gear</h1><ul class='tiles'>{tiles}</ul></main></body></html>"

    markdown = html_to_article(page, "https://shop.example.com/gear", include_images=True).markdown

    assert "[Image:" not in markdown
    assert markdown.count("[Trail boots](https://shop.example.com/c/boots)") == 3


def test_a_link_made_of_a_card_s_pictures_keeps_its_first_picture() -> None:
    card = (
        "- [- [Image: Moab 3 Mid Hiking Boots - Women's 0] - [Image: Moab 3 Mid Hiking Boots - Women's 1]"
        " - [Image: Moab 3 Mid Hiking Boots - Women's 2]](https://shop.example/p/237596)\n"
        "  [Moab 3 Mid Waterproof Hiking Boots](https://shop.example/p/237596) $150.00"
    )

    assert without_echoed_images(card) == (
        "- [[Image: Moab 3 Mid Hiking Boots - Women's 0]](https://shop.example/p/237596)\n"
        "  [Moab 3 Mid Waterproof Hiking Boots](https://shop.example/p/237596) $150.00"
    )


def test_pictures_beside_words_in_a_link_or_outside_links_stay() -> None:
    markdown = (
        "[[Image: front] [Image: back] Trail jacket](https://shop.example/p/1)\n\n"
        "Rated [Image: star][Image: star][Image: star] by buyers"
    )

    assert without_echoed_images(markdown) == markdown


def test_a_line_of_many_picture_stacks_is_read_in_linear_time() -> None:
    line = "[- [Image: a] - [Image: b]" * 50_000

    assert without_echoed_images(line) == line
