"""A member's signature under each post leaves the tree the whole page and Resiliparse read; the
posts, their author lines and what only shares the name stay."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.forum_signatures import MAX_WORDS, SIGNATURES
from adapters.pages.named_boxes import named_boxes_out
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree

URL = "https://watchtalk.example/threads/small-divers.42"

_POSTS = [
    ("tidewater", "Smaller divers are coming back: 38 mm cases with 200 m of water resistance and a thin movement."),
    ("brasslug", "I hope the makers keep the date window off the dial; a clean dial reads better at a glance."),
    ("tidewater", "Agreed. My 37 mm field watch wears bigger than its size because the lugs are long and curved."),
]
_SIGNATURES = {
    "tidewater": "SIG-TIDE Collection: two field watches, one diver, a GMT on order. Live to watch.",
    "brasslug": "SIG-BRASS Brass Lug Straps - handmade leather straps, ships worldwide",
}


def _thread(signature_box: str) -> str:
    posts = "".join(
        f'<article class="message"><div class="message-attribution"><a href="/members/{who}">{who}</a>'
        f" <time>Nov 2, 2026</time> #{number}</div>"
        f'<div class="message-body"><p>{words}</p></div>'
        f"{signature_box.format(text=_SIGNATURES[who])}</article>"
        for number, (who, words) in enumerate(_POSTS, start=1)
    )
    return (
        "<html><body><main><h1>Small divers in 2027?</h1>"
        f"{posts}</main><footer><p>Watch talk forums</p></footer></body></html>"
    )


@pytest.mark.parametrize(
    "signature_box",
    [
        '<aside class="message-signature signature-collapsed"><div class="bbWrapper">{text}</div></aside>',
        '<div class="signature" id="sig4821">{text}</div>',
        '<div class="ipsEntry__signature ipsResponsive_hidePhone"><p>{text}</p></div>',
        '<div class="DiscussionBoard-signature">{text}</div>',
    ],
)
def test_each_member_s_signature_leaves_the_thread_its_posts_and_authors_stay(signature_box: str) -> None:
    run, written = cut_candidates(_thread(signature_box), URL)
    whole_page = run(profiles.WHOLE_PAGE)

    assert "SIG-" not in whole_page
    assert "SIG-" not in run(profiles.RESILIPARSE)
    for who, words in _POSTS:
        assert words in whole_page
        assert who in whole_page
    # trafilatura and readability read the page as written: they weigh such blocks themselves.
    assert "SIG-TIDE" in written


def test_an_author_card_named_for_a_signature_stays() -> None:
    # Stack Exchange's "post-signature" is each post's author line, which a thread keeps.
    root = tree(
        "<p>Use the keyboard shortcut F6 to move the focus to the files pane.</p>"
        '<div class="post-signature owner"><div class="user-info"><div class="user-action-time">asked '
        '<span class="relativetime">Jun 29, 2012</span></div><div class="user-details">'
        '<a href="/users/1">pup</a></div></div></div>'
    )

    assert named_boxes_out(root, (SIGNATURES,)) == 0
    assert "asked Jun 29, 2012" in text(root)
    assert "pup" in text(root)


def test_only_the_class_names_a_signature() -> None:
    # A wiki makes a heading's id from its words: the heading is about signatures, not one.
    root = tree('<h3 id="Invalid_or_corrupted_package_(PGP_signature)">Invalid or corrupted package</h3>')

    assert named_boxes_out(root, (SIGNATURES,)) == 0


def test_a_box_longer_than_a_signature_stays() -> None:
    words = " ".join(["rotor"] * (MAX_WORDS + 1))
    root = tree(f'<div class="with-signature"><p>{words}</p></div><div class="signature">short</div>')

    assert named_boxes_out(root, (SIGNATURES,)) == 1
    assert text(root) == words


def test_a_post_filed_under_a_term_naming_signatures_stays() -> None:
    root = tree('<div class="post type-post category-signature-dishes"><p>Our braised lamb, six hours slow.</p></div>')

    assert named_boxes_out(root, (SIGNATURES,)) == 0
