"""The footer closing each of a run of posts or comments leaves the tree the whole page and Resiliparse
read; footers of a page's one article, of product cards and longer ones stay."""

from __future__ import annotations

from adapters.pages import profiles
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.post_footers import MAX_WORDS, POST_FOOTERS
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

URL = "https://carclub.example/threads/led-liftgate-lights.1797645/"

_POSTS = [
    ("rav4rob", "I swapped the liftgate bulbs for the LED kit last weekend; the plugs fit without splicing."),
    ("tundra_t", "Did the kit throw a bulb-out warning on the dash? Mine did until I added the resistors."),
    ("rav4rob", "No warning here, but my trim is a 2024; the older harness may read the load differently."),
]


def _thread() -> str:
    posts = "".join(
        f'<article class="message message--post"><div class="message-user"><a href="/m/{who}">{who}</a></div>'
        f'<div class="message-body"><p>{words}</p></div>'
        f'<div class="message-footer"><span>FOOTER-MARK Like</span> <a href="#">Reply</a> <a href="#">Report</a>'
        f"</div></article>"
        for who, words in _POSTS
    )
    return f"<html><body><main><h1>2024 LED liftgate lights</h1>{posts}</main></body></html>"


def test_each_post_s_footer_leaves_the_thread_and_the_posts_stay() -> None:
    run, written = cut_candidates(_thread(), URL)
    whole_page = run(profiles.WHOLE_PAGE)

    assert "FOOTER-MARK" not in whole_page
    assert "FOOTER-MARK" not in run(profiles.RESILIPARSE)
    for who, words in _POSTS:
        assert words in whole_page
        assert who in whole_page
    assert "FOOTER-MARK" in written  # trafilatura and readability read the page as written


def test_the_footers_of_comments_under_a_story_go() -> None:
    comments = "".join(
        f'<li class="comment"><p>Comment {n} on the bridge.</p><div class="comment__footer">Reply</div></li>'
        for n in range(3)
    )
    root = tree(f"<p>The story.</p><ol>{comments}</ol>")

    assert named_boxes_out(root, (POST_FOOTERS,)) == 3
    assert "Reply" not in text(root)


def test_a_footer_in_a_page_s_one_article_named_as_a_post_stays() -> None:
    # Blog engines name a page's one article "post-<id>" and its body "single-post".
    root = tree(
        '<div class="single-post"><article class="post-24891 page type-page">'
        "<blockquote>Lessons twice a week and I passed grade five.</blockquote>"
        '<div class="elementor-testimonial__footer">Vanessa Williamson, student</div></article></div>'
    )

    assert named_boxes_out(root, (POST_FOOTERS,)) == 0


def test_a_product_card_s_footer_stays() -> None:
    cards = "".join(
        f'<div class="card"><h3>Wool runner {n}</h3><div class="card-footer">$110</div></div>' for n in range(3)
    )
    root = tree(f'<div class="grid">{cards}</div>')

    assert named_boxes_out(root, (POST_FOOTERS,)) == 0


def test_a_footer_longer_than_a_post_s_bar_stays() -> None:
    words = " ".join(["liftgate"] * (MAX_WORDS + 1))
    root = tree(
        f'<div class="post"><p>One.</p><div class="post-footer"><p>{words}</p></div></div>'
        '<div class="post"><p>Two.</p></div>'
    )

    assert named_boxes_out(root, (POST_FOOTERS,)) == 0
