"""Links offering to edit or report the page are not its text: out before extraction."""

from __future__ import annotations

import pytest

from adapters.pages.edit_links import edit_links_out
from adapters.pages.html_article import html_to_article
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://docs.example/guide/install"

GUIDE = """<!doctype html><html><head><title>Installing</title></head><body>
<main><h1>Installing the client</h1>
<p>The client runs on any machine with Python 3.11 or later. Install it into a virtual environment of
its own so its dependencies do not meet those of your other tools, then check the version it reports.</p>
<h2>Upgrading <span class="editsection">[<a href="/w/index.php?action=edit&amp;section=2">edit</a>]</span></h2>
<p>Upgrading keeps your settings: the new version reads the old file and writes it back in the new
format the first time it starts, and keeps a copy of the old one beside it.</p>
<div class="page-footer"><a href="https://git.example/docs/edit/main/install.md">Edit this page</a></div>
</main></body></html>"""


def test_edit_links_and_their_brackets_are_not_in_the_agent_s_text() -> None:
    article = html_to_article(GUIDE, URL)

    assert "Upgrading keeps your settings" in article.markdown
    assert "Edit this page" not in article.markdown
    assert "edit" not in article.markdown.replace("editor", "")
    assert "[]" not in article.markdown


@pytest.mark.parametrize(
    "link",
    [
        '<a href="/docs/page.md">Edit this page</a>',
        '<a href="https://git.example/x/blob/main/a.md">Edit on GitHub</a>',
        '<a href="/suggest">Suggest an edit</a>',
        '<a href="/feedback">Improve this page</a>',
        '<a href="/w/index.php?title=A&amp;action=edit">View source</a>',
        '<a href="/corrections">Submit correction</a>',
        '<a href="/issues/new">Report an issue</a>',
        '<a href="/w/index.php?title=A&amp;action=edit&amp;section=1">edit</a>',
        '<a href="https://git.example/docs/edit/main/a.md">Edit</a>',
    ],
)
def test_a_link_offering_to_edit_or_report_the_page_goes(link: str) -> None:
    root = tree(f"<p>The page.</p><div>{link}</div>")

    assert edit_links_out(root) == 1
    assert text(root) == "The page."


@pytest.mark.parametrize(
    "link",
    [
        '<a href="/reference/menus/Edit">Edit</a>',  # a manual's page about its Edit menu
        '<a href="/guide/editing">Editing your profile</a>',
        '<a href="/posts/how-to-edit-this-page">How to edit this page in the new editor</a>',
    ],
)
def test_links_about_editing_stay(link: str) -> None:
    root = tree(f"<p>See {link} for more.</p>")
    before = text(root)

    assert edit_links_out(root) == 0
    assert text(root) == before


def test_a_sentence_around_the_link_stays_with_its_words() -> None:
    root = tree('<p>Found a mistake? <a href="/docs/page.md">Edit this page</a> and send it to us.</p>')

    edit_links_out(root)

    assert text(root) == "Found a mistake? and send it to us."
