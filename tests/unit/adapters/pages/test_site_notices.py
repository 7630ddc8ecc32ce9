"""Announcement bars, copyright lines and trending rails leave the tree the whole page and Resiliparse
read; a post filed under such a term, and a box larger than a notice, stay."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.markup_names import without_terms
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.site_notices import MAX_WORDS, SITE_NOTICES
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

STORY = "The county opened the rebuilt bridge over the mill race on Tuesday, two years after the flood. " * 4


@pytest.mark.parametrize(
    "box",
    [
        '<div class="announcement-bar"><p>Members get free shipping on orders over $49</p></div>',
        '<section id="announcements"><h2>Recent events and announcements</h2><p>Patch 1.4 is out</p></section>',
        '<p class="footer__copyright">Copyright 2026 Valley News. All rights reserved.</p>',
        '<div class="trending-rail"><h3>Trending</h3><a href="/a">Five things to do this weekend</a></div>',
    ],
)
def test_a_site_s_notice_goes(box: str) -> None:
    root = tree(f"<p>The story.</p>{box}")

    assert named_boxes_out(root, (SITE_NOTICES,)) == 1
    assert text(root) == "The story."


def test_a_post_filed_under_announcements_stays() -> None:
    root = tree(
        '<div class="post type-post category-announcements tag-trending">'
        "<h2>Our kitchen reopens in May</h2><p>After the winter works the dining room seats forty.</p></div>"
    )

    assert named_boxes_out(root, (SITE_NOTICES,)) == 0
    assert "seats forty" in text(root)


def test_a_box_larger_than_a_notice_stays() -> None:
    words = " ".join(["harbour"] * (MAX_WORDS + 1))
    root = tree(f'<div class="has-announcement-bar"><p>{words}</p></div>')

    assert named_boxes_out(root, (SITE_NOTICES,)) == 0


def test_terms_a_post_is_filed_under_are_not_its_names_but_elsewhere_such_words_are() -> None:
    assert without_terms("post category-announcements tag-news topic_signature hentry") == "post hentry"
    assert without_terms("post-12 type-post category-news") == "post-12 type-post"
    assert without_terms("announcement-bar") == "announcement-bar"
    assert without_terms("category-header__breadcrumb") == "category-header__breadcrumb"


def test_the_whole_page_no_longer_reads_the_bar_but_trafilatura_reads_the_page_as_written() -> None:
    page = (
        '<html><body><main><div class="announcement">FREE-SHIPPING over $49 this week</div>'
        f"<h1>The bridge</h1><p>{STORY}</p></main></body></html>"
    )
    run, written = cut_candidates(page, "https://news.example/bridge")

    assert "rebuilt bridge" in run(profiles.WHOLE_PAGE)
    assert "FREE-SHIPPING" not in run(profiles.WHOLE_PAGE)
    assert "FREE-SHIPPING" not in run(profiles.RESILIPARSE)
    assert "FREE-SHIPPING" in written
