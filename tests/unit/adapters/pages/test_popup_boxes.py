"""Popups the markup names leave the tree the whole page and Resiliparse read; a long section so named stays."""

from __future__ import annotations

import pytest

from adapters.pages import profiles
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.popup_boxes import MAX_WORDS, POPUPS
from tests.unit.adapters.pages.page_trees import cut_candidates, text, tree


@pytest.mark.parametrize(
    "popup",
    [
        '<div class="product-popup"><p>Get reward points</p></div>',
        '<div id="size-guide-modal"><h3>Size guide</h3><p>S 36-38, M 40-42</p></div>',
        '<div class="lightbox"><button>Close</button><p>Photo 1 of 12</p></div>',
        '<div class="ModalContent_root__x"><p>Want early access? Enter your email.</p></div>',
        '<div class="a-popover-preload"><p>Found a lower price? Let us know.</p></div>',
        '<div class="iPushNotificationsPromptPopover"><p>Configure browser push notifications</p></div>',
    ],
)
def test_a_box_named_as_a_popup_goes(popup: str) -> None:
    root = tree(f"<p>The product.</p>{popup}")

    assert named_boxes_out(root, (POPUPS,)) == 1
    assert text(root) == "The product."


def test_a_long_section_a_script_opens_stays() -> None:
    words = " ".join(["chapter"] * (MAX_WORDS + 1))
    root = tree(f'<section class="modal-reader"><p>{words}</p></section>')

    assert named_boxes_out(root, (POPUPS,)) == 0


def test_names_that_only_hold_the_letters_stay() -> None:
    root = tree('<div class="modality-options">In person or online.</div><div class="popoverly">Ours.</div>')

    assert named_boxes_out(root, (POPUPS,)) == 0


def test_the_whole_page_no_longer_reads_a_popup_but_trafilatura_still_does() -> None:
    story = "The county opened the rebuilt bridge over the mill race on Tuesday, two years after the flood. " * 4
    page = (
        f"<html><body><main><h1>The bridge</h1><p>{story}</p>"
        '<div class="size-guide-popup"><p>Chest sizes run from thirty six to forty two inches</p></div>'
        "</main></body></html>"
    )
    run, _ = cut_candidates(page, "https://news.example/bridge")

    assert "thirty six to forty two" not in run(profiles.WHOLE_PAGE)
    assert "rebuilt bridge" in run(profiles.WHOLE_PAGE)
    assert "thirty six to forty two" in run(profiles.TRAFILATURA_RECALL)
