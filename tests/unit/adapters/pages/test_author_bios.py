"""The box about the author is not the article: out before extraction; the byline and a team page stay."""

from __future__ import annotations

from adapters.pages.author_bios import AUTHOR_BIOS, MAX_WORDS
from adapters.pages.html_article import html_to_article
from adapters.pages.named_boxes import named_boxes_out
from tests.unit.adapters.pages.page_trees import NEWS_STORY, NEWS_URL, text, tree

ARTICLE = f"""<!doctype html><html><head><title>The bridge is open</title></head><body>
<article>
<h1>The bridge over the mill race is open again</h1>
<p class="byline">By Ada Marsh</p>
<p>{NEWS_STORY * 3}</p>
<div class="author-bio"><h3>About the author</h3>
<p>Ada Marsh covers the county council and its roads for the Valley News, and has lived by the mill race
for twenty years.</p></div>
</article></body></html>"""


def test_the_author_s_biography_under_the_story_is_not_in_the_agent_s_text() -> None:
    article = html_to_article(ARTICLE, NEWS_URL)

    assert "two years after the spring flood" in article.markdown
    assert "covers the county council" not in article.markdown


def test_the_byline_stays() -> None:
    root = tree('<p class="byline">By Ada Marsh</p><div class="c-biography">Ada covers roads.</div>')

    assert named_boxes_out(root, (AUTHOR_BIOS,)) == 1
    assert text(root) == "By Ada Marsh"


def test_a_team_page_s_long_biographies_stay() -> None:
    words = " ".join(["engineer"] * (MAX_WORDS + 1))
    root = tree(f'<section class="team-bios"><p>{words}</p></section>')

    assert named_boxes_out(root, (AUTHOR_BIOS,)) == 0


def test_names_that_only_hold_the_letters_stay() -> None:
    root = tree('<div class="biome-map">Tundra and taiga.</div><div class="antibiotics">Penicillin.</div>')

    assert named_boxes_out(root, (AUTHOR_BIOS,)) == 0
