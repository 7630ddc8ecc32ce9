"""Several kinds of named boxes found in one walk: each kind's bound, and boxes two kinds share."""

from __future__ import annotations

from adapters.pages.breadcrumbs import BREADCRUMBS
from adapters.pages.error_messages import ERROR_MESSAGES
from adapters.pages.list_controls import LIST_CONTROLS
from adapters.pages.named_boxes import NamedBox, named_boxes_out
from adapters.pages.reader_prompts import PROMPTS
from adapters.pages.recommendation_boxes import RECOMMENDATION_BOXES
from tests.unit.adapters.pages.page_trees import text, tree

ALL = (ERROR_MESSAGES, PROMPTS, BREADCRUMBS, LIST_CONTROLS)


def test_one_walk_removes_each_kind_and_keeps_the_page() -> None:
    root = tree(
        '<div class="breadcrumbs"><a href="/">Home</a></div>'
        "<p>The page's own words.</p>"
        '<div class="form-error">Something went wrong.</div>'
        '<div class="signup-box">Join the list.</div>'
        '<ul class="pagination"><li><a href="?p=2">2</a></li></ul>'
    )

    assert named_boxes_out(root, ALL) == 4
    assert text(root) == "The page's own words."


def test_an_element_two_kinds_name_is_removed_once() -> None:
    root = tree('<p>Kept.</p><div class="breadcrumb-pagination">Home 1 2 3</div>')

    assert named_boxes_out(root, (BREADCRUMBS, LIST_CONTROLS)) == 1
    assert text(root) == "Kept."


def test_a_box_inside_one_another_kind_removed_is_not_counted_again() -> None:
    root = tree('<p>Kept.</p><div class="subscribe-box">Join <span class="breadcrumbs">Home</span></div>')

    assert named_boxes_out(root, (PROMPTS, BREADCRUMBS)) == 1
    assert text(root) == "Kept."


def test_each_kind_keeps_its_own_bound() -> None:
    short = NamedBox(("note",), lambda _, given: "note" in given, 3)
    root = tree('<div class="note">one two three four</div><div class="note">one two</div>')

    assert named_boxes_out(root, (short,)) == 1
    assert text(root) == "one two three four"


def test_names_without_the_letters_are_not_split() -> None:
    called: list[str] = []

    def is_named(_: object, given: str) -> bool:
        called.append(given)
        return False

    kind = NamedBox(("crumb",), is_named, 10)
    named_boxes_out(tree('<div class="hero">A</div><div class="crumbly">B</div>'), (kind,))

    assert called == ["crumbly"]


def test_a_post_filed_under_a_term_that_names_a_box_is_not_that_box() -> None:
    # Blog engines write a post's categories and tags as classes of the post's own element.
    root = tree(
        '<div class="post-41 post type-post status-publish hentry category-recommended tag-breadcrumbs">'
        "<p>Our picks for the spring garden.</p></div>"
        '<div class="category-header__breadcrumb"><a href="/">Home</a></div>'
    )

    assert named_boxes_out(root, (RECOMMENDATION_BOXES, BREADCRUMBS)) == 1
    assert text(root) == "Our picks for the spring garden."
